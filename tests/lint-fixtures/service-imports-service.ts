// lint-as: server/services/graphql/checkout/service-imports-service.ts
// The commerce API imports the payment provider's internals: services meet only by contract.
import { paymentsDb } from '../../payments/db'

export const demoDb = paymentsDb

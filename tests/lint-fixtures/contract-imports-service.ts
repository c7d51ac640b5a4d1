// lint-as: server/contracts/contract-imports-service.ts
// A contract module depends on one side's internals: forbidden.
import { closedReason } from '../services/payments/sessions'

export const demoReason = closedReason

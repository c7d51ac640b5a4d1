// lint-as: server/ssr/ssr-imports-service.ts
// The storefront server calls into a service's code instead of its HTTP contract: forbidden.
import { marketType } from '../services/graphql/catalogue/channel'

export const demoMarket = marketType

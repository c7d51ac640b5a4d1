// lint-as: server/ssr/server-imports-storefront.ts
// server/ imports storefront code outside src/shared/: forbidden.
import { createApolloClient } from '../../src/app/apollo'

export const demoClient = createApolloClient

import type { ResolverModule } from '../resolver-types'

/** The orders area's resolvers (owned by the cart/checkout/orders work). */
export const resolvers: ResolverModule = {}

import type { ResolverModule } from '../resolver-types'

/** The checkout area's resolvers (owned by the cart/checkout/orders work). */
export const resolvers: ResolverModule = {}

/**
 * The cart as the Cart fragment (graphql/operations/cart-fragment.graphql) selects it: names for
 * parts of the generated fragment type (src/graphql/generated.ts, `npm run codegen`).
 */
import type { CartFragment, CartPriceFragment } from '../../graphql/generated'
import type { ListItem } from '../../graphql/list-items'

export type CartPrice = CartPriceFragment
export type CartItem = ListItem<CartFragment['items']>
export type CartProduct = NonNullable<CartItem['product']>
export type CartSkuStock = NonNullable<ListItem<CartProduct['skus']>['stock']>
export type CartCampaign = ListItem<CartFragment['appliedCampaigns']>
export type CartSummaryView = NonNullable<CartFragment['summary']>
/** Lumo extension of CartType: the market's minimum order value (null when it has none). */
export type CartMinimumOrderValue = NonNullable<CartFragment['minimumOrderValue']>

/** The cart with its missing lines left out (see cartOf in api.ts). */
export type CartView = Omit<CartFragment, 'items' | 'id'> & { id: string; items: CartItem[] }

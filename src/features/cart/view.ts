/**
 * A Cart fragment answer as the storefront keeps it, whichever operation brought it (getCart, a
 * cart change, the checkout preview's cart): an id, and the lines that are there.
 */
import type { CartFragment } from '../../graphql/generated'
import { listItems } from '../../graphql/list-items'
import type { CartView } from './types'
import type { CartData } from './slice'

/**
 * Throws a plain Error when there is no cart: every caller turns it into a CartApiError without a
 * code (toCartApiError), a failure that is not a lost cart. (Not CartApiError here, so the cart's
 * error module need not split off into a chunk of its own on pages that only show the cart.)
 */
export function cartView(cart: CartFragment | null | undefined, operation: string): CartView {
  if (!cart?.id) throw new Error(`The API returned no cart (${operation})`)
  return { ...cart, id: cart.id, items: listItems(cart.items) }
}

/** The cart view as the cart slice stores it (the slice types only the fields its rules read). */
export function asCartData(cart: CartView): CartData {
  return cart
}

/**
 * A Cart fragment answer as the storefront keeps it, whichever operation brought it (getCart, a
 * cart change, the checkout preview's cart): an id, and the lines that are there.
 */
import type { CartFragment } from '../../graphql/generated'
import { listItems } from '../../graphql/list-items'
import type { CartView } from './types'
import type { CartData } from './slice'
import { CartApiError } from './errors'

export function cartView(cart: CartFragment | null | undefined, operation: string): CartView {
  if (!cart?.id) throw new CartApiError(`The API returned no cart (${operation})`, null)
  return { ...cart, id: cart.id, items: listItems(cart.items) }
}

/** The cart view as the cart slice stores it (the slice types only the fields its rules read). */
export function asCartData(cart: CartView): CartData {
  return cart as unknown as CartData
}

/**
 * docs/product-rules.md#loyalty cart events for the loyalty analytics: the cart on every change this tab makes, an
 * empty cart when a removal leaves no items, on a purchase and on logout (that one is sent by the
 * logout itself, while the session still names the customer: src/features/auth/thunks.ts).
 */
import type { CartData } from '../cart/slice'
import type { CartEvent } from './api'

export function cartEventItems(cart: CartData | null): { skuId: number; quantity: number }[] {
  return (cart?.items ?? [])
    .map((item) => ({ skuId: Number(item.skuId), quantity: item.quantity }))
    .filter((item) => Number.isInteger(item.skuId) && item.skuId > 0 && item.quantity > 0)
}

/** The loyalty event for a shop event, or null when the shop event is not a cart change. */
export function cartEventFor(type: string, cart: CartData | null, market: string): CartEvent | null {
  if (type === 'checkout:purchase') return { kind: 'empty-cart', reason: 'purchase', market }
  if (type !== 'cart:add' && type !== 'cart:remove') return null
  const items = cartEventItems(cart)
  const reason = type === 'cart:add' ? 'add' : 'remove'
  if (items.length === 0) return { kind: 'empty-cart', reason, market }
  return { kind: 'cart', reason, market, items }
}

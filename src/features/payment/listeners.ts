/**
 * What follows a confirmed order in the browser (DESIGN §5: side effects in listeners): the
 * completed cart is dropped so the shopper starts a new, empty one, and the purchase goes to the
 * data layer once per order — the order ids already sent are remembered in local storage, so a
 * reload or a second visit of the confirmation page does not count the purchase twice.
 */
import type { AppStore } from '../../app/store'
import { cartEmptied } from '../cart/slice'
import { shopEventRecorded } from '../events/slice'
import { orderConfirmationHandled, orderConfirmed, type OrderConfirmedPayload } from './slice'

export const PURCHASES_SENT_KEY = 'lumo-purchases-sent'
/** Enough to cover any shopper's recent orders; the oldest ids drop out first. */
export const PURCHASES_REMEMBERED = 50

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>

function sentOrders(storage: Storage | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(PURCHASES_SENT_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** Records the order as sent; false when it already was. */
export function claimPurchase(storage: Storage | null, publicId: string): boolean {
  const sent = sentOrders(storage)
  if (sent.includes(publicId)) return false
  try {
    storage?.setItem(PURCHASES_SENT_KEY, JSON.stringify([...sent, publicId].slice(-PURCHASES_REMEMBERED)))
  } catch {
    // storage full or disabled: the event still goes out this time
  }
  return true
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/**
 * Handles the confirmation in the state now (the page's effect may run before this listener is
 * registered: child effects run first) and every later one.
 */
export function startOrderConfirmation(store: AppStore, storage: Storage | null = localStorageOrNull()) {
  const handle = (confirmation: OrderConfirmedPayload) => {
    const { publicId, cartId, purchase } = confirmation
    store.dispatch(orderConfirmationHandled())
    if (store.getState().cart.id === cartId) store.dispatch(cartEmptied())
    if (!claimPurchase(storage, publicId)) return
    store.dispatch(shopEventRecorded({ type: 'checkout:purchase', payload: { ...purchase } }))
  }
  const pending = store.getState().payment.confirmation
  if (pending) handle(pending)
  return store.startListening({
    actionCreator: orderConfirmed,
    effect: (action) => handle(action.payload),
  })
}

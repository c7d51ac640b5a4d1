/**
 * The checkout's analytics (GA4 begin_checkout, add_shipping_info, add_payment_info; issue #13):
 * begin_checkout once per visit of the checkout page, after its page impression and as soon as the
 * shopper's cart is loaded (the server leaves the cart to the browser, so this is the browser's);
 * a page impression of another page ends the visit. The shipping and payment
 * events when the shopper picks an option. Items are the cart's lines (article number, price,
 * size), the option's name its shipping tier or payment type.
 */
import type { AppStore, RootState } from '../../app/store'
import { listItems } from '../../graphql/list-items'
import { cartEventLine } from '../events/payload'
import { shopEventRecorded } from '../events/slice'
import type { CartView } from '../cart/types'
import { paymentSelected, shippingSelected } from './slice'

const CHECKOUT_ROUTE = 'checkout'

function cartLines(state: RootState) {
  const cart = state.cart.data as CartView | null
  return (cart?.items ?? []).map(cartEventLine)
}

export function startCheckoutAnalytics(store: AppStore): () => void {
  let recordedThisVisit = false
  const recordBegin = () => {
    const state = store.getState()
    if (state.global.currentRouteName !== CHECKOUT_ROUTE) {
      recordedThisVisit = false
      return
    }
    if (recordedThisVisit || state.cart.status !== 'loaded') return
    const items = cartLines(state)
    if (items.length === 0) return
    recordedThisVisit = true
    store.dispatch(shopEventRecorded({ type: 'checkout:impression', payload: { items } }))
  }
  recordBegin()
  const stops = [
    // after the checkout's own page impression (so begin_checkout follows its page_view), or
    // when the cart arrives later
    store.startListening({
      predicate: (action, current, previous) =>
        (shopEventRecorded.match(action) && action.payload.type === 'page:impression') ||
        current.cart.data !== previous.cart.data,
      effect: recordBegin,
    }),
    store.startListening({
      actionCreator: shippingSelected,
      effect: (action, api) => {
        const state = api.getState()
        const option = listItems(state.checkout.options?.shippingOptions).find(
          (candidate) => String(candidate.id) === action.payload,
        )
        if (!option) return
        api.dispatch(
          shopEventRecorded({
            type: 'checkout:shipping',
            payload: { items: cartLines(state), shippingTier: option.displayName ?? String(option.id) },
          }),
        )
      },
    }),
    store.startListening({
      actionCreator: paymentSelected,
      effect: (action, api) => {
        const state = api.getState()
        const option = listItems(state.checkout.options?.paymentOptions).find(
          (candidate) => String(candidate.id) === action.payload,
        )
        if (!option) return
        api.dispatch(
          shopEventRecorded({
            type: 'checkout:payment',
            payload: { items: cartLines(state), paymentType: option.displayName ?? String(option.id) },
          }),
        )
      },
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

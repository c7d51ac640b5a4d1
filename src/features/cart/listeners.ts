/**
 * The cart's browser-side effects (DESIGN §5: in listener middleware, not in components):
 * - loads the cart whenever the state asks for it (`status: 'loading'`: the server could not
 *   load it, or the checkout market changed, spec §4), with the spec's retry rule;
 * - drops a cart cookie the server found unusable (a completed or unknown cart);
 * - records cart:add / cart:remove shop events for this tab's own changes (analytics), and lets
 *   the loyalty voucher rule check the new promo code;
 * - records spec §4's 'cart changed' (item count, shipping fee, total, shipping default) and
 *   'items changed' (regular subtotal, promo code) messages for every new cart, this tab's or
 *   another's, with `fromOtherTab` so the toast can tell the shopper about the other one's;
 * - records cart:view (GA4 view_cart) when the shopper opens the mini-cart.
 * The cookie write and the broadcast to other tabs are the shop-wide listeners'
 * (src/app/client/listeners.ts, broadcast.ts), keyed on `cartLoaded` / `cartEmptied`.
 */
import type { AppStore } from '../../app/store'
import { COOKIES, deleteCookie, readCookie } from '../../shared/cookies'
import { isFromOtherTab } from '../../app/client/broadcast'
import { shopEventRecorded } from '../events/slice'
import { voucherIdChecked } from '../loyalty/slice'
import { lineChanges } from './rules'
import { cartChanged, cartDrawerOpened, cartItemsChanged, cartLoaded } from './slice'
import { cartEventLine } from '../events/listeners'
import type { GetCartApollo } from './thunks'
import type { CartView } from './types'

export function startCartSync(store: AppStore, getApollo: GetCartApollo): () => void {
  let loading = false
  const load = () => {
    if (loading) return
    loading = true
    // the cart's operations are a chunk of their own: most pages never need to load the cart
    void import('./thunks')
      .then(({ reloadCart }) => store.dispatch(reloadCart(getApollo)))
      .finally(() => {
        loading = false
      })
  }

  const { cart } = store.getState()
  if (cart.status === 'loading') load()
  else if (cart.status === 'empty' && readCookie(COOKIES.cart) !== undefined) deleteCookie(COOKIES.cart)

  const stops = [
    store.startListening({
      predicate: (_action, current, previous) =>
        current.cart.status === 'loading' && previous.cart.status !== 'loading',
      effect: () => load(),
    }),
    store.startListening({
      actionCreator: cartLoaded,
      effect: (action, api) => {
        api.dispatch(voucherIdChecked(action.payload.promoCode ?? null))
        const fromOtherTab = isFromOtherTab(action)
        const original = api.getOriginalState().cart.data
        // a first load is not a change the shopper made or needs to hear about
        if (original && original.id === action.payload.id) {
          if (cartChanged(original, action.payload))
            api.dispatch(shopEventRecorded({ type: 'cart:changed', payload: { fromOtherTab } }))
          if (cartItemsChanged(original, action.payload))
            api.dispatch(shopEventRecorded({ type: 'cart:items-changed', payload: { fromOtherTab } }))
        }
        if (fromOtherTab) return
        const before = original as CartView | null
        const after = action.payload as unknown as CartView
        if (!before || before.id !== after.id) return
        for (const change of lineChanges(before, after)) {
          const line = cartEventLine(change.item)
          api.dispatch(
            shopEventRecorded({
              type: change.delta > 0 ? 'cart:add' : 'cart:remove',
              payload: { ...line, quantity: Math.abs(change.delta), skuId: change.skuId },
            }),
          )
        }
      },
    }),
    store.startListening({
      actionCreator: cartDrawerOpened,
      effect: (_action, api) => {
        const items = (api.getState().cart.data as CartView | null)?.items ?? []
        api.dispatch(shopEventRecorded({ type: 'cart:view', payload: { items: items.map(cartEventLine) } }))
      },
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

/**
 * The cart's browser-side effects (DESIGN §5: in listener middleware, not in components):
 * - loads the cart whenever the state asks for it (`status: 'loading'`: the server could not
 *   load it, or the checkout market changed, spec §4), with the spec's retry rule;
 * - drops a cart cookie the server found unusable (a completed or unknown cart);
 * - records cart:add / cart:remove shop events for this tab's own changes (analytics), and lets
 *   the loyalty voucher rule check the new promo code.
 * The cookie write and the broadcast to other tabs are the shop-wide listeners'
 * (src/app/client/listeners.ts, broadcast.ts), keyed on `cartLoaded` / `cartEmptied`.
 */
import type { AppStore } from '../../app/store'
import { COOKIES, deleteCookie, readCookie } from '../../shared/cookies'
import { isFromOtherTab } from '../../app/client/broadcast'
import { shopEventRecorded } from '../events/slice'
import { voucherIdChecked } from '../loyalty/slice'
import { lineChanges } from './rules'
import { cartLoaded } from './slice'
import { reloadCart, type GetCartApollo } from './thunks'
import type { CartView } from './types'

export function startCartSync(store: AppStore, getApollo: GetCartApollo): () => void {
  let loading = false
  const load = () => {
    if (loading) return
    loading = true
    void store.dispatch(reloadCart(getApollo)).finally(() => {
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
        if (isFromOtherTab(action)) return
        const before = api.getOriginalState().cart.data as CartView | null
        const after = action.payload as unknown as CartView
        if (!before || before.id !== after.id) return
        for (const change of lineChanges(before, after)) {
          api.dispatch(
            shopEventRecorded({
              type: change.delta > 0 ? 'cart:add' : 'cart:remove',
              payload: {
                product: change.item.product,
                quantity: Math.abs(change.delta),
                skuId: change.skuId,
              },
            }),
          )
        }
      },
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

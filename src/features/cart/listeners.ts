/**
 * The cart's browser-side effects (DESIGN §5: in listener middleware, not in components):
 * - loads the cart whenever the state asks for it (`status: 'loading'`: the server could not
 *   load it, or the checkout market changed, docs/product-rules.md#cart), with the spec's retry rule;
 * - drops a cart cookie the server found unusable (a completed or unknown cart), and loads one
 *   made after the page was rendered (another tab, a sign-in elsewhere);
 * - records cart:add / cart:remove shop events for this tab's own changes (analytics), and lets
 *   the loyalty voucher rule check the new promo code;
 * - records docs/product-rules.md#cart's 'cart changed' (item count, shipping fee, total, shipping default) and
 *   'items changed' (regular subtotal, promo code) messages for every new cart, this tab's or
 *   another's, with `fromOtherTab` so the toast can tell the shopper about the other one's;
 * - records cart:view (GA4 view_cart) when the shopper opens the mini-cart;
 * - at a login in this tab, takes the account's cart merged with this device's (ADR 0057); a
 *   logout empties the device's cart (the slice and the shop-wide listeners).
 * The cookie write and the broadcast to other tabs are the shop-wide listeners'
 * (src/app/client/listeners.ts, broadcast.ts), keyed on `cartLoaded` / `cartEmptied`.
 */
import type { AppStore, RootState } from '../../app/store'
import type { MissedAction } from '../../app/client/on-demand'
import { COOKIES, deleteCookie, readCookie } from '../../shared/cookies'
import { isFromOtherTab } from '../../app/client/broadcast'
import { shopEventRecorded } from '../events/slice'
import { voucherIdChecked } from '../loyalty/slice'
import { lineChanges } from './rules'
import {
  cartChanged,
  cartDrawerOpened,
  cartItemsChanged,
  cartLoaded,
  cartRestored,
  strayCartCookie,
} from './slice'
import { cartEventLine } from '../events/payload'
import { connected } from '../auth/slice'
import type { GetCartApollo } from './thunks'

/** The shop events of a new cart (this tab's or another's), against the cart before it. */
function recordCartChanges(store: AppStore, action: ReturnType<typeof cartLoaded>, before: RootState): void {
  store.dispatch(voucherIdChecked(action.payload.promoCode ?? null))
  const fromOtherTab = isFromOtherTab(action)
  const original = before.cart.data
  // a first load is not a change the shopper made or needs to hear about
  if (original && original.id === action.payload.id) {
    if (cartChanged(original, action.payload))
      store.dispatch(shopEventRecorded({ type: 'cart:changed', payload: { fromOtherTab } }))
    if (cartItemsChanged(original, action.payload))
      store.dispatch(shopEventRecorded({ type: 'cart:items-changed', payload: { fromOtherTab } }))
  }
  if (fromOtherTab) return
  const after = action.payload
  if (!original || original.id !== after.id) return
  for (const change of lineChanges(original, after)) {
    const line = cartEventLine(change.item)
    store.dispatch(
      shopEventRecorded({
        type: change.delta > 0 ? 'cart:add' : 'cart:remove',
        payload: { ...line, quantity: Math.abs(change.delta), skuId: change.skuId },
      }),
    )
  }
}

function recordCartView(store: AppStore): void {
  const items = store.getState().cart.data?.items ?? []
  store.dispatch(shopEventRecorded({ type: 'cart:view', payload: { items: items.map(cartEventLine) } }))
}

/**
 * Starts the cart's effects. `missed`: the actions dispatched before this chunk arrived (see
 * src/app/client/on-demand.ts), handled first as the listeners below would have.
 */
export function startCartSync(
  store: AppStore,
  getApollo: GetCartApollo,
  missed: readonly MissedAction[] = [],
): () => void {
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

  // a login in this tab (not a token refresh, not another tab's login, whose cart arrives by
  // broadcast): the account's cart, merged with this device's, becomes this device's cart
  const adoptOnLogin = (action: ReturnType<typeof connected>, before: RootState) => {
    if (isFromOtherTab(action) || before.auth.user?.id === action.payload.user.id) return
    void import('./thunks').then(({ adoptAccountCart }) => store.dispatch(adoptAccountCart(getApollo)))
  }

  for (const { action, previous } of missed) {
    if (cartLoaded.match(action)) recordCartChanges(store, action, previous)
    else if (connected.match(action)) adoptOnLogin(action, previous)
    else if (cartDrawerOpened.match(action)) recordCartView(store)
  }
  const cookie = readCookie(COOKIES.cart)
  const stray = strayCartCookie(store.getState().cart, cookie)
  if (stray === 'drop') deleteCookie(COOKIES.cart)
  // a cart made after this page was rendered (another tab, a sign-in elsewhere): this page takes it
  else if (stray === 'load') store.dispatch(cartRestored(cookie!))
  if (store.getState().cart.status === 'loading') load()

  const stops = [
    store.startListening({
      predicate: (_action, current, previous) =>
        current.cart.status === 'loading' && previous.cart.status !== 'loading',
      effect: () => load(),
    }),
    store.startListening({
      actionCreator: connected,
      effect: (action, api) => adoptOnLogin(action, api.getOriginalState()),
    }),
    store.startListening({
      actionCreator: cartLoaded,
      effect: (action, api) => recordCartChanges(store, action, api.getOriginalState()),
    }),
    store.startListening({
      actionCreator: cartDrawerOpened,
      effect: () => recordCartView(store),
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

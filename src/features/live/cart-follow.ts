/**
 * A signed-in customer's cart follows them across devices (issue #13 item 2, ADR 0036): while a
 * customer is signed in, the page subscribes to `cartChanged`, and a change made on any other
 * device (or tab, or by the shop) arrives here as the cart getCart would answer. The store takes
 * it through the cart's own actions, so the badge, the drawer, the cookie and the 'cart changed'
 * messages follow as for any cart update; the action is marked as coming from elsewhere, like an
 * other tab's, so it records no add-to-cart events of this device's and is not sent on again.
 * The cart that changed last is the customer's cart on every device; a completed one empties it.
 *
 * A connection's identity is the session cookie of its handshake, so a login, a logout or a
 * switch of account opens a new connection. Loaded lazily, and only once someone signs in.
 */
import type { Client } from 'graphql-ws'
import cartFragmentSource from '../../../graphql/operations/cart-fragment.graphql?raw'
import source from '../../graphql/operations/live-cart'
import type { AppStore, RootState } from '../../app/store'
import type { LiveCartSubscription, LiveCartSubscriptionVariables } from '../../graphql/generated'
import { listItems } from '../../graphql/list-items'
import { apiScope } from '../../shared/markets'
import { cartEmptied, cartLoaded } from '../cart/slice'
import { asCartData } from '../cart/view'
import { createLiveClient, subscribeLive } from './client'

type CartChange = LiveCartSubscription['cartChanged']

/** The same mark a change from another tab carries (src/app/client/broadcast.ts). */
const FROM_ELSEWHERE = { fromOtherTab: true } as const

function followKey(state: RootState): string | null {
  const user = state.auth.user
  return user ? `${user.id}|${state.channel.checkoutMarket}|${state.channel.locale}` : null
}

export function applyCartChange(store: AppStore, change: CartChange): void {
  if (!change.cart) {
    if (store.getState().cart.id === change.cartId) store.dispatch({ ...cartEmptied(), meta: FROM_ELSEWHERE })
    return
  }
  const cart = { ...change.cart, id: change.cart.id ?? change.cartId, items: listItems(change.cart.items) }
  store.dispatch({ ...cartLoaded(asCartData(cart)), meta: FROM_ELSEWHERE })
}

export function startLiveCart(store: AppStore, connect: () => Client = () => createLiveClient()): () => void {
  let client: Client | null = null
  let stopSubscription: (() => void) | null = null
  let followed: string | null = null

  const close = () => {
    stopSubscription?.()
    stopSubscription = null
    void client?.dispose()
    client = null
  }

  const follow = () => {
    const state = store.getState()
    const key = followKey(state)
    if (key === followed) return
    close()
    followed = key
    if (!key) return
    const variables: LiveCartSubscriptionVariables = apiScope(
      state.channel.checkoutMarket,
      state.channel.locale,
    )
    client = connect()
    stopSubscription = subscribeLive<LiveCartSubscription>(
      client,
      { query: `${source}\n${cartFragmentSource}`, variables },
      (data) => applyCartChange(store, data.cartChanged),
    )
  }

  follow()
  const stopListening = store.startListening({
    predicate: (_action, current, previous) => followKey(current) !== followKey(previous),
    effect: () => follow(),
  })
  return () => {
    stopListening()
    close()
  }
}

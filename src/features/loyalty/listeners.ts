/**
 * The loyalty feature's browser effects (docs/product-rules.md#loyalty):
 * - an authenticated user triggers a contact sync with the loyalty service (get-contact), whose
 *   answer fills the loyalty state; a visitor's discovery key (the search session's customer key,
 *   in its cookie) is handed to the service once per page load;
 * - cart changes, purchases and emptied carts go to the service as cart events.
 * The service's client is a chunk of its own, loaded by the first call: a visitor who neither
 * signs in nor changes the cart never downloads it.
 */
import type { AppStore } from '../../app/store'
import { COOKIES, readCookie } from '../../shared/cookies'
import { MARKETS } from '../../shared/markets'
import { shopEventRecorded } from '../events/slice'
import { cartEventFor } from './cart-events'
import { contactLoaded } from './slice'

const loyaltyApi = () => import('./api')

export function startLoyaltySync(store: AppStore): () => void {
  let syncedUser: string | null = null
  const syncContact = () => {
    const { auth, channel } = store.getState()
    const user = auth.user
    if (!user || user.id === syncedUser) return
    syncedUser = user.id
    void loyaltyApi()
      .then(({ getContact }) =>
        getContact({ email: user.email, countryCode: MARKETS[channel.currentMarket].countryCode }),
      )
      .then((contact) => {
        if (contact && store.getState().auth.user?.id === user.id) store.dispatch(contactLoaded(contact))
      })
  }
  syncContact()
  const discoveryKey = readCookie(COOKIES.loyaltyDiscovery)
  if (discoveryKey) void loyaltyApi().then(({ setDiscoveryKey }) => setDiscoveryKey(discoveryKey))

  const stops = [
    store.startListening({
      predicate: (_action, current, previous) => current.auth.user?.id !== previous.auth.user?.id,
      effect: () => {
        if (!store.getState().auth.user) syncedUser = null
        syncContact()
      },
    }),
    store.startListening({
      actionCreator: shopEventRecorded,
      effect: (action, api) => {
        const state = api.getState()
        const event = cartEventFor(action.payload.type, state.cart.data, state.channel.checkoutMarket)
        if (event) void loyaltyApi().then(({ sendCartEvent }) => sendCartEvent(event))
      },
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

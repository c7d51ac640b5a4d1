/**
 * Client-only side effects of state changes (DESIGN §5: side effects live in listener
 * middleware): the cookies of docs/product-rules.md#shop-wide-behaviour follow the state, favourites are kept in local storage and
 * synced to other tabs, and shop events go to the data layer. Registered once per page by
 * useClientBehaviours; returns one cleanup for all.
 */
import { startSearchNotifications } from '../../features/recommendations/listeners'
import { isAnyOf } from '@reduxjs/toolkit'
import { startOnDemand } from './on-demand'
import type { AppStore, RootState } from '../store'
import {
  COOKIES,
  deleteCookie,
  readCookie,
  serialisePersistedStates,
  writeCookie,
} from '../../shared/cookies'
import { customerTypeSet, favoritesCleared, favoritesSet, type FavoriteId } from '../global-slice'
import {
  FAVORITES_STORAGE_KEY,
  FAVORITES_UPDATED_STORAGE_KEY,
  localStorageOrNull,
  readLocalFavorites,
} from '../../features/favourites/local-copy'
import { cartEmptied, cartLoaded, strayCartCookie } from '../../features/cart/slice'
import { connected, loggedOut, sessionRestored, userRestored } from '../../features/auth/slice'
import { checkoutMarketChanged, marketChanged } from '../../features/channel/slice'
import { startOrderConfirmation } from '../../features/payment/listeners'
import { startAuthSync } from '../../features/auth/listeners'
import { isFromOtherTab, startBroadcastSync } from './broadcast'
import { restorePersonalState } from './personal-state'
import type { GetApollo } from '../apollo-access'
import { startConsent } from '../../features/consent/listeners'
import { startLoyaltySync } from '../../features/loyalty/listeners'
import { startCheckoutAnalytics } from '../../features/checkout/analytics'
import { VITALS_SAMPLE_RATE } from '../../shared/vitals'
import type { TagManagerConfig } from '../../shared/tag-manager'

export const FAVORITES_CHANNEL_NAME = 'favorites_channel'
export const FAVORITES_MESSAGE_TYPE = 'favorites:update'

function persistedPartChanged(current: RootState, previous: RootState): boolean {
  return (
    current.lastVisited !== previous.lastVisited ||
    current.loyalty.isMember !== previous.loyalty.isMember ||
    current.loyalty.membershipLevel !== previous.loyalty.membershipLevel
  )
}

export function startCookieSync(store: AppStore): () => void {
  const stops = [
    // docs/product-rules.md#shop-wide-behaviour: the loyalty voucher id lives in its cookie while the cart's code is that voucher
    store.startListening({
      predicate: (_action, current, previous) => current.loyalty.voucherId !== previous.loyalty.voucherId,
      effect: (_action, api) => {
        const voucherId = api.getState().loyalty.voucherId
        if (voucherId) writeCookie(COOKIES.loyaltyVoucher, voucherId)
        else deleteCookie(COOKIES.loyaltyVoucher)
      },
    }),
    store.startListening({
      actionCreator: cartLoaded,
      effect: (action) => writeCookie(COOKIES.cart, action.payload.id),
    }),
    store.startListening({
      actionCreator: cartEmptied,
      effect: () => deleteCookie(COOKIES.cart),
    }),
    store.startListening({
      actionCreator: marketChanged,
      effect: (action) => {
        if (isFromOtherTab(action)) return
        writeCookie(COOKIES.selectedMarket, action.payload)
        writeCookie(COOKIES.checkoutMarket, action.payload)
      },
    }),
    store.startListening({
      actionCreator: checkoutMarketChanged,
      effect: (action) => {
        if (!isFromOtherTab(action)) writeCookie(COOKIES.checkoutMarket, action.payload)
      },
    }),
    store.startListening({
      actionCreator: customerTypeSet,
      effect: (_action, api) => writeCookie(COOKIES.userType, api.getState().global.customerType),
    }),
    store.startListening({
      actionCreator: loggedOut,
      effect: () => {
        // docs/product-rules.md#shop-wide-behaviour logout: the HttpOnly token cookies are cleared by the session endpoint's
        // answer; the readable ones, the cart (emptied by its reducer) and the loyalty user here
        for (const name of [
          COOKIES.user,
          COOKIES.userMaxAge,
          COOKIES.cart,
          COOKIES.loyaltyId,
          COOKIES.loyaltyDiscovery,
        ] as const)
          if (readCookie(name) !== undefined) deleteCookie(name)
      },
    }),
    store.startListening({
      predicate: (_action, current, previous) => persistedPartChanged(current, previous),
      effect: (_action, api) =>
        writeCookie(COOKIES.persistedStates, serialisePersistedStates(api.getState())),
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

/**
 * docs/product-rules.md#shop-wide-behaviour favourites: every change is saved locally (`favorites`, `favoritesLastUpdated`) and
 * sent to other tabs on `favorites_channel` as `favorites:update`; clearing removes the local
 * copies. A list received from another tab is applied without sending it back.
 */
export function startFavoritesSync(
  store: AppStore,
  port: BroadcastChannel | null = openFavoritesChannel(),
): () => void {
  const storage = localStorageOrNull()
  const local = readLocalFavorites(storage)
  if (local.length > 0 && store.getState().global.favorites.length === 0) {
    store.dispatch({ ...favoritesSet(local), meta: { fromOtherTab: true } })
  }
  const stop = store.startListening({
    predicate: (action, current, previous) =>
      current.global.favorites !== previous.global.favorites && !isFromOtherTab(action),
    effect: (action, api) => {
      const favorites = api.getState().global.favorites
      try {
        if (favoritesCleared.match(action)) {
          storage?.removeItem(FAVORITES_STORAGE_KEY)
          storage?.removeItem(FAVORITES_UPDATED_STORAGE_KEY)
        } else {
          storage?.setItem(FAVORITES_STORAGE_KEY, JSON.stringify(favorites))
          storage?.setItem(FAVORITES_UPDATED_STORAGE_KEY, String(Date.now()))
        }
      } catch {
        // a full or disabled storage only loses the local copy; the state is still right
      }
      port?.postMessage({ type: FAVORITES_MESSAGE_TYPE, favorites })
    },
  })
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; favorites?: unknown } | null
    if (data?.type !== FAVORITES_MESSAGE_TYPE || !Array.isArray(data.favorites)) return
    const ids = data.favorites.filter(
      (id): id is FavoriteId => typeof id === 'string' || typeof id === 'number',
    )
    store.dispatch({ ...favoritesSet(ids), meta: { fromOtherTab: true } })
  }
  port?.addEventListener('message', onMessage)
  return () => {
    stop()
    port?.removeEventListener('message', onMessage)
    port?.close()
  }
}

function openFavoritesChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(FAVORITES_CHANNEL_NAME)
}

/**
 * The cart's listeners (loading with retries, cart events) come in their own chunk, loaded when
 * the page has a cart to load or to drop (its cookie), or at the first cart action (an add, a
 * cart from another tab or device, the mini-cart opening, a login); the actions before the chunk arrived
 * are handed to it, so no cart event is lost.
 */
function startCartSyncLazily(store: AppStore, getApollo: GetApollo): () => void {
  return startOnDemand(
    store,
    (action, state) => {
      if (state.cart.status === 'loading') return true
      // a login: the account's cart comes to this device (ADR 0057)
      if (action) return action.type.startsWith('cart/') || connected.match(action)
      return strayCartCookie(state.cart, readCookie(COOKIES.cart)) !== null
    },
    async (missed) => {
      const { startCartSync } = await import('../../features/cart/listeners')
      return startCartSync(store, getApollo, missed)
    },
  )
}

/**
 * The shop's events reach the tag manager's data layer through their own chunk (the GA4 mapping,
 * impression batches, hashing), loaded once there is an event to deliver: until then events wait
 * in the store's queue, and delivery starts by draining it.
 */
function startEventDeliveryLazily(store: AppStore): () => void {
  return startOnDemand(
    store,
    (_action, state) => state.events.queue.length > 0,
    async () => {
      const { startEventDelivery } = await import('../../features/events/listeners')
      return startEventDelivery(store)
    },
  )
}

const signedInHere = isAnyOf(connected, userRestored, sessionRestored)

/**
 * A logged-in customer's favourites in the likes service (issue #10): its own chunk, loaded when
 * the page starts signed in or the shopper signs in on this page. A sign-in in another tab is
 * merged by that tab (the chunk's own rule), so it does not load the chunk here.
 */
function startFavouritesAccountSyncLazily(store: AppStore, getApollo: GetApollo | null): () => void {
  return startOnDemand(
    store,
    (action, state) =>
      state.auth.user !== null && (action === null || (signedInHere(action) && !isFromOtherTab(action))),
    async () => {
      const { startBrowserFavouritesAccountSync } = await import('../../features/favourites/account-sync')
      return startBrowserFavouritesAccountSync(store, getApollo)
    },
  )
}

/**
 * A signed-in customer's cart across devices (ADR 0036): the live connection's code loads only
 * once someone is signed in, in its own chunk.
 */
function startLiveCartLazily(store: AppStore): () => void {
  return startOnDemand(
    store,
    (_action, state) => state.auth.user !== null,
    async () => {
      const { startLiveCart } = await import('../../features/live/cart-follow')
      return startLiveCart(store)
    },
  )
}

/**
 * Real-user metrics (ADR 0035) for a sampled share of page loads: the collector is its own chunk,
 * fetched only by the pages in the sample. The page type is the route the shopper landed on.
 */
function startVitalsIfSampled(store: AppStore): () => void {
  if (Math.random() >= VITALS_SAMPLE_RATE) return () => undefined
  const pageType = store.getState().global.currentRouteName || 'unknown'
  const market = store.getState().channel.currentMarket
  let stop: (() => void) | undefined
  let stopped = false
  void import('../../features/vitals/reporter').then(({ startVitals }) => {
    // the sampling was decided here; the reporter measures this load
    if (!stopped) stop = startVitals({ pageType, market, sampleRate: 1 })
  })
  return () => {
    stopped = true
    stop?.()
  }
}

/** Everything the browser runs for the store; returns the cleanup. */
export function registerClientListeners(
  store: AppStore,
  getApollo?: GetApollo | null,
  options: { tagManager?: TagManagerConfig | null } = {},
): () => void {
  // first: the listeners below judge the cart and user cookies by the state
  restorePersonalState(store)
  const stops = [
    startCookieSync(store),
    startAuthSync(store, getApollo ?? null),
    startBroadcastSync(store),
    startFavoritesSync(store),
    // after the local copy is restored: the account sync merges it with the saved list
    startFavouritesAccountSyncLazily(store, getApollo ?? null),
    // the cookie choice before the events: a stored choice loads the tag manager at once
    startConsent(store, options.tagManager ?? null),
    startLoyaltySync(store),
    startEventDeliveryLazily(store),
    startCheckoutAnalytics(store),
    startVitalsIfSampled(store),
    startOrderConfirmation(store),
    startSearchNotifications(store),
    // the cart loads through the page's (lazily created) Apollo client
    ...(getApollo ? [startCartSyncLazily(store, getApollo)] : []),
    startLiveCartLazily(store),
  ]
  return () => stops.forEach((stop) => stop())
}

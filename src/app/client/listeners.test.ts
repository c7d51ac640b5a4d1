// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { makeStore } from '../store'
import { COOKIES, parsePersistedStates, readCookie, writeCookie, deleteCookie } from '../../shared/cookies'
import { changeCustomerType, favoritesCleared, toggleFavorite, favoritesSet } from '../global-slice'
import { FAVORITES_MESSAGE_TYPE, startCookieSync, startFavoritesSync } from './listeners'
import { FAVORITES_STORAGE_KEY, FAVORITES_UPDATED_STORAGE_KEY } from '../../features/favourites/local-copy'
import { cartEmptied, cartLoaded } from '../../features/cart/slice'
import { checkoutMarketChanged, marketChanged } from '../../features/channel/slice'
import { loggedOut } from '../../features/auth/slice'
import { productVisited } from '../../features/lastVisited/slice'
import { membershipJoined } from '../../features/loyalty/slice'

afterEach(() => {
  for (const name of Object.values(COOKIES)) {
    if (
      name !== COOKIES.auth &&
      name !== COOKIES.authRefresh &&
      name !== COOKIES.device &&
      name !== COOKIES.shopper &&
      name !== COOKIES.qa
    )
      deleteCookie(name)
  }
  localStorage.clear()
})

describe('cookie sync', () => {
  it('keeps the cart id, markets, customer type and persisted states in cookies', () => {
    const store = makeStore(undefined, { devTools: false })
    const stop = startCookieSync(store)
    store.dispatch(cartLoaded({ id: 'cart-9', items: [] }))
    expect(readCookie(COOKIES.cart)).toBe('cart-9')
    store.dispatch(marketChanged('se'))
    expect(readCookie(COOKIES.selectedMarket)).toBe('se')
    expect(readCookie(COOKIES.checkoutMarket)).toBe('se')
    store.dispatch(checkoutMarketChanged('no'))
    expect(readCookie(COOKIES.checkoutMarket)).toBe('no')
    store.dispatch(changeCustomerType('ORGANIZATION'))
    expect(readCookie(COOKIES.userType)).toBe('ORGANIZATION')
    store.dispatch(productVisited('55'))
    store.dispatch(membershipJoined())
    expect(parsePersistedStates(readCookie(COOKIES.persistedStates))).toEqual({
      lastVisited: { productIds: ['55'] },
      loyalty: { isMember: true, membershipLevel: null },
    })
    store.dispatch(cartEmptied())
    expect(readCookie(COOKIES.cart)).toBeUndefined()
    stop()
  })

  it('drops the readable user cookies, the cart and the loyalty user on logout (docs/product-rules.md#shop-wide-behaviour)', () => {
    const store = makeStore(undefined, { devTools: false })
    const stop = startCookieSync(store)
    writeCookie(COOKIES.user, '{"id":1}')
    writeCookie(COOKIES.userMaxAge, '1800')
    writeCookie(COOKIES.cart, 'cart-1')
    writeCookie(COOKIES.loyaltyId, 'contact-1')
    writeCookie(COOKIES.loyaltyDiscovery, 'key-1')
    writeCookie(COOKIES.selectedMarket, 'fi')
    store.dispatch(loggedOut())
    for (const name of [
      COOKIES.user,
      COOKIES.userMaxAge,
      COOKIES.cart,
      COOKIES.loyaltyId,
      COOKIES.loyaltyDiscovery,
    ] as const)
      expect(readCookie(name)).toBeUndefined()
    expect(readCookie(COOKIES.selectedMarket)).toBe('fi')
    stop()
  })

  it('keeps the user cookie of a logged-in user', () => {
    writeCookie(COOKIES.user, JSON.stringify({ id: 1, email: 'a@b.fi' }))
    const store = makeStore(
      {
        auth: {
          user: { id: '1', email: 'a@b.fi', customerType: 'PERSON', memberType: null, isMember: false },
          tokenExpiresAt: null,
          status: 'loggedIn',
        },
      },
      { devTools: false },
    )
    const stop = startCookieSync(store)
    expect(readCookie(COOKIES.user)).toBeDefined()
    stop()
  })

  it('does not rewrite market cookies for a change received from another tab', () => {
    const store = makeStore(undefined, { devTools: false })
    const stop = startCookieSync(store)
    store.dispatch({ ...marketChanged('dk'), meta: { fromOtherTab: true } })
    expect(readCookie(COOKIES.selectedMarket)).toBeUndefined()
    stop()
  })
})

class FakeChannel extends EventTarget {
  sent: unknown[] = []
  postMessage(message: unknown) {
    this.sent.push(message)
  }
  close() {}
}

describe('favourites sync', () => {
  it('saves every change locally and tells other tabs', () => {
    const store = makeStore(undefined, { devTools: false })
    const channel = new FakeChannel()
    const stop = startFavoritesSync(store, channel as unknown as BroadcastChannel)
    store.dispatch(toggleFavorite('12'))
    expect(JSON.parse(localStorage.getItem(FAVORITES_STORAGE_KEY) ?? '')).toEqual([12])
    expect(Number(localStorage.getItem(FAVORITES_UPDATED_STORAGE_KEY))).toBeGreaterThan(0)
    expect(channel.sent).toEqual([{ type: FAVORITES_MESSAGE_TYPE, favorites: [12] }])
    store.dispatch(favoritesCleared())
    expect(localStorage.getItem(FAVORITES_STORAGE_KEY)).toBeNull()
    expect(localStorage.getItem(FAVORITES_UPDATED_STORAGE_KEY)).toBeNull()
    stop()
  })

  it('starts from the local copy and applies lists from other tabs without echoing', () => {
    localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify(['3', 4, '3']))
    const store = makeStore(undefined, { devTools: false })
    const channel = new FakeChannel()
    const stop = startFavoritesSync(store, channel as unknown as BroadcastChannel)
    expect(store.getState().global.favorites).toEqual([3, 4])
    channel.dispatchEvent(
      new MessageEvent('message', { data: { type: FAVORITES_MESSAGE_TYPE, favorites: ['9'] } }),
    )
    expect(store.getState().global.favorites).toEqual([9])
    expect(channel.sent).toEqual([])
    stop()
  })

  it('ignores a garbled local copy', () => {
    localStorage.setItem(FAVORITES_STORAGE_KEY, '{oops')
    const store = makeStore(undefined, { devTools: false })
    const stop = startFavoritesSync(store, null)
    expect(store.getState().global.favorites).toEqual([])
    store.dispatch(favoritesSet([1]))
    expect(localStorage.getItem(FAVORITES_STORAGE_KEY)).toBe('[1]')
    stop()
  })
})

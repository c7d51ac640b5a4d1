// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { COOKIES, deleteCookie, readCookie, writeCookie } from '../../shared/cookies'
import { channelInitialised } from '../channel/slice'
import { startCartSync } from './listeners'
import { cartLost, cartRestored } from './slice'
import { cartView } from './test-cart'

/** An Apollo client whose getCart answers every id with that cart. */
function apolloWithCarts() {
  const query = vi.fn(async ({ variables }: { variables: { id?: string } }) => ({
    data: { getCart: cartView({ id: variables.id ?? 'fresh' }) },
  }))
  return { query, getApollo: async () => ({ query }) as never }
}

function renderedStore() {
  const store = makeStore(undefined, { devTools: false })
  store.dispatch(channelInitialised({ market: 'fi', checkoutMarket: 'fi', locale: 'fi', urlMode: 'path' }))
  return store
}

afterEach(() => deleteCookie(COOKIES.cart))

describe('the cart cookie when the page starts without a cart', () => {
  it('is dropped when the server found its cart unusable, with no call to the API', () => {
    const api = apolloWithCarts()
    const store = renderedStore()
    store.dispatch(cartRestored('completed-cart'))
    store.dispatch(cartLost('completed-cart'))
    writeCookie(COOKIES.cart, 'completed-cart')
    startCartSync(store, api.getApollo)()
    expect(readCookie(COOKIES.cart)).toBeUndefined()
    expect(api.query).not.toHaveBeenCalled()
  })

  it('is loaded when its cart was made after the page was rendered (another tab, a sign-in elsewhere)', async () => {
    const api = apolloWithCarts()
    const store = renderedStore()
    writeCookie(COOKIES.cart, 'made-later')
    const stop = startCartSync(store, api.getApollo)
    await vi.waitFor(() =>
      expect(store.getState().cart).toMatchObject({ id: 'made-later', status: 'loaded' }),
    )
    expect(readCookie(COOKIES.cart)).toBe('made-later')
    stop()
  })
})

// @vitest-environment jsdom
/**
 * The state's trip from the server render to the browser: what initServerState and the route
 * middlewares record on the server is serialised, restored by the browser's store, and the first
 * page impression reaches the data layer exactly once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApolloClient } from '@apollo/client'
import { makeStore } from '../store'
import { initServerState } from '../server-state'
import { runMiddlewares } from '../middlewares'
import { registerClientListeners } from './listeners'
import { pageImpression } from '../../features/events/slice'

afterEach(() => {
  delete window.dataLayer
})

describe('server state in the browser', () => {
  it('restores the server state and delivers the server-recorded page impression once', async () => {
    const server = makeStore(undefined, { devTools: false })
    const apollo = {
      query: async () => {
        throw new Error('offline')
      },
    } as unknown as Pick<ApolloClient, 'query'>
    await initServerState(server, {
      apollo,
      cookies: { 'lumo-cart': 'cart-7', 'lumo-checkout-market': 'se' },
      host: 'localhost',
      routeName: 'home',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0',
      market: 'fi',
      locale: 'sv',
      log: () => undefined,
    })
    await runMiddlewares(['default'], {
      request: new Request('http://localhost/fi/sv/'),
      params: {},
      routeName: 'home',
      store: server,
      homePath: '/fi/sv/',
      isServer: true,
    })

    // what entry-server writes into the page and entry-client reads back
    const browser = makeStore(JSON.parse(JSON.stringify(server.getState())), { devTools: false })
    expect(browser.getState().channel).toMatchObject({
      currentMarket: 'fi',
      checkoutMarket: 'se',
      locale: 'sv',
    })
    expect(browser.getState().cart).toMatchObject({ id: 'cart-7', status: 'loading' })

    const stop = registerClientListeners(browser)
    await vi.waitFor(() =>
      expect(window.dataLayer?.map((entry) => entry.event)).toEqual([
        'original_location',
        'page_data',
        'page_view',
      ]),
    )
    expect(browser.getState().events.queue).toEqual([])
    stop()

    // a second mount (another layout) finds nothing left to send, and later pages are virtual views
    const again = registerClientListeners(browser)
    expect(window.dataLayer).toHaveLength(3)
    browser.dispatch(
      pageImpression({
        routeName: 'checkout',
        meta: {},
        path: '/fi/sv/kassan',
        hash: '',
        query: {},
        params: {},
        fullPath: '/fi/sv/kassan',
      }),
    )
    await vi.waitFor(() =>
      expect(window.dataLayer?.map((entry) => entry.event)).toEqual([
        'original_location',
        'page_data',
        'page_view',
        'page_data',
        'virtual_page_view',
        'page_view',
      ]),
    )
    again()
  })
})

import { describe, expect, it, vi } from 'vitest'
import type { ApolloClient } from '@apollo/client'
import { initServerState, marketsFromChannel, type ServerStateOptions } from './server-state'
import { makeStore } from './store'
import { emptySelection } from '../features/list/slice'
import { fallbackMarkets } from '../features/channel/slice'

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'

function apiMarkets() {
  return fallbackMarkets().map((market) => ({
    ...market,
    onlyDisplayInCheckout: market.alias === 'dk',
    currency: { ...market.currency, rate: 1 },
    __typename: 'MarketType',
  }))
}

function fakeApollo(answer: () => Promise<{ data?: unknown; error?: unknown }>) {
  const query = vi.fn((_options: unknown) => answer())
  return { apollo: { query } as unknown as Pick<ApolloClient, 'query'>, query }
}

function options(overrides: Partial<ServerStateOptions> = {}): ServerStateOptions {
  return {
    apollo: fakeApollo(async () => ({
      data: { channel: { id: '1|fi', defaultMarketId: '1|fi', markets: apiMarkets() } },
    })).apollo,
    cookies: {},
    host: 'localhost:3000',
    routeName: 'home',
    userAgent: DESKTOP_UA,
    market: 'fi',
    locale: 'fi',
    log: () => undefined,
    ...overrides,
  }
}

describe('initServerState', () => {
  it('records host, route and device, and loads the markets through the channel query', async () => {
    const store = makeStore(undefined, { devTools: false })
    const { apollo, query } = fakeApollo(async () => ({
      data: { channel: { id: '1|fi', defaultMarketId: '1|fi', markets: apiMarkets() } },
    }))
    await initServerState(
      store,
      options({ apollo, host: 'Lumo.FI:443', routeName: 'checkout', path: '/fi/kassa' }),
    )
    const state = store.getState()
    expect(state.global).toMatchObject({
      hostname: 'lumo.fi',
      currentRouteName: 'checkout',
      currentPath: '/fi/kassa',
      viewportWidth: 1360,
      ancientBrowser: false,
    })
    expect(query).toHaveBeenCalledTimes(1)
    expect(query.mock.calls[0]?.[0]).toMatchObject({ variables: { channelId: '1|fi' } })
    expect(state.channel.marketsSource).toBe('api')
    expect(state.channel.defaultMarketId).toBe('1|fi')
    expect(state.channel.markets.find((market) => market.alias === 'dk')?.onlyDisplayInCheckout).toBe(true)
  })

  it('leaves the viewport width to phones and tablets themselves', async () => {
    const store = makeStore(undefined, { devTools: false })
    await initServerState(store, options({ userAgent: PHONE_UA }))
    expect(store.getState().global.viewportWidth).toBe(0)
  })

  it('sets market, checkout market from cookie, locale and currency', async () => {
    const store = makeStore(undefined, { devTools: false })
    await initServerState(
      store,
      options({ market: 'se', locale: 'sv', cookies: { 'lumo-checkout-market': 'no' }, urlMode: 'domain' }),
    )
    expect(store.getState().channel).toMatchObject({
      currentMarket: 'se',
      checkoutMarket: 'no',
      locale: 'sv',
      currency: 'SEK',
      urlMode: 'domain',
    })
  })

  it('takes the selected market as checkout market when the cookie is missing or unknown', async () => {
    const store = makeStore(undefined, { devTools: false })
    await initServerState(
      store,
      options({ market: 'dk', locale: 'da', cookies: { 'lumo-checkout-market': 'xx' } }),
    )
    expect(store.getState().channel).toMatchObject({
      currentMarket: 'dk',
      checkoutMarket: 'dk',
      currency: 'DKK',
    })
  })

  it('keeps the built-in markets and logs when the channel query fails', async () => {
    const store = makeStore(undefined, { devTools: false })
    const log = vi.fn()
    const { apollo } = fakeApollo(async () => {
      throw new Error('API down')
    })
    await initServerState(store, options({ apollo, log, market: 'no', locale: 'nb' }))
    const { channel } = store.getState()
    expect(channel.marketsSource).toBe('fallback')
    expect(channel.markets.map((market) => market.alias)).toEqual(['fi', 'se', 'no', 'dk'])
    expect(channel.currency).toBe('NOK')
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('fetching the markets failed'),
      expect.any(Error),
    )
  })

  it('keeps the built-in markets when the answer has no usable market', async () => {
    const store = makeStore(undefined, { devTools: false })
    const log = vi.fn()
    const { apollo } = fakeApollo(async () => ({
      data: { channel: { markets: [{ alias: 'mars', id: '1|mars' }] } },
    }))
    await initServerState(store, options({ apollo, log }))
    expect(store.getState().channel.marketsSource).toBe('fallback')
    expect(log).toHaveBeenCalled()
  })

  it('takes the user of the verified session, never of the lumo-user cookie', async () => {
    const store = makeStore(undefined, { devTools: false })
    const user = {
      id: '5',
      email: 'anna@example.fi',
      customerType: 'PERSON' as const,
      memberType: 'MEMBER',
      isMember: false,
    }
    await initServerState(store, options({ cookies: {}, session: { user, expiresAt: 9_000 } }))
    expect(store.getState().auth).toEqual({ status: 'loggedIn', user, tokenExpiresAt: 9_000 })
  })

  it('has no user without a verified session, whatever the cookies say', async () => {
    const forged = makeStore(undefined, { devTools: false })
    await initServerState(
      forged,
      options({
        cookies: { 'lumo-auth': 'junk', 'lumo-user': JSON.stringify({ id: 5, email: 'a@b.fi' }) },
        session: null,
      }),
    )
    expect(forged.getState().auth).toMatchObject({ user: null, status: 'loggedOut' })
  })

  it('a shared page has no user even with a session', async () => {
    const store = makeStore(undefined, { devTools: false })
    const user = {
      id: '5',
      email: 'anna@example.fi',
      customerType: 'PERSON' as const,
      memberType: null,
      isMember: false,
    }
    await initServerState(store, options({ cookies: {}, sharedPage: true, session: { user, expiresAt: 1 } }))
    expect(store.getState().auth.user).toBeNull()
  })

  it('keeps a cart id for the browser to load, otherwise an empty cart', async () => {
    const withCart = makeStore(undefined, { devTools: false })
    await initServerState(withCart, options({ cookies: { 'lumo-cart': 'cart-123' } }))
    expect(withCart.getState().cart).toMatchObject({ id: 'cart-123', status: 'loading', data: null })
    const without = makeStore(undefined, { devTools: false })
    await initServerState(without, options())
    expect(without.getState().cart).toMatchObject({ id: null, status: 'empty' })
  })

  it("leaves the checkout page's cart to its loader's preview, which prices it once (ADR 0042)", async () => {
    /** The operations initServerState asks, on the checkout route with these cookies. */
    const asked = async (store: ReturnType<typeof makeStore>, cookies: Record<string, string>) => {
      const names: string[] = []
      const query = async (request: unknown) => {
        const { definitions } = (request as { query: { definitions: { name?: { value: string } }[] } }).query
        const name = definitions[0]?.name?.value ?? ''
        names.push(name)
        return name === 'channel'
          ? { data: { channel: { id: '1|fi', defaultMarketId: '1|fi', markets: apiMarkets() } } }
          : { data: { getCart: { id: 'cart-123', items: [] } } }
      }
      const apollo = { query } as unknown as Pick<ApolloClient, 'query'>
      await initServerState(store, options({ apollo, routeName: 'checkout', cookies }))
      return names
    }
    const checkout = makeStore(undefined, { devTools: false })
    expect(await asked(checkout, { 'lumo-cart': 'cart-123', 'lumo-loyalty-voucher': 'BONUS-1' })).toEqual([
      'channel',
    ])
    expect(checkout.getState().cart).toMatchObject({ id: 'cart-123', status: 'loading', data: null })
    // kept until the preview's cart says whether its code is that voucher
    expect(checkout.getState().loyalty.voucherId).toBe('BONUS-1')

    // the preview prices in the page's market: a cart priced in another checkout market is getCart's
    const elsewhere = makeStore(undefined, { devTools: false })
    expect(await asked(elsewhere, { 'lumo-cart': 'cart-123', 'lumo-checkout-market': 'se' })).toEqual([
      'channel',
      'getCart',
    ])
    expect(elsewhere.getState().cart).toMatchObject({ id: 'cart-123', status: 'loaded' })

    const noCart = makeStore(undefined, { devTools: false })
    expect(await asked(noCart, { 'lumo-loyalty-voucher': 'BONUS-1' })).toEqual(['channel'])
    expect(noCart.getState().cart).toMatchObject({ id: null, status: 'empty' })
    expect(noCart.getState().loyalty.voucherId).toBeNull()
  })

  it('renders a shared page with no shopper state: only the customer type counts', async () => {
    const store = makeStore(undefined, { devTools: false })
    await initServerState(
      store,
      options({
        sharedPage: true,
        userAgent: DESKTOP_UA,
        cookies: {
          'lumo-cart': 'cart-123',
          'lumo-auth': 'token',
          'lumo-user': JSON.stringify({ id: 'u1', email: 'a@example.test', customerType: 'PERSON' }),
          'lumo-persisted-states': JSON.stringify({ lastVisited: { productIds: ['9'] } }),
          'lumo-checkout-market': 'se',
          'lumo-user-type': 'ORGANIZATION',
        },
      }),
    )
    const state = store.getState()
    expect(state.global).toMatchObject({ sharedPage: true, customerType: 'ORGANIZATION', viewportWidth: 0 })
    expect(state.cart).toMatchObject({ id: null, status: 'empty' })
    expect(state.auth.user).toBeNull()
    expect(state.lastVisited.productIds).toEqual([])
    expect(state.channel.checkoutMarket).toBe('fi')
  })

  it('restores persisted states and the customer type, ignoring garbage', async () => {
    const store = makeStore(undefined, { devTools: false })
    await initServerState(
      store,
      options({
        cookies: {
          'lumo-persisted-states': JSON.stringify({
            lastVisited: { productIds: ['9', '8'] },
            loyalty: { isMember: true, membershipLevel: 'GOLD' },
          }),
          'lumo-user-type': 'ORGANIZATION',
        },
      }),
    )
    const state = store.getState()
    expect(state.lastVisited.productIds).toEqual(['9', '8'])
    expect(state.loyalty).toMatchObject({ isMember: true, membershipLevel: 'GOLD' })
    expect(state.global).toMatchObject({ customerType: 'ORGANIZATION', vatIncluded: false })

    const garbage = makeStore(undefined, { devTools: false })
    await initServerState(
      garbage,
      options({ cookies: { 'lumo-persisted-states': '%%%', 'lumo-user-type': 'HACKER' } }),
    )
    expect(garbage.getState().lastVisited.productIds).toEqual([])
    expect(garbage.getState().global.customerType).toBe('PERSON')
  })

  it('saves the list query selection of a list page and flags Internet Explorer', async () => {
    const store = makeStore(undefined, { devTools: false })
    const selection = { ...emptySelection(), brands: [{ id: '3', label: 'Nova' }], page: 2 }
    await initServerState(
      store,
      options({
        routeName: 'category',
        path: '/fi/c/mekot',
        listSelection: selection,
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
      }),
    )
    expect(store.getState().list).toMatchObject({ activePath: '/fi/c/mekot', selection })
    expect(store.getState().global.ancientBrowser).toBe(true)
  })

  it('applies config overrides', async () => {
    const store = makeStore(undefined, { devTools: false })
    await initServerState(store, options({ config: { authEndpoint: 'https://auth.example/auth' } }))
    expect(store.getState().global.config.authEndpoint).toBe('https://auth.example/auth')
    expect(store.getState().global.config.breakpoints.laptop).toBe(1024)
  })
})

describe('marketsFromChannel', () => {
  it('skips markets the shop cannot route to and fills missing optional fields', () => {
    const result = marketsFromChannel({
      defaultMarketId: '1|fi',
      markets: [
        null,
        { id: '1|fi', alias: 'fi', currency: { code: 'EUR' } },
        { id: '1|se', alias: 'se', currency: { code: 'SEK' }, freeShippingThreshold: 790 },
        { id: '1|us', alias: 'us', currency: { code: 'USD' } },
      ],
    })
    expect(result.markets).toEqual([
      {
        id: '1|fi',
        alias: 'fi',
        defaultLanguageId: '',
        virtual: false,
        onlyDisplayInCheckout: false,
        groupKey: 'fi',
        allowedLanguages: [],
        country: { name: '', code: '' },
        currency: { name: 'EUR', code: 'EUR', symbol: 'EUR' },
        freeShippingThreshold: null,
      },
      {
        id: '1|se',
        alias: 'se',
        defaultLanguageId: '',
        virtual: false,
        onlyDisplayInCheckout: false,
        groupKey: 'se',
        allowedLanguages: [],
        country: { name: '', code: '' },
        currency: { name: 'SEK', code: 'SEK', symbol: 'SEK' },
        freeShippingThreshold: 790,
      },
    ])
    expect(marketsFromChannel(null)).toEqual({ defaultMarketId: null, markets: [] })
  })
})

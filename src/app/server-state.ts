/**
 * docs/product-rules.md#shop-wide-behaviour: fills a fresh per-request store from the request (host, user agent,
 * cookies, the market and language the URL resolved to) and the channel's markets, before the
 * route loaders run. Nothing here may break the page: a failing market fetch keeps the built-in
 * markets, unreadable cookies are ignored.
 */
import { gql, type ApolloClient } from '@apollo/client'
import { CHANNEL_ID, isMarketAlias, type LocaleCode, type MarketAlias } from '../shared/markets'
import type { RouteName } from '../shared/paths'
import { COOKIES, parsePersistedStates } from '../shared/cookies'
import {
  ancientBrowserSet,
  configSet,
  customerTypeSet,
  DESKTOP_DEFAULT_VIEWPORT_WIDTH,
  hostnameSet,
  isAncientBrowser,
  isDesktopDevice,
  routeChanged,
  sharedPageRendered,
  viewportWidthSet,
  type GlobalConfig,
} from './global-slice'
import type { AppStore } from './store'
import { channelInitialised, marketsLoaded, type MarketInfo } from '../features/channel/slice'
import { sessionRestored } from '../features/auth/slice'
import type { SessionUser } from '../shared/session'
import { CART_ID_MAX_LENGTH, cartRestored } from '../features/cart/slice'
import { loadCartOnServer } from '../features/cart/server-load'
import { lastVisitedRestored } from '../features/lastVisited/slice'
import { membershipRestored, voucherIdChecked, voucherIdSet } from '../features/loyalty/slice'
import { listPageEntered, type ListSelection } from '../features/list/slice'

export const CHANNEL_QUERY = gql`
  query channel($channelId: String) {
    channel(channelId: $channelId) {
      id
      defaultMarketId
      markets {
        id
        alias
        defaultLanguageId
        virtual
        onlyDisplayInCheckout
        groupKey
        allowedLanguages {
          id
          name
          code
        }
        country {
          name
          code
        }
        currency {
          name
          code
          symbol
        }
        freeShippingThreshold
      }
    }
  }
`

export interface ServerStateOptions {
  /** only `query` is used: the channel's markets */
  apollo: Pick<ApolloClient, 'query'>
  /** the request's cookies, name → value */
  cookies: Record<string, string | undefined>
  host: string
  routeName: RouteName | string
  userAgent: string
  /** the market and language the URL resolved to (resolveUrl already applied cookie and fallback) */
  market: MarketAlias
  locale: LocaleCode
  /** the request path (for the route record and the list's saved selections) */
  path?: string
  /** the list query selection of a list page's URL */
  listSelection?: ListSelection
  urlMode?: 'path' | 'domain'
  /** overrides of the global config (endpoints, thresholds) */
  config?: Partial<GlobalConfig>
  /**
   * The page is rendered for the shared page cache: only the cookies that pick the market,
   * language and customer type count; the shopper's own state is left to the browser.
   */
  sharedPage?: boolean
  /** the user of the request's verified session token (never the `lumo-user` cookie) */
  session?: { user: SessionUser; expiresAt: number } | null
  /** where a failed market fetch is reported; console.warn by default */
  log?: (message: string, error: unknown) => void
}

function hostnameOf(host: string): string {
  // drop a port; keep IPv6 brackets intact
  return host.replace(/:\d+$/, '').toLowerCase()
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0
}

/** Keeps the markets whose alias the shop knows; the rest cannot be routed to. */
export function marketsFromChannel(channel: unknown): {
  defaultMarketId: string | null
  markets: MarketInfo[]
} {
  if (typeof channel !== 'object' || channel === null) return { defaultMarketId: null, markets: [] }
  const { defaultMarketId, markets } = channel as { defaultMarketId?: unknown; markets?: unknown }
  const result: MarketInfo[] = []
  for (const raw of Array.isArray(markets) ? markets : []) {
    if (typeof raw !== 'object' || raw === null) continue
    const market = raw as Record<string, unknown>
    const country = market.country as Record<string, unknown> | null | undefined
    const currency = market.currency as Record<string, unknown> | null | undefined
    if (
      !isMarketAlias(market.alias) ||
      !nonEmptyString(market.id) ||
      !currency ||
      !nonEmptyString(currency.code)
    )
      continue
    const languages = Array.isArray(market.allowedLanguages) ? (market.allowedLanguages as unknown[]) : []
    result.push({
      id: market.id,
      alias: market.alias,
      defaultLanguageId: nonEmptyString(market.defaultLanguageId) ? market.defaultLanguageId : '',
      virtual: market.virtual === true,
      onlyDisplayInCheckout: market.onlyDisplayInCheckout === true,
      groupKey: nonEmptyString(market.groupKey) ? market.groupKey : market.alias,
      allowedLanguages: languages.flatMap((language) => {
        const { id, name, code } = (language ?? {}) as Record<string, unknown>
        return nonEmptyString(id) && nonEmptyString(code)
          ? [{ id, name: nonEmptyString(name) ? name : code, code }]
          : []
      }),
      country: {
        name: nonEmptyString(country?.name) ? country.name : '',
        code: nonEmptyString(country?.code) ? country.code : '',
      },
      currency: {
        name: nonEmptyString(currency.name) ? currency.name : currency.code,
        code: currency.code,
        symbol: nonEmptyString(currency.symbol) ? currency.symbol : currency.code,
      },
      freeShippingThreshold:
        typeof market.freeShippingThreshold === 'number' && Number.isFinite(market.freeShippingThreshold)
          ? market.freeShippingThreshold
          : null,
    })
  }
  return { defaultMarketId: nonEmptyString(defaultMarketId) ? defaultMarketId : null, markets: result }
}

async function loadMarkets(store: AppStore, options: ServerStateOptions): Promise<void> {
  const log = options.log ?? ((message: string, error: unknown) => console.warn(message, error))
  try {
    const result = await options.apollo.query({ query: CHANNEL_QUERY, variables: { channelId: CHANNEL_ID } })
    const channel = (result.data as { channel?: unknown } | undefined)?.channel
    const loaded = marketsFromChannel(channel)
    if (loaded.markets.length === 0) {
      log(
        '[server-state] the channel query returned no usable markets; keeping the built-in markets',
        result.error,
      )
      return
    }
    store.dispatch(marketsLoaded(loaded))
  } catch (error) {
    log('[server-state] fetching the markets failed; keeping the built-in markets', error)
  }
}

export async function initServerState(store: AppStore, options: ServerStateOptions): Promise<void> {
  const { cookies } = options
  const path = options.path ?? ''

  store.dispatch(hostnameSet(hostnameOf(options.host)))
  if (options.config) store.dispatch(configSet(options.config))
  store.dispatch(routeChanged({ routeName: options.routeName, path }))
  if (options.listSelection) store.dispatch(listPageEntered({ path, selection: options.listSelection }))
  // a shared page is the same for every device: the browser measures its own viewport
  const sharedPage = options.sharedPage === true
  const userAgent = sharedPage ? '' : options.userAgent
  if (sharedPage) store.dispatch(sharedPageRendered())
  store.dispatch(ancientBrowserSet(isAncientBrowser(userAgent)))
  if (isDesktopDevice(userAgent)) store.dispatch(viewportWidthSet(DESKTOP_DEFAULT_VIEWPORT_WIDTH))

  const persisted = sharedPage ? {} : parsePersistedStates(cookies[COOKIES.persistedStates])
  if (persisted.lastVisited) store.dispatch(lastVisitedRestored(persisted.lastVisited.productIds))
  if (persisted.loyalty) store.dispatch(membershipRestored(persisted.loyalty))
  // the voucher id stays only while the cart's code is that voucher (checked when the cart loads)
  const voucherId = sharedPage ? undefined : cookies[COOKIES.loyaltyVoucher]
  if (voucherId && voucherId.length <= 64) store.dispatch(voucherIdSet(voucherId))
  const userType = cookies[COOKIES.userType]
  if (userType) store.dispatch(customerTypeSet(userType))

  const checkoutCookie = sharedPage ? undefined : cookies[COOKIES.checkoutMarket]
  const checkoutMarket = isMarketAlias(checkoutCookie) ? checkoutCookie : options.market
  // the built-in (fallback) markets are in the initial state; the channel's list replaces them
  await loadMarkets(store, options)
  store.dispatch(
    channelInitialised({
      market: options.market,
      checkoutMarket,
      locale: options.locale,
      urlMode: options.urlMode ?? 'path',
    }),
  )

  // docs/product-rules.md#shop-wide-behaviour auth: the user comes from the verified token (server/ssr/session.ts); a readable
  // `lumo-user` cookie is display data only. A shared page has no user: the browser asks.
  const session = sharedPage ? null : (options.session ?? null)
  store.dispatch(sessionRestored(session))

  // a shared page shows the empty cart; the browser loads the shopper's (client/personal-state.ts)
  const cartId = sharedPage ? undefined : cookies[COOKIES.cart]
  store.dispatch(cartRestored(cartId && cartId.length <= CART_ID_MAX_LENGTH ? cartId : null))
  // On the checkout page the route loader's checkoutPreview brings the cart with the checkout, so
  // a render prices the cart once (features/checkout/thunks.ts cartAwaitsCheckout, ADR 0042); it
  // can when the checkout market is the page's market, the one the preview prices in.
  if (
    store.getState().cart.id !== null &&
    options.routeName === 'checkout' &&
    checkoutMarket === options.market
  )
    return
  await loadCartOnServer(
    store,
    options.apollo,
    {
      market: store.getState().channel.checkoutMarket,
      locale: options.locale,
      // docs/product-rules.md#shop-wide-behaviour: true on checkout pages
      ...(options.routeName === 'checkout' ? { allowExternalShippingFee: true } : {}),
    },
    options.log ?? ((message: string, error: unknown) => console.warn(message, error)),
  )
  // docs/product-rules.md#shop-wide-behaviour keep-or-drop: the voucher id goes unless the loaded cart's code is that voucher
  // (checkoutPreview's cart does the same)
  const { cart } = store.getState()
  if (cart.status === 'loaded' || cart.status === 'empty')
    store.dispatch(voucherIdChecked(cart.data?.promoCode))
}

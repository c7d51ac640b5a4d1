/**
 * The storefront's client of the search and recommendation service (docs/service-contracts.md#search-api, wire types
 * in src/shared/search-api.ts). One function per use: `searchQuery` for the query endpoints (GET,
 * or POST with the page configuration as a text/plain JSON body, as the Elevate library sends
 * it), `sendNotification` for the behaviour notifications. The browser reaches the service at
 * the same origin; the server render through its service fetch (in process when the service runs
 * in this process).
 */
import { LOCALES, type LocaleCode, type MarketAlias } from '../../shared/markets'
import type {
  AddToCartPopupBody,
  AddToCartPopupParams,
  AddToCartPopupResponse,
  AutocompleteBody,
  AutocompleteParams,
  AutocompleteResponse,
  CartPageBody,
  CartPageParams,
  CartPageResponse,
  LandingPageBody,
  LandingPageParams,
  LandingPageResponse,
  NotificationBodies,
  NotificationName,
  ProductPageBody,
  ProductPageParams,
  ProductPageResponse,
  QueryParams,
  SearchPageBody,
  SearchPageParams,
  SearchPageResponse,
  Touchpoint,
} from '../../shared/search-api'
import { joinList } from '../../shared/search-api'
import type { SearchSessionKeys } from './session'

/** Each query endpoint the storefront uses: its own params (beyond the common ones), body and answer. */
export interface SearchEndpoints {
  autocomplete: {
    params: Omit<AutocompleteParams, keyof QueryParams>
    body: AutocompleteBody
    response: AutocompleteResponse
  }
  'search-page': {
    params: Omit<SearchPageParams, keyof QueryParams> & Record<`f.${string}`, string>
    body: SearchPageBody
    response: SearchPageResponse
  }
  'landing-page': {
    params: Omit<LandingPageParams, keyof QueryParams>
    body: LandingPageBody
    response: LandingPageResponse
  }
  'product-page': {
    params: Omit<ProductPageParams, keyof QueryParams>
    body: ProductPageBody
    response: ProductPageResponse
  }
  'cart-page': {
    params: Omit<CartPageParams, keyof QueryParams>
    body: CartPageBody
    response: CartPageResponse
  }
  'add-to-cart-popup': {
    params: Omit<AddToCartPopupParams, keyof QueryParams>
    body: AddToCartPopupBody
    response: AddToCartPopupResponse
  }
}
export type SearchEndpoint = keyof SearchEndpoints

/** How one side reaches the service. */
export interface SearchTransport {
  /** the service's base URL (BROWSER_SEARCH_URI in the browser, SEARCH_URL on the server) */
  baseUrl: string
  fetch: typeof fetch
}

/** Where and as whom a request is made. */
export interface SearchContext extends SearchTransport {
  market: MarketAlias
  locale: LocaleCode
  touchpoint: Touchpoint
  session: SearchSessionKeys
}

/** The service answered with an error status (docs/product-rules.md#search: the error carries the response content). */
export class SearchServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'SearchServiceError'
  }
}

function serialiseParam(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (Array.isArray(value)) return value.length > 0 ? joinList(value.map(String)) : null
  return String(value)
}

/** The URL of a query or notification: the common params first, then the endpoint's own. */
export function searchUrl(
  context: Pick<SearchContext, 'baseUrl' | 'market' | 'locale' | 'touchpoint' | 'session'>,
  path: string,
  params: Record<string, unknown>,
  kind: 'query' | 'notification' = 'query',
): string {
  const search = new URLSearchParams({
    market: context.market,
    customerKey: context.session.customerKey,
    sessionKey: context.session.sessionKey,
  })
  if (kind === 'query') {
    search.set('locale', LOCALES[context.locale].iso)
    search.set('touchpoint', context.touchpoint)
  }
  for (const [name, value] of Object.entries(params)) {
    const serialised = serialiseParam(value)
    if (serialised !== null) search.set(name, serialised)
  }
  return `${context.baseUrl.replace(/\/$/, '')}/${path}?${search.toString()}`
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown }
    if (typeof body.message === 'string') return body.message
  } catch {
    // not JSON: the status says enough
  }
  return `Search service answered ${response.status}`
}

export async function searchQuery<E extends SearchEndpoint>(
  context: SearchContext,
  endpoint: E,
  params: SearchEndpoints[E]['params'],
  body?: SearchEndpoints[E]['body'],
  signal?: AbortSignal,
): Promise<SearchEndpoints[E]['response']> {
  const url = searchUrl(context, `queries/${endpoint}`, params as Record<string, unknown>)
  const init: RequestInit =
    body === undefined
      ? { method: 'GET', signal }
      : { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body), signal }
  const response = await context.fetch(url, init)
  // HTTP 200–399 is success (docs/service-contracts.md#search-api)
  if (response.status < 200 || response.status >= 400)
    throw new SearchServiceError(response.status, await errorMessage(response))
  return (await response.json()) as SearchEndpoints[E]['response']
}

/**
 * A notification (docs/product-rules.md#search): POST with a JSON body and keepalive, so it survives the page being
 * left for the product the shopper clicked; retried once without keepalive when that fails (a
 * browser refuses keepalive beyond its quota). Failures are swallowed (docs/product-rules.md#search).
 */
export async function sendNotification<N extends NotificationName>(
  context: Pick<SearchContext, 'baseUrl' | 'fetch' | 'market' | 'locale' | 'touchpoint' | 'session'>,
  name: N,
  body: NotificationBodies[N],
): Promise<void> {
  const url = searchUrl(context, `notifications/${name}`, {}, 'notification')
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }
  try {
    const response = await context.fetch(url, { ...init, keepalive: true })
    if (response.ok) return
  } catch {
    // fall through to the retry
  }
  try {
    await context.fetch(url, init)
  } catch {
    // a lost notification only costs the ranking one signal
  }
}

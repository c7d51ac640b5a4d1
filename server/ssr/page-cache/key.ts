/**
 * Which cached page answers a request. Two requests get the same entry when they would render
 * the same shared page: same host, path, meaningful query, market, language and customer type
 * (inc/ex VAT prices). Ad-click and newsletter tracking parameters change nothing on the page,
 * so they are dropped; the rest are sorted so `?a=1&b=2` and `?b=2&a=1` share an entry.
 */
import { COOKIES } from '../../../src/shared/cookies'
import { DEFAULT_CUSTOMER_TYPE, isCustomerType, type CustomerType } from '../../../src/shared/customer-types'
import { matchRoute, resolveUrl, type UrlSettings } from '../../../src/shared/paths'
import type { LocaleCode, MarketAlias } from '../../../src/shared/markets'

/** Exact tracking parameter names (lower case) that never change what a page shows. */
const TRACKING_PARAMS = new Set([
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'srsltid',
  'epik',
  'ref_src',
])

/** Prefixes of tracking parameter families (`utm_source`, `utm_campaign`, …). */
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_', 'hsa_']

/**
 * Parameters that make a request personal or diagnostic: they are answered by a fresh render
 * and never stored (Redux DevTools opt-in, content previews, login and order links).
 */
const BYPASS_PARAMS = new Set(['devtools', 'qa', 'preview', 'nocache', 'logintoken', 'oid', 'returnto'])

export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase()
  return TRACKING_PARAMS.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix))
}

export function hasBypassParam(search: string): boolean {
  for (const name of new URLSearchParams(search).keys())
    if (BYPASS_PARAMS.has(name.toLowerCase())) return true
  return false
}

/**
 * The query as the cache sees it: tracking parameters dropped, the rest sorted by name (a
 * stable sort, so repeated names keep their order: `?size=s&size=m` is not `?size=m&size=s`
 * only when the page reads them in order) and re-encoded in one canonical form. '' or '?…'.
 */
export function normaliseQuery(search: string): string {
  const params = new URLSearchParams(search)
  const kept: [string, string][] = []
  for (const [name, value] of params) if (!isTrackingParam(name)) kept.push([name, value])
  // Array.prototype.sort is stable; compare by code unit so the order never depends on a locale.
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const normalised = new URLSearchParams(kept).toString()
  return normalised ? `?${normalised}` : ''
}

/** The spec's `lumo-user-type` cookie as the store reads it: an unknown value is a person. */
export function customerTypeOf(cookie: string | undefined): CustomerType {
  return isCustomerType(cookie) ? cookie : DEFAULT_CUSTOMER_TYPE
}

export interface PageScope {
  market: MarketAlias
  locale: LocaleCode
  customerType: CustomerType
}

export function pageCacheKey(host: string, pathname: string, search: string, scope: PageScope): string {
  return [
    host.toLowerCase(),
    pathname + normaliseQuery(search),
    scope.market,
    scope.locale,
    scope.customerType,
  ].join('|')
}

/** The cookies a shared render may see: they pick the market, language and customer type. */
export const SHARED_RENDER_COOKIES = [COOKIES.selectedMarket, COOKIES.locale, COOKIES.userType] as const

/**
 * Whether the route of a path may be shared (an unknown path may: it is the shared 404 page).
 * React Router ranks the whole route table on every match, a tenth of a page-cache hit's time
 * (issue #9), so answers are remembered for the most recent paths.
 */
const ROUTE_SHARED_MEMO_SIZE = 10_000
const routeSharedMemo = new Map<string, boolean>()

export function routeShared(relativePath: string, locale: LocaleCode): boolean {
  const memoKey = `${locale} ${relativePath}`
  const known = routeSharedMemo.get(memoKey)
  if (known !== undefined) return known
  const match = matchRoute(relativePath, locale)
  const shared = !match || match.route.cacheable
  if (routeSharedMemo.size >= ROUTE_SHARED_MEMO_SIZE) {
    // the oldest answer goes first (a Map iterates in insertion order)
    const oldest = routeSharedMemo.keys().next().value
    if (oldest !== undefined) routeSharedMemo.delete(oldest)
  }
  routeSharedMemo.set(memoKey, shared)
  return shared
}

export type CacheDecision =
  | { cacheable: false; reason: 'method' | 'query' | 'qa' | 'redirect' | 'route' }
  | { cacheable: true; key: string; scope: PageScope }

/**
 * Whether a request may be answered from the page cache, and under which key. The market and
 * language come from the same URL rules the app uses (resolveUrl), so the key never disagrees
 * with what the render would show; the route table says whether the page is shared at all.
 */
export function cacheDecision(
  request: { method: string; host: string; url: string; cookies: Record<string, string | undefined> },
  settings: UrlSettings,
): CacheDecision {
  if (request.method !== 'GET' && request.method !== 'HEAD') return { cacheable: false, reason: 'method' }
  const url = new URL(request.url, `http://${request.host}`)
  if (hasBypassParam(url.search)) return { cacheable: false, reason: 'query' }
  // the QA console's pages are rendered for that browser alone (server/ssr/qa-access.ts)
  if (request.cookies[COOKIES.qa] !== undefined) return { cacheable: false, reason: 'qa' }
  const resolution = resolveUrl(url, {
    settings,
    cookies: {
      selectedMarket: request.cookies[COOKIES.selectedMarket],
      locale: request.cookies[COOKIES.locale],
    },
  })
  if (resolution.kind === 'redirect') return { cacheable: false, reason: 'redirect' }
  const relative = url.pathname.slice(resolution.basename.length) || '/'
  if (!routeShared(relative, resolution.locale)) return { cacheable: false, reason: 'route' }
  const scope: PageScope = {
    market: resolution.market,
    locale: resolution.locale,
    customerType: customerTypeOf(request.cookies[COOKIES.userType]),
  }
  return { cacheable: true, scope, key: pageCacheKey(request.host, url.pathname, url.search, scope) }
}

/**
 * cacheDecision remembered for the most recent requests: the decision depends only on the
 * method, host, URL and the cookies it reads, and working it out (URL parsing, canonical paths,
 * route ranking) was a fifth of a page-cache hit (issue #9). Bounded, oldest first out.
 */
/** A cookie in a memo key: absent and empty stay apart. */
const cookieKey = (value: string | undefined) => (value === undefined ? '-' : `=${value}`)

export function createCacheDecider(settings: UrlSettings, memoSize = 10_000) {
  const memo = new Map<string, CacheDecision>()
  return (request: Parameters<typeof cacheDecision>[0]): CacheDecision => {
    const { cookies } = request
    const memoKey = [
      request.method,
      request.host,
      request.url,
      cookieKey(cookies[COOKIES.selectedMarket]),
      cookieKey(cookies[COOKIES.locale]),
      cookieKey(cookies[COOKIES.userType]),
      cookies[COOKIES.qa] === undefined ? '-' : 'qa',
    ].join('\n')
    const known = memo.get(memoKey)
    if (known) return known
    const decision = cacheDecision(request, settings)
    if (memo.size >= memoSize) {
      const oldest = memo.keys().next().value
      if (oldest !== undefined) memo.delete(oldest)
    }
    memo.set(memoKey, decision)
    return decision
  }
}

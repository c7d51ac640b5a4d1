/**
 * URLs of the shop: the route table, the canonicalising market/locale path rules of docs/product-rules.md#markets-and-urls and
 * docs/product-rules.md#markets-and-urls, and the URL builders (hrefs, language/market switch, hreflang, canonical).
 * Pure functions without React; docs/adr/0001-urls-and-markets.md explains the choices.
 *
 * Two URL modes:
 * - 'path' (default): /{market}/{locale?}/{page}; the locale segment is left out for fi.
 * - 'domain': the host picks the market; /{locale?}/{page}, the locale segment left out for the
 *   market's default language.
 */
import { matchRoutes, type Params } from 'react-router'
import {
  DEFAULT_LOCALE,
  FALLBACK_MARKET,
  LOCALES,
  MARKETS,
  isLocaleAllowed,
  isLocaleCode,
  isMarketAlias,
  type LocaleCode,
  type MarketAlias,
} from './markets'
import { SHOP_SLUG } from './shop'
import { LOCALISED_PATHS, LOCALISED_ROUTE_NAMES, type LocalisedRouteName } from './slugs'

export { LOCALISED_PATHS, LOCALISED_ROUTE_NAMES, type LocalisedRouteName } from './slugs'

export const ROUTE_NAMES = [
  'home',
  ...LOCALISED_ROUTE_NAMES,
  'not-found',
  'account',
  'reset-password',
  'newsletter-confirm',
  'unsubscribe',
  'member',
  'style-gallery',
  'checkout-confirm',
  'checkout-fail',
  'preview-widgets',
  'product',
  'category',
  'brand',
  'discount-campaign',
  'search',
  'list',
  'content',
  'inspiration',
  'content-page',
  'no-match',
] as const

export type RouteName = (typeof ROUTE_NAMES)[number]
export type MiddlewareName = 'check-is-member' | 'login-required' | 'default' | 'list-page-routing'
export type LayoutName = 'default' | 'undistracted' | 'undistracted-special'
export type LocalisedPattern = string | Record<LocaleCode, string>

export interface RouteDefinition {
  name: RouteName
  /** A react-router pattern relative to the basename, or one per language. */
  path: LocalisedPattern
  /** Further patterns that show the same page (the first `path` is the one links use). */
  aliases?: LocalisedPattern[]
  /** Run in this order before the page's loader (src/app/middlewares.ts). */
  middleware: MiddlewareName[]
  layout: LayoutName
  localised: boolean
  /**
   * The page's validity check (docs/product-rules.md#markets-and-urls "A page may define a validity check; if it fails, 404 is
   * shown"). The router glue throws a 404 Response from the loader when it returns false.
   */
  validate?: (params: Params) => boolean
  /**
   * The page shows the same thing to every shopper of a market, language and customer type, so
   * the server may answer it from the shared page cache (server/ssr/page-cache). Personal pages
   * (checkout, account, payment results, favourites) and unbounded ones (search) are not.
   */
  cacheable: boolean
}

export interface UrlSettings {
  mode: 'path' | 'domain'
  /** market alias → host (optionally host:port); used in domain mode */
  marketDomains: Partial<Record<MarketAlias, string>>
}

export interface UrlScope {
  market: MarketAlias
  locale: LocaleCode
}

export type ResolvedUrl =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'page'; market: MarketAlias; locale: LocaleCode; basename: string }

// ---------------------------------------------------------------------------------------------
// The route table

const ACCOUNT: MiddlewareName[] = ['default', 'login-required']
const LIST: MiddlewareName[] = ['default', 'list-page-routing']
const PLAIN: MiddlewareName[] = ['default']

/** The segments of a splat param (`/p/a/b` → ['a', 'b']). */
export function splatSegments(params: Params): string[] {
  return (params['*'] ?? '').split('/').filter((segment) => segment !== '')
}

const splatLength = (min: number, max: number) => (params: Params) => {
  const count = splatSegments(params).length
  return count >= min && count <= max
}

/** `card-fail` → `card`; undefined when the segment is not a payment failure. */
export function paymentProviderFromFailure(segment: string | undefined): string | undefined {
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-fail$/.exec(segment ?? '')
  return match?.[1]
}

/**
 * The alias a product or list page is about: the last segment of the splat (`/p/coats/red-coat`
 * → `red-coat`) or the `alias` param of the `/product/:alias?` and `/list/:alias?` forms.
 */
export function aliasFromParams(params: Params): string | undefined {
  return splatSegments(params).at(-1) ?? (params.alias || undefined)
}

function localised(
  name: LocalisedRouteName,
  middleware: MiddlewareName[],
  { layout = 'default', cacheable }: { layout?: LayoutName; cacheable: boolean },
): RouteDefinition {
  return { name, path: LOCALISED_PATHS[name], middleware, layout, localised: true, cacheable }
}

export const ROUTES: readonly RouteDefinition[] = [
  { name: 'home', path: '/', middleware: PLAIN, layout: 'default', localised: false, cacheable: true },
  localised('checkout', PLAIN, { layout: 'undistracted', cacheable: false }),
  localised('account-orders', ACCOUNT, { cacheable: false }),
  localised('account-settings', ACCOUNT, { cacheable: false }),
  localised('account-balance', ACCOUNT, { cacheable: false }),
  localised('account-membership', ACCOUNT, { cacheable: false }),
  localised('account-invoices', ACCOUNT, { cacheable: false }),
  localised('favorites', PLAIN, { cacheable: false }),
  localised('brands', PLAIN, { cacheable: true }),
  localised('bestsellers', LIST, { cacheable: true }),
  localised('incoming', LIST, { cacheable: true }),
  localised('new-arrivals', LIST, { cacheable: true }),
  localised('register-return', PLAIN, { cacheable: false }),
  localised('privacy', PLAIN, { cacheable: true }),
  {
    name: 'not-found',
    path: '/404',
    middleware: PLAIN,
    layout: 'default',
    localised: false,
    cacheable: true,
  },
  {
    // a guest sees the login and the registration here, a customer the overview (issue #10)
    name: 'account',
    path: '/account',
    middleware: PLAIN,
    layout: 'default',
    localised: false,
    cacheable: false,
  },
  {
    name: 'reset-password',
    path: '/account/reset-password',
    middleware: PLAIN,
    layout: 'default',
    localised: false,
    cacheable: false,
  },
  {
    // the links of the newsletter and back-in-stock mails (docs/adr/0031-stock-mails.md)
    name: 'newsletter-confirm',
    path: '/newsletter/confirm',
    middleware: PLAIN,
    layout: 'default',
    localised: false,
    cacheable: false,
  },
  {
    name: 'unsubscribe',
    path: '/newsletter/unsubscribe',
    middleware: PLAIN,
    layout: 'default',
    localised: false,
    cacheable: false,
  },
  {
    name: 'member',
    path: `/${SHOP_SLUG}-member`,
    middleware: PLAIN,
    layout: 'default',
    localised: false,
    cacheable: false,
  },
  {
    name: 'style-gallery',
    path: `/${SHOP_SLUG}style`,
    middleware: ['default', 'check-is-member'],
    layout: 'default',
    localised: false,
    cacheable: false,
  },
  {
    name: 'checkout-confirm',
    path: '/checkout/confirm',
    middleware: PLAIN,
    layout: 'undistracted-special',
    localised: false,
    cacheable: false,
  },
  {
    // react-router segments are whole, so /checkout/{provider}-fail is matched as a segment
    // and its -fail suffix checked here
    name: 'checkout-fail',
    path: '/checkout/:failure',
    middleware: PLAIN,
    layout: 'undistracted-special',
    localised: false,
    cacheable: false,
    validate: (params) => paymentProviderFromFailure(params.failure) !== undefined,
  },
  {
    name: 'preview-widgets',
    path: '/preview-widgets',
    middleware: PLAIN,
    layout: 'default',
    localised: false,
    cacheable: false,
  },
  {
    // /p/{alias}, /p/(.*)/{alias}, /p/(.*)/(.*)/{alias}: one to three segments, alias last
    name: 'product',
    path: '/p/*',
    aliases: ['/product/:alias?'],
    middleware: PLAIN,
    layout: 'default',
    localised: false,
    cacheable: true,
    validate: (params) => params['*'] === undefined || splatLength(1, 3)(params),
  },
  {
    // /c/{category}, /c/(.*)/{category}; /list/{x?} is listed for five list types in the spec,
    // and the first of them (category) wins as it did in the original router
    name: 'category',
    path: '/c/*',
    aliases: ['/list/:alias?'],
    middleware: LIST,
    layout: 'default',
    localised: false,
    cacheable: true,
    validate: (params) => params['*'] === undefined || splatLength(1, 2)(params),
  },
  {
    name: 'brand',
    path: '/b/*',
    middleware: LIST,
    layout: 'default',
    localised: false,
    cacheable: true,
    validate: splatLength(1, Infinity),
  },
  {
    name: 'discount-campaign',
    path: '/dc/*',
    middleware: LIST,
    layout: 'default',
    localised: false,
    cacheable: true,
    validate: splatLength(1, Infinity),
  },
  {
    name: 'search',
    path: '/s/:search',
    middleware: LIST,
    layout: 'default',
    localised: false,
    cacheable: false,
  },
  {
    name: 'list',
    path: '/l/*',
    middleware: LIST,
    layout: 'default',
    localised: false,
    cacheable: true,
    validate: splatLength(1, Infinity),
  },
  // /content/{alias?} also serves /content/{preview?} (the same pattern)
  {
    name: 'content',
    path: '/content/:alias?',
    middleware: PLAIN,
    layout: 'default',
    localised: false,
    cacheable: true,
  },
  {
    name: 'inspiration',
    path: '/inspiration/:alias',
    middleware: PLAIN,
    layout: 'default',
    localised: false,
    cacheable: true,
  },
  {
    name: 'content-page',
    path: '/:alias',
    middleware: PLAIN,
    layout: 'default',
    localised: false,
    cacheable: true,
  },
  {
    // anything else: the router glue shows the 404 page because the check always fails
    name: 'no-match',
    path: '*',
    middleware: PLAIN,
    layout: 'default',
    localised: false,
    cacheable: true,
    validate: () => false,
  },
]

const ROUTES_BY_NAME = new Map<RouteName, RouteDefinition>(ROUTES.map((route) => [route.name, route]))

export function routeByName(name: RouteName): RouteDefinition {
  const route = ROUTES_BY_NAME.get(name)
  if (!route) throw new Error(`Unknown route ${name}`)
  return route
}

function patternFor(pattern: LocalisedPattern, locale: LocaleCode): string {
  return typeof pattern === 'string' ? pattern : pattern[locale]
}

/** The react-router patterns of a route in one language: its path first, then its aliases. */
export function routePatterns(route: RouteDefinition, locale: LocaleCode): string[] {
  return [route.path, ...(route.aliases ?? [])].map((pattern) => patternFor(pattern, locale))
}

interface MatchableRoute {
  id: string
  path: string
  definition: RouteDefinition
}

const matchableRoutesByLocale = new Map<LocaleCode, MatchableRoute[]>()

function matchableRoutes(locale: LocaleCode): MatchableRoute[] {
  let routes = matchableRoutesByLocale.get(locale)
  if (!routes) {
    routes = ROUTES.flatMap((definition) =>
      routePatterns(definition, locale).map((path, index) => ({
        id: `${definition.name}:${index}`,
        path,
        definition,
      })),
    )
    matchableRoutesByLocale.set(locale, routes)
  }
  return routes
}

export interface RouteMatch {
  route: RouteDefinition
  params: Params
  /** false when the route's validity check fails: the page is a 404 */
  valid: boolean
}

/**
 * Which route a path relative to the basename shows, with react-router's own ranking (the same
 * answer as the router glue gets from the same table).
 */
export function matchRoute(relativePath: string, locale: LocaleCode): RouteMatch | undefined {
  const matches = matchRoutes(matchableRoutes(locale), relativePath)
  const match = matches?.at(-1)
  if (!match) return undefined
  const route = match.route.definition
  return { route, params: match.params, valid: route.validate ? route.validate(match.params) : true }
}

// ---------------------------------------------------------------------------------------------
// Encoding helpers

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).normalize('NFC')
  } catch {
    return segment
  }
}

function encodePath(decodedPath: string): string {
  return decodedPath
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/')
}

/** A decoded localised path in any language → its route name. */
const LOCALISED_ROUTE_BY_PATH = new Map<string, LocalisedRouteName>(
  LOCALISED_ROUTE_NAMES.flatMap((name) =>
    Object.values(LOCALISED_PATHS[name]).map((path): [string, LocalisedRouteName] => [path, name]),
  ),
)

/**
 * The path after the basename in canonical form for `locale`: a localised page's slug in that
 * language, percent-encoded; any other path exactly as it came.
 */
function canonicalRelativePath(segments: readonly string[], locale: LocaleCode): string {
  const decoded = '/' + segments.map(decodeSegment).join('/')
  const localisedName = LOCALISED_ROUTE_BY_PATH.get(decoded)
  if (localisedName) return encodePath(LOCALISED_PATHS[localisedName][locale])
  return '/' + segments.join('/')
}

function joinBase(basename: string, relativePath: string): string {
  if (basename === '/') return relativePath
  return relativePath === '/' ? `${basename}/` : `${basename}${relativePath}`
}

function stripBase(pathname: string, basename: string): string | undefined {
  if (basename === '/') return pathname
  if (pathname === basename) return '/'
  return pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : undefined
}

const SINGLE_DOT = /^(?:\.|%2e)$/i
const DOUBLE_DOT = /^(?:\.|%2e){2}$/i

/**
 * The non-empty segments of a path, with dot segments resolved as a URL parser would: a
 * Location must not contain `..`, or the browser would resolve it to another page.
 */
function pathSegments(pathname: string): string[] {
  const segments: string[] = []
  for (const segment of pathname.split('/')) {
    if (segment === '' || SINGLE_DOT.test(segment)) continue
    if (DOUBLE_DOT.test(segment)) segments.pop()
    else segments.push(segment)
  }
  return segments
}

// ---------------------------------------------------------------------------------------------
// Markets and languages in the URL

/** The locale a market shows when `wanted` is not one of its languages. */
function fitLocale(market: MarketAlias, wanted: LocaleCode): LocaleCode {
  return isLocaleAllowed(market, wanted) ? wanted : MARKETS[market].defaultLocale
}

/** The path prefix of a market and language (react-router's basename); '/' for none. */
export function basenameFor(market: MarketAlias, locale: LocaleCode, settings: UrlSettings): string {
  if (settings.mode === 'domain') return locale === MARKETS[market].defaultLocale ? '/' : `/${locale}`
  return locale === DEFAULT_LOCALE ? `/${market}` : `/${market}/${locale}`
}

/** The market a host serves in domain mode (matching host:port first, then the bare host name). */
export function marketForHost(host: string, settings: UrlSettings): MarketAlias | undefined {
  const wanted = host.toLowerCase()
  const hostname = wanted.replace(/:\d+$/, '')
  const entries = Object.entries(settings.marketDomains) as [MarketAlias, string][]
  return (entries.find(([, domain]) => domain === wanted) ??
    entries.find(([, domain]) => domain === hostname))?.[0]
}

/** First path segments of the route table: 2-letter ones (/dc/…) are not unknown market codes. */
const ROUTE_FIRST_SEGMENTS = new Set(
  ROUTES.flatMap((route) =>
    (Object.keys(LOCALES) as LocaleCode[]).flatMap((locale) => routePatterns(route, locale)),
  )
    .map((pattern) => pathSegments(pattern)[0])
    .filter(
      (segment): segment is string => segment !== undefined && !segment.startsWith(':') && segment !== '*',
    ),
)

function looksLikeMarketCode(segment: string): boolean {
  return /^[a-z]{2}$/i.test(segment) && !ROUTE_FIRST_SEGMENTS.has(segment)
}

interface UrlHead {
  market: MarketAlias
  locale: LocaleCode
  /** how many leading segments were market/locale segments */
  consumed: number
  /** the result depends on a cookie: redirect with 302, not 301 */
  temporary: boolean
}

export interface UrlCookies {
  selectedMarket?: string
  locale?: string
}

function allowedCookieLocale(market: MarketAlias, cookies: UrlCookies): LocaleCode | undefined {
  return isLocaleCode(cookies.locale) && isLocaleAllowed(market, cookies.locale) ? cookies.locale : undefined
}

function resolvePathHead(segments: readonly string[], cookies: UrlCookies): UrlHead {
  const first = segments[0]?.toLowerCase()
  const second = segments[1]?.toLowerCase()
  const head = (
    market: MarketAlias,
    locale: LocaleCode | undefined,
    consumed: number,
    temporary = false,
  ): UrlHead => ({
    market,
    locale: fitLocale(market, locale ?? DEFAULT_LOCALE),
    consumed,
    temporary,
  })

  // /{locale}/{market}/… → /{market}/{locale}/… (but /fi/sv/… is market fi, locale sv)
  if (isLocaleCode(first) && isMarketAlias(second) && !(isMarketAlias(first) && isLocaleCode(second))) {
    return head(second, first, 2)
  }
  if (isMarketAlias(first)) return isLocaleCode(second) ? head(first, second, 2) : head(first, undefined, 1)

  // From here the market is missing or unknown.
  const cookieMarket = isMarketAlias(cookies.selectedMarket) ? cookies.selectedMarket : FALLBACK_MARKET
  if (isLocaleCode(first)) return head(cookieMarket, first, 1, true)
  if (first !== undefined && looksLikeMarketCode(first)) {
    return isLocaleCode(second) ? head(FALLBACK_MARKET, second, 2) : head(FALLBACK_MARKET, undefined, 1)
  }
  return head(cookieMarket, allowedCookieLocale(cookieMarket, cookies), 0, true)
}

function resolveDomainHead(
  host: string,
  segments: readonly string[],
  cookies: UrlCookies,
  settings: UrlSettings,
): UrlHead {
  // domain first: the host picks the market and its default language
  const market = marketForHost(host, settings) ?? FALLBACK_MARKET
  const defaultLocale = MARKETS[market].defaultLocale
  // an explicit prefix is the last word
  const first = segments[0]?.toLowerCase()
  if (isLocaleCode(first)) return { market, locale: fitLocale(market, first), consumed: 1, temporary: false }
  // then the cookie: an unprefixed URL is sent to the cookie's language
  const cookieLocale = allowedCookieLocale(market, cookies)
  if (cookieLocale && cookieLocale !== defaultLocale)
    return { market, locale: cookieLocale, consumed: 0, temporary: true }
  return { market, locale: defaultLocale, consumed: 0, temporary: false }
}

interface CanonicalStep {
  head: UrlHead
  basename: string
  canonicalPath: string
}

function canonicalStep(
  pathname: string,
  host: string,
  settings: UrlSettings,
  cookies: UrlCookies,
): CanonicalStep {
  // collapsing slashes also stops //evil.example from becoming a protocol-relative Location
  const segments = pathSegments(pathname)
  const decoded = segments.map(decodeSegment)
  const head =
    settings.mode === 'domain'
      ? resolveDomainHead(host, decoded, cookies, settings)
      : resolvePathHead(decoded, cookies)
  const basename = basenameFor(head.market, head.locale, settings)
  const canonicalPath = joinBase(basename, canonicalRelativePath(segments.slice(head.consumed), head.locale))
  return { head, basename, canonicalPath }
}

/** Enough rounds for the longest rule chain (prepend market, fit language, re-read the rest). */
const MAX_CANONICAL_ROUNDS = 6

/**
 * Canonicalises a request URL: either a redirect (301 for permanent canonicalisation, 302 when a
 * cookie chose the market or language) or the page's market, locale and router basename.
 * Query and hash are kept. The rules are applied until the path no longer changes, so a
 * redirect always lands on a page: a rest that itself looks like a market or locale segment
 * (`/xx/dk` → `/fi/dk`, read again as locale/market) is settled here, not by a second redirect.
 */
export function resolveUrl(
  url: URL,
  { settings, cookies = {} }: { settings: UrlSettings; cookies?: UrlCookies },
): ResolvedUrl {
  let pathname = url.pathname
  let temporary = false
  for (let round = 0; round < MAX_CANONICAL_ROUNDS; round++) {
    const step = canonicalStep(pathname, url.host, settings, cookies)
    temporary ||= step.head.temporary
    if (step.canonicalPath === pathname) {
      if (pathname === url.pathname) {
        return { kind: 'page', market: step.head.market, locale: step.head.locale, basename: step.basename }
      }
      break
    }
    pathname = step.canonicalPath
  }
  return { kind: 'redirect', status: temporary ? 302 : 301, location: pathname + url.search + url.hash }
}

// ---------------------------------------------------------------------------------------------
// URL builders

export type RouteParams = Partial<Record<string, string>>

function buildPattern(name: RouteName, pattern: string, params: RouteParams): string {
  const out: string[] = []
  for (const segment of pathSegments(pattern)) {
    if (segment === '*') {
      out.push(...pathSegments(params['*'] ?? '').map((part) => encodeURIComponent(part)))
    } else if (segment.startsWith(':')) {
      const optional = segment.endsWith('?')
      const key = segment.slice(1, optional ? -1 : undefined)
      const value = params[key]
      if (value === undefined || value === '') {
        if (optional) continue
        throw new Error(`pathFor(${name}): missing param ${key}`)
      }
      out.push(encodeURIComponent(value))
    } else {
      out.push(encodeURIComponent(segment))
    }
  }
  return '/' + out.join('/')
}

/**
 * The href of a route (basename included) in a market and language. In domain mode the href is
 * relative to that market's own domain. Params use react-router's names (`*` for a splat).
 */
export function pathFor(
  { market, locale, settings }: UrlScope & { settings: UrlSettings },
  name: RouteName,
  params: RouteParams = {},
): string {
  const fitted = fitLocale(market, locale)
  const pattern = routePatterns(routeByName(name), fitted)[0] ?? '/'
  return joinBase(basenameFor(market, fitted, settings), buildPattern(name, pattern, params))
}

/** The full path of the same page in another market and/or language (no domain). */
function translatedPath(pathname: string, from: UrlScope, to: UrlScope, settings: UrlSettings): string {
  const url = new URL(pathname, 'http://lumo.invalid')
  const relative = stripBase(url.pathname, basenameFor(from.market, from.locale, settings)) ?? url.pathname
  const locale = fitLocale(to.market, to.locale)
  const path = joinBase(
    basenameFor(to.market, locale, settings),
    canonicalRelativePath(pathSegments(relative), locale),
  )
  return path + url.search + url.hash
}

/**
 * The URL of the same page in another market and/or language: the language and market switch.
 * `pathname` is the full path (with basename, optionally query and hash, both kept). In domain
 * mode a different market gives a protocol-relative URL on that market's domain.
 */
export function switchPath({
  pathname,
  from,
  to,
  settings,
}: {
  pathname: string
  from: UrlScope
  to: UrlScope
  settings: UrlSettings
}): string {
  const path = translatedPath(pathname, from, to, settings)
  const domain = settings.marketDomains[to.market]
  if (settings.mode === 'domain' && to.market !== from.market && domain) return `//${domain}${path}`
  return path
}

/** The market + language pairs that get an hreflang link (fi-FI, sv-FI, sv-SE, nb-NO, da-DK). */
export const HREFLANG_TARGETS: readonly (UrlScope & { hreflang: string })[] = Object.values(MARKETS).flatMap(
  (market) =>
    market.allowedLocales.map((locale) => ({
      market: market.alias,
      locale,
      hreflang: `${LOCALES[locale].code}-${market.countryCode}`,
    })),
)

interface AbsoluteUrlArgs extends UrlScope {
  pathname: string
  settings: UrlSettings
  publicUrl: string
}

/** An absolute URL on the market's domain (domain mode) or under PUBLIC_URL (path mode). */
function absoluteUrl(
  market: MarketAlias,
  path: string,
  settings: UrlSettings,
  publicUrl: string,
): string | undefined {
  const base = new URL(publicUrl)
  if (settings.mode === 'domain') {
    const domain = settings.marketDomains[market]
    // a market without a domain is reachable only when it is the fallback (served on any host)
    if (domain) return `${base.protocol}//${domain}${path}`
    if (market !== FALLBACK_MARKET) return undefined
  }
  return `${base.origin}${path}`
}

/** The hreflang alternates of a page: one per market language, and x-default (fi-FI). */
export function alternates({
  market,
  locale,
  pathname,
  settings,
  publicUrl,
}: AbsoluteUrlArgs): { hreflang: string; href: string }[] {
  const path = new URL(pathname, 'http://lumo.invalid').pathname
  const result: { hreflang: string; href: string }[] = []
  let defaultHref: string | undefined
  for (const target of HREFLANG_TARGETS) {
    const href = absoluteUrl(
      target.market,
      translatedPath(path, { market, locale }, target, settings),
      settings,
      publicUrl,
    )
    if (!href) continue
    result.push({ hreflang: target.hreflang, href })
    if (target.market === FALLBACK_MARKET && target.locale === DEFAULT_LOCALE) defaultHref = href
  }
  return defaultHref ? [...result, { hreflang: 'x-default', href: defaultHref }] : result
}

/** The absolute canonical URL of a page: canonical path, no query, no hash. */
export function canonicalUrl({ market, locale, pathname, settings, publicUrl }: AbsoluteUrlArgs): string {
  const path = new URL(pathname, 'http://lumo.invalid').pathname
  const canonical = translatedPath(path, { market, locale }, { market, locale }, settings)
  return absoluteUrl(market, canonical, settings, publicUrl) ?? `${new URL(publicUrl).origin}${canonical}`
}

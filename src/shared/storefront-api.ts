/**
 * The contract between the browser and the storefront's same-origin GraphQL endpoint (the BFF,
 * server/ssr/graphql-proxy.ts): where it is and the header it demands.
 */
import { SHOP_SLUG } from './shop'

/** The browser's GraphQL endpoint: same origin, served by the BFF proxy. */
export const BROWSER_GRAPHQL_URI = '/api/graphql'

/**
 * The catalogue reads that are the same for every shopper (no user, cart or order in them). The
 * browser sends every query as a GET with its persisted-query hash (Apollo's PersistedQueryLink);
 * for these operations the BFF answers without the shopper's token and marks the answer public,
 * so the service worker keeps it for offline reading and a CDN may share it (ADR 0037). Any other
 * operation stays private and is never kept.
 */
export const PUBLIC_READ_OPERATIONS: ReadonlySet<string> = new Set([
  'home',
  'listBrands',
  'listPage',
  'listPageAlias',
  'listSearch',
  'product',
  'relatedProducts',
  'reviews',
  'contentPage',
  'favoriteProducts',
])

/** How long a public read may be reused: by the browser and a CDN (seconds). */
export const PUBLIC_READ_MAX_AGE_S = 60
/** …and served stale while a fresh copy is fetched (seconds). */
export const PUBLIC_READ_STALE_S = 600

/** The answer header that tells the service worker (sw/) it may keep a page or a read offline. */
export const OFFLINE_CACHE_HEADER = 'x-lumo-offline'

/**
 * The header the BFF requires on every request. Browsers cannot send a custom header cross-site
 * without a CORS preflight (which the proxy never grants), so forms and simple requests from
 * other sites cannot reach it: CSRF protection without tokens.
 */
export const CSRF_HEADER = `x-${SHOP_SLUG}-csrf`

/**
 * The browser's way to the likes service (docs/product-rules.md#shop-wide-behaviour favourites): same origin, served by the BFF
 * (server/ssr/likes-proxy.ts), which adds the shopper's bearer token. Paths below it are the
 * service's own: `/users/{userId}/products`, `/users/{userId}/migrated`.
 */
export const BROWSER_LIKES_URI = '/api/likes'

/**
 * The loyalty service (docs/product-rules.md#shop-wide-behaviour, server/services/loyalty): same origin,
 * the shopper known from the HttpOnly session cookie. Paths below it are the spec's:
 * `/get-contact`, `/set-discovery-key`, `/member`, `/save-consent`, plus `/overview` (the
 * membership page) and `/cart-events` (docs/product-rules.md#shop-wide-behaviour).
 */
export const BROWSER_LOYALTY_URI = '/api/loyalty'

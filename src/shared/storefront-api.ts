/**
 * The contract between the browser and the storefront's same-origin GraphQL endpoint (the BFF,
 * server/ssr/graphql-proxy.ts): where it is and the header it demands.
 */
import { SHOP_SLUG } from './shop'

/** The browser's GraphQL endpoint: same origin, served by the BFF proxy. */
export const BROWSER_GRAPHQL_URI = '/api/graphql'

/**
 * The header the BFF requires on every request. Browsers cannot send a custom header cross-site
 * without a CORS preflight (which the proxy never grants), so forms and simple requests from
 * other sites cannot reach it: CSRF protection without tokens.
 */
export const CSRF_HEADER = `x-${SHOP_SLUG}-csrf`

/**
 * The browser's way to the likes service (spec §7 favourites): same origin, served by the BFF
 * (server/ssr/likes-proxy.ts), which adds the shopper's bearer token. Paths below it are the
 * service's own: `/users/{userId}/products`, `/users/{userId}/migrated`.
 */
export const BROWSER_LIKES_URI = '/api/likes'

/**
 * The loyalty service (spec §7 "Loyalty service proxy", server/services/loyalty): same origin,
 * the shopper known from the HttpOnly session cookie. Paths below it are the spec's:
 * `/get-contact`, `/set-discovery-key`, `/member`, `/save-consent`, plus `/overview` (the
 * membership page) and `/cart-events` (spec §4).
 */
export const BROWSER_LOYALTY_URI = '/api/loyalty'

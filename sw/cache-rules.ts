/**
 * What the service worker keeps, and for how long: pure rules (no worker globals) so they are
 * unit-tested (cache-rules.test.ts) and the worker (sw.ts) only wires them to Workbox.
 *
 * - pages: only those the server marks (`x-lumo-offline: cache`: public shop pages, never the
 *   checkout, account or error pages), network first, the last good copy offline;
 * - catalogue reads: the BFF's GET /api/graphql by persisted-query hash that it marks the same
 *   way (public operations only), network first, the last good copy offline;
 * - product images: cache first, expiring, with a cap on the number kept;
 * - everything else under /api/ and the payment pages: network only, never kept.
 */
import { BROWSER_GRAPHQL_URI, OFFLINE_CACHE_HEADER } from '../src/shared/storefront-api'

export const CACHE_NAMES = {
  pages: 'lumo-pages',
  reads: 'lumo-reads',
  images: 'lumo-images',
} as const

/** Limits per runtime cache (workbox-expiration): entries kept and their age. */
export const CACHE_LIMITS = {
  pages: { maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60 },
  reads: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
  // ~400 images of 20-80 KB (webp at list and product sizes): at most ~30 MB
  images: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 },
} as const

/** How long a page or a read may take before the worker answers from its copy instead. */
export const NETWORK_TIMEOUT_SECONDS = 4

export interface RequestFacts {
  url: URL
  method: string
  mode: string
  sameOrigin: boolean
}

export type CacheRule = 'page' | 'read' | 'image' | 'network-only' | 'none'

/** Which rule a request falls under; `none` leaves it to the browser (and the precache). */
export function ruleFor({ url, method, mode, sameOrigin }: RequestFacts): CacheRule {
  if (!sameOrigin) return 'none'
  // writes (POST, PUT) are never the worker's business: they go to the network as they are
  if (method !== 'GET') return 'none'
  if (url.pathname === BROWSER_GRAPHQL_URI && url.searchParams.has('extensions')) return 'read'
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/pay/')) return 'network-only'
  if (mode === 'navigate') return 'page'
  if (url.pathname.startsWith('/img/')) return 'image'
  return 'none'
}

/** A page or a read may be kept only when it is a 200 the server marked as the same for all. */
export function mayKeep(response: Pick<Response, 'status' | 'headers'>): boolean {
  return response.status === 200 && response.headers.get(OFFLINE_CACHE_HEADER) === 'cache'
}

/** An image may be kept when it arrived whole. */
export function mayKeepImage(response: Pick<Response, 'status'>): boolean {
  return response.status === 200
}

/**
 * The message a page sends a waiting worker when the shopper agrees to the new version:
 * the page sends `{ type: 'SKIP_WAITING' }` (src/features/offline/service-worker.ts, as
 * workbox-window's `messageSkipWaiting()` does); the bare string is accepted too.
 */
export function isSkipWaitingMessage(data: unknown): boolean {
  if (data === 'SKIP_WAITING') return true
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING'
}

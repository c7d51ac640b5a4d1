/// <reference lib="webworker" />
/**
 * Lumo's service worker (Workbox, injectManifest): hashed assets precached; pages and catalogue
 * reads network-first with the last good copy offline; product images cache-first with expiry
 * and a cap; the rest of /api/ and payments never cached. The rules are in ./cache-rules.ts.
 * index.html is never precached: in an SSR app that URL is a 404 and would stop the install.
 * A new version waits until the page asks it to take over (the "new version" toast).
 */
import { precacheAndRoute, cleanupOutdatedCaches, matchPrecache } from 'workbox-precaching'
import { registerRoute, setCatchHandler } from 'workbox-routing'
import { NetworkFirst, CacheFirst, NetworkOnly } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import {
  CACHE_LIMITS,
  CACHE_NAMES,
  NETWORK_TIMEOUT_SECONDS,
  isSkipWaitingMessage,
  mayKeep,
  mayKeepImage,
  ruleFor,
  type CacheRule,
} from './cache-rules'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

// Precached with the build (scripts/build.ts globPatterns)
const OFFLINE_URL = '/offline.html'

cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)

function matches(rule: CacheRule) {
  return ({ url, request }: { url: URL; request: Request }) =>
    ruleFor({
      url,
      method: request.method,
      mode: request.mode,
      sameOrigin: url.origin === self.location.origin,
    }) === rule
}

const keepMarked = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (mayKeep(response) ? response : null),
}

registerRoute(
  matches('read'),
  new NetworkFirst({
    cacheName: CACHE_NAMES.reads,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [keepMarked, new ExpirationPlugin({ ...CACHE_LIMITS.reads, purgeOnQuotaError: true })],
  }),
)
registerRoute(matches('network-only'), new NetworkOnly())
registerRoute(
  matches('page'),
  new NetworkFirst({
    cacheName: CACHE_NAMES.pages,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [keepMarked, new ExpirationPlugin({ ...CACHE_LIMITS.pages, purgeOnQuotaError: true })],
  }),
)
registerRoute(
  matches('image'),
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [
      {
        cacheWillUpdate: async ({ response }: { response: Response }) =>
          mayKeepImage(response) ? response : null,
      },
      new ExpirationPlugin({ ...CACHE_LIMITS.images, purgeOnQuotaError: true }),
    ],
  }),
)

setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') {
    const offline = await matchPrecache(OFFLINE_URL)
    if (offline) return offline
  }
  return Response.error()
})

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting()
})

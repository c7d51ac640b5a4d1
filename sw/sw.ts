/// <reference lib="webworker" />
/**
 * Lumo's service worker (Workbox, injectManifest): hashed assets precached, pages network-first
 * with the last good copy offline, product images cached, GraphQL and payments never cached.
 * index.html is never precached: in an SSR app that URL is a 404 and would stop the install.
 */
import { precacheAndRoute, cleanupOutdatedCaches, matchPrecache } from 'workbox-precaching'
import { registerRoute, setCatchHandler } from 'workbox-routing'
import { NetworkFirst, CacheFirst, NetworkOnly } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

// Precached with the build (scripts/build.ts globPatterns)
const OFFLINE_URL = '/offline.html'

cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)

registerRoute(
  ({ url }) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/pay/'),
  new NetworkOnly(),
)
// Pages: from the network, the last good copy when offline. Only pages the server marks as public
// (x-lumo-offline: cache) are kept, so checkout and account pages never outlive the session.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  new NetworkFirst({
    cacheName: 'lumo-pages',
    networkTimeoutSeconds: 4,
    plugins: [
      {
        cacheWillUpdate: async ({ response }) =>
          response.status === 200 && response.headers.get('x-lumo-offline') === 'cache' ? response : null,
      },
    ],
  }),
)
registerRoute(({ url }) => url.pathname.startsWith('/img/'), new CacheFirst({ cacheName: 'lumo-images' }))

setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') {
    const offline = await matchPrecache(OFFLINE_URL)
    if (offline) return offline
  }
  return Response.error()
})

self.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING') void self.skipWaiting()
})

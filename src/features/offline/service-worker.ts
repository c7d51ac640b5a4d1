/**
 * The service worker's registration and its updates, with the browser's own API: what the page
 * used workbox-window for (registering, telling when a new version waits, letting it take over)
 * is these few lines, and workbox-window's 1.9 KiB no longer load with every page.
 */

/** The part of `navigator.serviceWorker` the page uses (a test passes its own). */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'register' | 'addEventListener'>

/** What the page sends a waiting worker to take over (sw/cache-rules.ts isSkipWaitingMessage). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const

/**
 * Registers /sw.js for the whole site and calls `onWaiting` with each new version that is
 * installed and waits for the current one to let go: one found waiting from an earlier visit,
 * or one installed while the page is open. A first install never waits (nothing is active yet).
 */
export async function registerServiceWorker(
  container: WorkerContainer,
  onWaiting: (worker: ServiceWorker) => void,
): Promise<ServiceWorkerRegistration> {
  const registration = await container.register('/sw.js', { scope: '/' })
  if (registration.waiting && registration.active) onWaiting(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    if (!installing) return
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed' && registration.active) onWaiting(installing)
    })
  })
  return registration
}

/** Lets a waiting version take over, then reloads the page under it. */
export function takeOver(container: WorkerContainer, waiting: ServiceWorker, reload: () => void): void {
  container.addEventListener('controllerchange', () => reload(), { once: true })
  waiting.postMessage(SKIP_WAITING_MESSAGE)
}

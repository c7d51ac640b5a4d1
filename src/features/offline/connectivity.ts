/**
 * Is the shop offline, and did a request fail for lack of a network? Used where an action needs
 * the network (add to cart, checkout) and where a page can be answered from what is cached.
 */

/** The browser says it has no network (server side: never offline). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/** The messages browsers give a fetch that found no network (Chromium, Firefox, Safari). */
const NETWORK_FAILURE = /failed to fetch|networkerror|load failed|network request failed/i

/**
 * A failure that means "no network": fetch's TypeError (also what the service worker's
 * Response.error() turns into), or any failure while the browser says it is offline.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (browserOffline()) return true
  // Apollo passes transport failures on as they are, or with the fetch error as the cause
  for (const candidate of [error, (error as { cause?: unknown } | null)?.cause]) {
    if (candidate instanceof TypeError && NETWORK_FAILURE.test(candidate.message)) return true
  }
  return false
}

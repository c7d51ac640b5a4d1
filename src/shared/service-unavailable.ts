/**
 * Whether an error says a service did not answer at all (as opposed to answering with an error):
 * its deadline passed (TimeoutError, server/services/shared/service-fetch.ts and the page's
 * deadline, src/shared/deadline.ts), its circuit is open after repeated failures
 * (CircuitOpenError, server/services/shared/circuit-breaker.ts), or no connection could be made
 * (fetch's "fetch failed"). A page whose essential data failed that way is 503 "temporarily
 * unavailable" with Retry-After, not a 500 (issue 31 row 7).
 */

/** The page's status when a service it cannot do without did not answer. */
export const SERVICE_UNAVAILABLE_STATUS = 503

const UNANSWERED_NAMES = new Set(['TimeoutError', 'CircuitOpenError'])

export function isServiceUnavailable(error: unknown): boolean {
  // Apollo and fetch may wrap the cause: look a few levels down
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { name, message } = current as { name?: unknown; message?: unknown }
    if (typeof name === 'string' && UNANSWERED_NAMES.has(name)) return true
    if (current instanceof TypeError && message === 'fetch failed') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * The live connection's retry rule (docs/product-rules.md#shop-wide-behaviour "Subscription retries: up to 5 attempts, 500 ms
 * doubled each time"): after a lost or refused connection the client tries again 500 ms, 1 s,
 * 2 s, 4 s and 8 s later, then gives up until the page is loaded again. A connection that was
 * established resets the count (graphql-ws does).
 */
export const LIVE_RETRY_ATTEMPTS = 5
export const LIVE_RETRY_FIRST_DELAY_MS = 500

/** How long to wait before attempt `retries + 1` (graphql-ws counts retries from 0). */
export function liveRetryDelayMs(retries: number): number {
  return LIVE_RETRY_FIRST_DELAY_MS * 2 ** retries
}

/** Whether a connection that failed `retries` times may be tried again. */
export function mayRetryLive(retries: number): boolean {
  return retries < LIVE_RETRY_ATTEMPTS
}

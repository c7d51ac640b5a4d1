/**
 * The browser's live connection (docs/adr/0036-live-updates.md): a graphql-ws client on the
 * same-origin `/api/graphql` (the server adds the API key and the session token; the browser's
 * own cookie and Origin authorise it). It connects when the first subscription starts, closes
 * when the last one ends, and follows the spec's retry rule (./reconnect.ts) for any lost or
 * refused connection. This module is only ever imported lazily, after hydration: graphql-ws is
 * not part of a page's first-load JavaScript.
 */
import { createClient, type Client } from 'graphql-ws'
import { LIVE_RETRY_ATTEMPTS, liveRetryDelayMs } from './reconnect'

export const LIVE_PATH = '/api/graphql'

export interface LiveClientOptions {
  /** ws(s)://{host}/api/graphql; the page's own origin by default. */
  url?: string
  /** Tests pass a WebSocket class and a clock of their own. */
  webSocketImpl?: unknown
  wait?: (ms: number) => Promise<void>
}

export function liveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function createLiveClient(options: LiveClientOptions = {}): Client {
  const wait = options.wait ?? realWait
  return createClient({
    url: options.url ?? liveUrl(window.location),
    ...(options.webSocketImpl ? { webSocketImpl: options.webSocketImpl } : {}),
    lazy: true,
    retryAttempts: LIVE_RETRY_ATTEMPTS,
    retryWait: (retries) => wait(liveRetryDelayMs(retries)),
    // a lost connection, a server restart or a refused handshake: all are worth the retries
    shouldRetry: () => true,
  })
}

/** Runs a subscription, handing each result's data on; returns how to stop it. */
export function subscribeLive<Data>(
  client: Client,
  request: { query: string; variables?: Record<string, unknown> },
  onData: (data: Data) => void,
): () => void {
  return client.subscribe<Data>(request, {
    next: (result) => {
      if (result.data) onData(result.data as Data)
    },
    // after the last retry the page keeps what it shows: stock and cart are read again on the next load
    error: () => undefined,
    complete: () => undefined,
  })
}

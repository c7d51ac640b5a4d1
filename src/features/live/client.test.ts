/**
 * The live connection keeps the retry rule of docs/product-rules.md#shop-wide-behaviour (up to 5 attempts, 500 ms doubled), with
 * graphql-ws doing the retrying: a server that never lets the socket open is tried once and then
 * exactly 5 more times, after 500, 1000, 2000, 4000 and 8000 ms, and the subscriber then hears
 * that the connection is gone. A connection that opens resets the count.
 */
import { describe, expect, it } from 'vitest'
import { createLiveClient, liveUrl, subscribeLive } from './client'

/** A WebSocket whose every handshake fails, like a server that is down. */
function refusingWebSocket() {
  const sockets: RefusedSocket[] = []
  class RefusedSocket {
    static CONNECTING = 0
    static OPEN = 1
    static CLOSING = 2
    static CLOSED = 3
    readyState = 0
    protocol = ''
    onopen: (() => void) | null = null
    onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null
    onerror: ((error: unknown) => void) | null = null
    onmessage: ((event: { data: string }) => void) | null = null
    constructor(readonly url: string) {
      sockets.push(this)
      queueMicrotask(() => {
        this.readyState = 3
        this.onclose?.({ code: 1006, reason: '', wasClean: false })
      })
    }
    close() {
      this.readyState = 3
    }
    send() {}
  }
  return { RefusedSocket, sockets }
}

describe('the live client', () => {
  it('retries a lost connection 5 times, 500 ms doubled, then reports the loss', async () => {
    const { RefusedSocket, sockets } = refusingWebSocket()
    const waits: number[] = []
    const client = createLiveClient({
      url: 'ws://shop.test/api/graphql',
      webSocketImpl: RefusedSocket,
      wait: async (ms) => {
        waits.push(ms)
      },
    })
    const failure = new Promise<unknown>((resolve) => {
      client.subscribe(
        { query: 'subscription { productStockChanged(productId: 1) { skuId } }' },
        {
          next: () => undefined,
          error: resolve,
          complete: () => resolve('completed'),
        },
      )
    })
    expect(await failure).toMatchObject({ code: 1006 })
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000])
    expect(sockets).toHaveLength(6)
    expect(sockets[0]?.url).toBe('ws://shop.test/api/graphql')
    await client.dispose()
  })

  it('subscribeLive hands on the data of each result and ignores the rest', () => {
    const seen: unknown[] = []
    let sink: { next(value: unknown): void } | undefined
    const client = {
      subscribe: (_request: unknown, given: { next(value: unknown): void }) => {
        sink = given
        return () => undefined
      },
    }
    subscribeLive(client as never, { query: 'subscription { x }' }, (data) => seen.push(data))
    sink?.next({ data: { x: 1 } })
    sink?.next({ errors: [{ message: 'no' }] })
    expect(seen).toEqual([{ x: 1 }])
  })

  it("connects to the page's own origin, secure when the page is", () => {
    expect(liveUrl({ protocol: 'https:', host: 'lumo.fi' })).toBe('wss://lumo.fi/api/graphql')
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/api/graphql')
  })
})

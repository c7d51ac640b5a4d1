/**
 * The live events of this instance (docs/adr/0036-live-updates.md): one LISTEN on the database's
 * 'lumo_live' channel (migration 0990), fanned out in process to the subscriptions waiting for a
 * topic. Every instance on the same database receives every notification, so subscribers on any
 * instance see changes written by any other (or by anything else that writes the tables).
 *
 * A topic's stream is coalescing: a subscriber that is still busy with the last change gets the
 * newest detail once, not a backlog (the subscription reads the current state anyway). After the
 * database connection was lost and is back, the listener reports '*', and every stream wakes up
 * with RESYNC, since changes may have been missed.
 */
import type { Database } from '../../../db'

export const LIVE_CHANNEL = 'lumo_live'

/** The detail of a wake-up when notifications may have been missed. */
export const RESYNC = '*'

export function stockTopic(productId: number): string {
  return `stock:${productId}`
}

export function cartTopic(userId: string): string {
  return `cart:${userId}`
}

/** 'stock:12' → topic 'stock:12', detail ''; 'cart:<user>:<cart>' → topic 'cart:<user>', detail '<cart>'. */
export function parseNotification(payload: string): { topic: string; detail: string } | null {
  const [kind, key, detail = ''] = payload.split(':')
  if (!kind || !key) return null
  if (kind === 'stock' && /^\d+$/.test(key)) return { topic: stockTopic(Number(key)), detail }
  if (kind === 'cart' && detail) return { topic: cartTopic(key), detail }
  return null
}

type Wake = (detail: string) => void

export interface LiveEvents {
  /**
   * The changes of one topic as they come, until the consumer returns (graphql-ws calls
   * `return()` when the client completes or the socket closes).
   */
  stream(topic: string): AsyncIterableIterator<string>
  /** Resolves once a stream of the topic is open (tests wait for a subscription to be in place). */
  whenStreaming(topic: string): Promise<void>
  close(): Promise<void>
}

export async function startLiveEvents(database: Pick<Database, 'listen'>): Promise<LiveEvents> {
  const waiting = new Map<string, Set<Wake>>()
  const awaitingStream = new Map<string, (() => void)[]>()

  const deliver = (topic: string, detail: string) => {
    for (const wake of waiting.get(topic) ?? []) wake(detail)
  }
  const stopListening = await database.listen(LIVE_CHANNEL, (payload) => {
    if (payload === RESYNC) {
      for (const topic of waiting.keys()) deliver(topic, RESYNC)
      return
    }
    const event = parseNotification(payload)
    if (event) deliver(event.topic, event.detail)
  })

  function stream(topic: string): AsyncIterableIterator<string> {
    let pending: string | null = null
    let resolveNext: ((result: IteratorResult<string>) => void) | null = null
    let done = false
    const wake: Wake = (detail) => {
      if (done) return
      if (resolveNext) {
        const resolve = resolveNext
        resolveNext = null
        resolve({ value: detail, done: false })
      } else {
        // a resync outranks a single change: it asks for everything again
        pending = pending === RESYNC ? RESYNC : detail
      }
    }
    const finish = (): Promise<IteratorResult<string>> => {
      if (!done) {
        done = true
        const set = waiting.get(topic)
        set?.delete(wake)
        if (set?.size === 0) waiting.delete(topic)
        resolveNext?.({ value: undefined, done: true })
        resolveNext = null
      }
      return Promise.resolve({ value: undefined, done: true })
    }
    let set = waiting.get(topic)
    if (!set) waiting.set(topic, (set = new Set()))
    set.add(wake)
    for (const resolve of awaitingStream.get(topic) ?? []) resolve()
    awaitingStream.delete(topic)
    return {
      next() {
        if (done) return Promise.resolve({ value: undefined, done: true })
        if (pending !== null) {
          const value = pending
          pending = null
          return Promise.resolve({ value, done: false })
        }
        return new Promise((resolve) => {
          resolveNext = resolve
        })
      },
      return: finish,
      throw: (error: unknown) => finish().then(() => Promise.reject(error as Error)),
      [Symbol.asyncIterator]() {
        return this
      },
    }
  }

  return {
    stream,
    whenStreaming(topic) {
      if (waiting.has(topic)) return Promise.resolve()
      return new Promise((resolve) => {
        const list = awaitingStream.get(topic) ?? []
        list.push(resolve)
        awaitingStream.set(topic, list)
      })
    },
    close: () => stopListening(),
  }
}

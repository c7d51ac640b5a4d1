/**
 * The instance's live event hub (ADR 0036) on a fake database listener: notifications reach the
 * streams of their topic only, a busy stream gets the newest change once instead of a backlog, a
 * resync ('*', after a lost listening connection) wakes every stream, and a returned stream is
 * gone from the hub.
 */
import { describe, expect, it } from 'vitest'
import { cartTopic, LIVE_CHANNEL, parseNotification, RESYNC, startLiveEvents, stockTopic } from './events'

async function hubWithFakeDatabase() {
  let notify: (payload: string) => void = () => undefined
  let channel = ''
  let stopped = false
  const events = await startLiveEvents({
    listen: async (name, onNotify) => {
      channel = name
      notify = onNotify
      return async () => {
        stopped = true
      }
    },
  })
  return {
    events,
    notify: (payload: string) => notify(payload),
    channel: () => channel,
    stopped: () => stopped,
  }
}

describe('parseNotification', () => {
  it('reads the payloads of migration 0990', () => {
    expect(parseNotification('stock:12')).toEqual({ topic: 'stock:12', detail: '' })
    expect(parseNotification('cart:u-1:c-2')).toEqual({ topic: 'cart:u-1', detail: 'c-2' })
  })

  it('ignores anything else', () => {
    for (const payload of ['', 'stock:', 'stock:abc', 'cart:u-1', 'price:1', ':'])
      expect(parseNotification(payload)).toBeNull()
  })
})

describe('live events', () => {
  it("listens on lumo_live and wakes only the topic's streams", async () => {
    const hub = await hubWithFakeDatabase()
    expect(hub.channel()).toBe(LIVE_CHANNEL)
    const product1 = hub.events.stream(stockTopic(1))
    const product2 = hub.events.stream(stockTopic(2))
    const next1 = product1.next()
    hub.notify('stock:2')
    hub.notify('stock:1')
    expect(await next1).toEqual({ value: '', done: false })
    expect(await product2.next()).toEqual({ value: '', done: false })
    await hub.events.close()
    expect(hub.stopped()).toBe(true)
  })

  it('a busy stream gets the newest change once, and a resync outranks a change', async () => {
    const hub = await hubWithFakeDatabase()
    const carts = hub.events.stream(cartTopic('u-1'))
    hub.notify('cart:u-1:c-1')
    hub.notify('cart:u-1:c-2')
    expect(await carts.next()).toEqual({ value: 'c-2', done: false })
    hub.notify(RESYNC)
    hub.notify('cart:u-1:c-3')
    expect(await carts.next()).toEqual({ value: RESYNC, done: false })
  })

  it('a returned stream ends its waiting read and hears nothing more', async () => {
    const hub = await hubWithFakeDatabase()
    const stock = hub.events.stream(stockTopic(7))
    const waiting = stock.next()
    await stock.return?.()
    expect(await waiting).toEqual({ value: undefined, done: true })
    hub.notify('stock:7')
    expect(await stock.next()).toEqual({ value: undefined, done: true })
  })

  it('whenStreaming resolves once a stream of the topic is open', async () => {
    const hub = await hubWithFakeDatabase()
    const opened = hub.events.whenStreaming(stockTopic(3))
    hub.events.stream(stockTopic(3))
    await expect(opened).resolves.toBeUndefined()
    await expect(hub.events.whenStreaming(stockTopic(3))).resolves.toBeUndefined()
  })
})

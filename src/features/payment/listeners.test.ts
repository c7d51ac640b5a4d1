import { describe, expect, it } from 'vitest'
import { makeStore } from '../../app/store'
import { cartLoaded } from '../cart/slice'
import { claimPurchase, PURCHASES_SENT_KEY, startOrderConfirmation } from './listeners'
import { orderConfirmed } from './slice'

function memoryStorage() {
  const values = new Map<string, string>()
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  }
}

const PURCHASE = {
  orderId: '17',
  currency: 'SEK',
  email: 'anna@example.se',
  rows: [{ articleNumber: 'LU000001', name: 'Klänning', quantity: 1, priceIncVat: 499 }],
  discountIncVat: 0,
}

describe('order confirmation listener', () => {
  it('drops the completed cart and records the purchase once per order', () => {
    const storage = memoryStorage()
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(cartLoaded({ id: 'cart-1', items: [{ skuId: 1, quantity: 1 }] }))
    const stop = startOrderConfirmation(store, storage)
    const confirm = orderConfirmed({ publicId: 'order-a', cartId: 'cart-1', purchase: PURCHASE })
    store.dispatch(confirm)
    expect(store.getState().cart).toMatchObject({ id: null, status: 'empty' })
    expect(store.getState().payment.status).toBe('succeeded')
    const purchases = () =>
      store.getState().events.queue.filter((event) => event.type === 'checkout:purchase')
    expect(purchases()).toHaveLength(1)
    expect(purchases()[0]?.payload).toEqual(PURCHASE)

    // a reload (a new store, the same browser storage) does not send it again
    store.dispatch(confirm)
    const reloaded = makeStore(undefined, { devTools: false })
    const stopReloaded = startOrderConfirmation(reloaded, storage)
    reloaded.dispatch(confirm)
    expect(purchases()).toHaveLength(1)
    expect(reloaded.getState().events.queue).toHaveLength(0)
    stop()
    stopReloaded()
  })

  it('handles a confirmation recorded before it started listening', () => {
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(cartLoaded({ id: 'cart-3', items: [] }))
    store.dispatch(orderConfirmed({ publicId: 'order-c', cartId: 'cart-3', purchase: PURCHASE }))
    const stop = startOrderConfirmation(store, memoryStorage())
    expect(store.getState().cart.id).toBeNull()
    expect(store.getState().payment.confirmation).toBeNull()
    expect(store.getState().events.queue.map((event) => event.type)).toEqual(['checkout:purchase'])
    stop()
  })

  it('keeps a newer cart the shopper already started', () => {
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(cartLoaded({ id: 'cart-2', items: [] }))
    const stop = startOrderConfirmation(store, memoryStorage())
    store.dispatch(orderConfirmed({ publicId: 'order-b', cartId: 'cart-1', purchase: PURCHASE }))
    expect(store.getState().cart.id).toBe('cart-2')
    stop()
  })

  it('remembers a bounded number of orders and survives broken storage', () => {
    const storage = memoryStorage()
    for (let i = 0; i < 60; i++) expect(claimPurchase(storage, `o${i}`)).toBe(true)
    expect(JSON.parse(storage.getItem(PURCHASES_SENT_KEY) ?? '[]')).toHaveLength(50)
    expect(claimPurchase(storage, 'o59')).toBe(false)
    storage.setItem(PURCHASES_SENT_KEY, 'not json')
    expect(claimPurchase(storage, 'o59')).toBe(true)
    expect(claimPurchase(null, 'x')).toBe(true)
  })
})

import { describe, expect, it, vi } from 'vitest'
import type { DocumentNode } from 'graphql'
import { makeStore } from '../../app/store'
import { channelInitialised, checkoutMarketChanged } from '../channel/slice'
import { startCartSync } from './listeners'
import { loadCartOnServer } from './server-load'
import { cartLoaded, cartRestored } from './slice'
import { addToCart, applyPromoCode, setLineQuantity } from './thunks'
import { cartView, item } from './test-cart'
import type { CartView } from './types'

type Variables = Record<string, unknown>

function operationName(document: DocumentNode): string {
  const definition = document.definitions.find((node) => node.kind === 'OperationDefinition')
  return definition && 'name' in definition ? (definition.name?.value ?? '') : ''
}

/** A commerce API in memory: carts by id, stock per SKU, errors shaped like Apollo 4's. */
function fakeApi(stock: Record<number, number> = { 101: 20, 102: 5 }) {
  const carts = new Map<string, CartView>()
  const calls: { name: string; variables: Variables }[] = []
  let next = 1
  const graphqlError = (message: string, extensions: Record<string, unknown>) =>
    Object.assign(new Error(message), { errors: [{ message, extensions }] })
  const run = (document: DocumentNode, variables: Variables = {}) => {
    const name = operationName(document)
    calls.push({ name, variables })
    const id = variables.id as string | undefined
    if (name === 'getCart') {
      if (!id) {
        const cart = cartView({ id: `cart-${next++}`, items: [] })
        carts.set(cart.id, cart)
        return { data: { getCart: cart } }
      }
      const cart = carts.get(id)
      if (!cart) throw graphqlError(`No cart was found with the ID ${id}`, { code: 'NOT_FOUND' })
      return { data: { getCart: cart } }
    }
    const cart = id ? carts.get(id) : undefined
    if (!cart) throw graphqlError(`No cart was found with the ID ${id}`, { code: 'NOT_FOUND' })
    if (name === 'setCartPromoCode') {
      const code = String(variables.promoCode)
      if (code !== '' && code !== 'WELCOME15') throw graphqlError('invalid', { code: 'InvalidPromoCode' })
      const updated = { ...cart, promoCode: code || null }
      carts.set(cart.id, updated)
      return { data: { setCartPromoCode: updated } }
    }
    const input = variables.item as { skuId: number; quantity: number }
    const existing = cart.items.find((line) => line.skuId === input.skuId)
    const quantity = name === 'addToCart' ? (existing?.quantity ?? 0) + input.quantity : input.quantity
    const max = stock[input.skuId] ?? 0
    if (quantity > max) throw graphqlError(`only ${max} left`, { code: 'OUT_OF_STOCK', stock: max })
    const items = cart.items.filter((line) => line.skuId !== input.skuId)
    if (quantity > 0) items.push(item({ skuId: input.skuId, quantity }))
    const updated = { ...cart, items }
    carts.set(cart.id, updated)
    return { data: { [name]: updated } }
  }
  const apollo = {
    query: vi.fn(async (options: { query: DocumentNode; variables?: Variables }) =>
      run(options.query, options.variables),
    ),
    mutate: vi.fn(async (options: { mutation: DocumentNode; variables?: Variables }) =>
      run(options.mutation, options.variables),
    ),
  }
  return { apollo, carts, calls, getApollo: () => Promise.resolve(apollo as never) }
}

function storeIn(market: 'fi' | 'se' = 'fi') {
  const store = makeStore(undefined, { devTools: false })
  store.dispatch(channelInitialised({ market, checkoutMarket: market, locale: 'fi', urlMode: 'path' }))
  return store
}

describe('addToCart', () => {
  it('creates the cart when the shopper has none, adds, and opens the popup', async () => {
    const api = fakeApi()
    const store = storeIn()
    await store.dispatch(addToCart(api.getApollo, { skuId: 101, quantity: 2 }))
    expect(api.calls.map((call) => call.name)).toEqual(['getCart', 'addToCart'])
    expect(api.calls[0]?.variables).toMatchObject({ marketId: 'fi', languageId: 'fi-FI', channelId: '1|fi' })
    expect(api.calls[0]?.variables.id).toBeUndefined()
    const { cart } = store.getState()
    expect(cart.id).toBe('cart-1')
    expect(cart.status).toBe('loaded')
    expect(cart.data?.items).toMatchObject([{ skuId: 101, quantity: 2 }])
    expect(cart.added).toEqual({ skuId: 101, quantity: 2 })
  })

  it('two quick adds share one new cart', async () => {
    const api = fakeApi()
    const store = storeIn()
    await Promise.all([
      store.dispatch(addToCart(api.getApollo, { skuId: 101, quantity: 1 })),
      store.dispatch(addToCart(api.getApollo, { skuId: 102, quantity: 1 })),
    ])
    expect(api.calls.filter((call) => call.name === 'getCart')).toHaveLength(1)
    expect(api.carts.get('cart-1')?.items).toHaveLength(2)
  })

  it('prices the cart in the checkout market', async () => {
    const api = fakeApi()
    const store = storeIn()
    store.dispatch(checkoutMarketChanged('se'))
    await store.dispatch(addToCart(api.getApollo, { skuId: 101, quantity: 1 }))
    expect(api.calls.every((call) => call.variables.marketId === 'se')).toBe(true)
  })

  it('rejects with the API error code and stock when more is asked than is left', async () => {
    const api = fakeApi()
    const store = storeIn()
    await expect(store.dispatch(addToCart(api.getApollo, { skuId: 102, quantity: 6 }))).rejects.toMatchObject(
      {
        code: 'OUT_OF_STOCK',
        extensions: { stock: 5 },
      },
    )
    expect(store.getState().cart.added).toBeNull()
  })

  it('replaces a cart the API no longer has (completed in another tab) and adds to the new one', async () => {
    const api = fakeApi()
    const store = storeIn()
    store.dispatch(cartLoaded(cartView({ id: 'gone' }) as never))
    await store.dispatch(addToCart(api.getApollo, { skuId: 101, quantity: 1 }))
    expect(api.calls.map((call) => call.name)).toEqual(['addToCart', 'getCart', 'addToCart'])
    expect(store.getState().cart.id).toBe('cart-1')
    expect(store.getState().cart.data?.items).toHaveLength(1)
  })
})

describe('quantity and promo code', () => {
  it('sets an absolute quantity; 0 removes the line', async () => {
    const api = fakeApi()
    const store = storeIn()
    await store.dispatch(addToCart(api.getApollo, { skuId: 101, quantity: 1 }))
    await store.dispatch(setLineQuantity(api.getApollo, { skuId: 101, quantity: 4 }))
    expect(store.getState().cart.data?.items).toMatchObject([{ skuId: 101, quantity: 4 }])
    await store.dispatch(setLineQuantity(api.getApollo, { skuId: 101, quantity: 0 }))
    expect(store.getState().cart.data?.items).toEqual([])
  })

  it('applies a trimmed code and removes it with an empty one', async () => {
    const api = fakeApi()
    const store = storeIn()
    await store.dispatch(addToCart(api.getApollo, { skuId: 101, quantity: 1 }))
    await store.dispatch(applyPromoCode(api.getApollo, '  WELCOME15 '))
    expect(store.getState().cart.data?.promoCode).toBe('WELCOME15')
    await expect(store.dispatch(applyPromoCode(api.getApollo, 'NOPE'))).rejects.toMatchObject({
      code: 'InvalidPromoCode',
    })
    await store.dispatch(applyPromoCode(api.getApollo, ''))
    expect(store.getState().cart.data?.promoCode).toBeNull()
  })
})

describe('cart listeners', () => {
  it('load the cart the server could not, and again on a checkout-market change', async () => {
    const api = fakeApi()
    api.carts.set('c9', cartView({ id: 'c9' }))
    const store = storeIn()
    store.dispatch(cartRestored('c9'))
    const stop = startCartSync(store, api.getApollo)
    await vi.waitFor(() => expect(store.getState().cart.status).toBe('loaded'))
    expect(store.getState().cart.id).toBe('c9')
    store.dispatch(checkoutMarketChanged('se'))
    expect(store.getState().cart.status).toBe('loading')
    await vi.waitFor(() => expect(store.getState().cart.status).toBe('loaded'))
    expect(api.calls.at(-1)).toMatchObject({ name: 'getCart', variables: { id: 'c9', marketId: 'se' } })
    stop()
  })

  it("record cart:add and cart:remove for this tab's own changes only", async () => {
    const api = fakeApi()
    const store = storeIn()
    const stop = startCartSync(store, api.getApollo)
    await store.dispatch(addToCart(api.getApollo, { skuId: 101, quantity: 2 }))
    await store.dispatch(setLineQuantity(api.getApollo, { skuId: 101, quantity: 1 }))
    const lineEvents = () =>
      store
        .getState()
        .events.queue.filter((event) => event.type === 'cart:add' || event.type === 'cart:remove')
    expect(lineEvents().map((event) => [event.type, event.payload.quantity])).toEqual([
      ['cart:add', 2],
      ['cart:remove', 1],
    ])
    // docs/product-rules.md#cart's 'cart changed' message follows each change, marked as this tab's own
    const changed = store.getState().events.queue.filter((event) => event.type === 'cart:changed')
    expect(changed.map((event) => event.payload.fromOtherTab)).toEqual([false, false])
    // the same change arriving from another tab records nothing here
    store.dispatch({
      ...cartLoaded(cartView({ id: 'cart-1', items: [item({ skuId: 101, quantity: 5 })] }) as never),
      meta: { fromOtherTab: true },
    })
    expect(lineEvents()).toHaveLength(2)
    // …but another tab's change is still 'cart changed', for the toast to tell this tab
    expect(store.getState().events.queue.at(-1)).toMatchObject({
      type: 'cart:changed',
      payload: { fromOtherTab: true },
    })
    stop()
  })
})

describe('loading the cart on the server', () => {
  it('puts the cookie’s cart into the state, or starts empty when the API no longer has it', async () => {
    const api = fakeApi()
    api.carts.set('c1', cartView({ id: 'c1' }))
    const log = vi.fn()
    const store = storeIn()
    store.dispatch(cartRestored('c1'))
    await loadCartOnServer(store, api.apollo as never, { market: 'fi', locale: 'fi' }, log)
    expect(store.getState().cart).toMatchObject({ id: 'c1', status: 'loaded' })

    const lost = storeIn()
    lost.dispatch(cartRestored('completed-cart'))
    await loadCartOnServer(lost, api.apollo as never, { market: 'fi', locale: 'fi' }, log)
    expect(lost.getState().cart).toMatchObject({ id: null, status: 'empty', lostId: 'completed-cart' })
    expect(log).not.toHaveBeenCalled()
  })

  it('leaves the cart loading for the browser when the API fails', async () => {
    const failing = { query: vi.fn(async () => Promise.reject(new Error('Response not successful'))) }
    const log = vi.fn()
    const store = storeIn()
    store.dispatch(cartRestored('c1'))
    await loadCartOnServer(store, failing as never, { market: 'fi', locale: 'fi' }, log)
    expect(store.getState().cart).toMatchObject({ id: 'c1', status: 'loading' })
    expect(log).toHaveBeenCalledTimes(1)
  })
})

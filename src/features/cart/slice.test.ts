import { describe, expect, it } from 'vitest'
import { makeStore } from '../../app/store'
import { checkoutMarketChanged } from '../channel/slice'
import {
  CART_MAX_RETRIES,
  CART_RETRY_DELAY_MS,
  cartChanged,
  cartItemsChanged,
  cartLoaded,
  cartLost,
  cartReducer,
  cartRestored,
  initialCartState,
  loadCart,
  strayCartCookie,
  type CartData,
} from './slice'

const cart = (overrides: Partial<CartData> = {}): CartData => ({
  id: 'c1',
  promoCode: null,
  items: [{ skuId: 1, quantity: 2 }],
  summary: {
    subTotal: { regularPriceIncVat: 100 },
    shipping: { feeIncVat: 5, isDefault: true },
    total: { sellingPriceIncVat: 105 },
  },
  ...overrides,
})

describe('cart state', () => {
  it('starts empty with 5 retries', () => {
    expect(initialCartState).toEqual({
      id: null,
      data: null,
      status: 'empty',
      retriesLeft: 5,
      drawerOpen: false,
      added: null,
      lostId: null,
    })
  })

  it('a restored id waits for the browser to load it; no id is an empty cart', () => {
    expect(cartReducer(initialCartState, cartRestored('abc'))).toMatchObject({ id: 'abc', status: 'loading' })
    expect(cartReducer(initialCartState, cartRestored(null))).toMatchObject({ id: null, status: 'empty' })
  })

  it('a cart cookie the state does not hold: dropped when the server found it unusable, else loaded', () => {
    const lost = cartReducer(cartReducer(initialCartState, cartRestored('done')), cartLost('done'))
    expect(lost).toMatchObject({ id: null, status: 'empty', lostId: 'done' })
    expect(strayCartCookie(lost, 'done')).toBe('drop')
    expect(strayCartCookie(lost, 'x'.repeat(201))).toBe('drop')
    // made after the page was rendered (another tab, a test's own request): the page takes it
    expect(strayCartCookie(lost, 'newer')).toBe('load')
    expect(strayCartCookie(initialCartState, 'newer')).toBe('load')
    expect(strayCartCookie(initialCartState, undefined)).toBeNull()
    expect(strayCartCookie(cartReducer(initialCartState, cartLoaded(cart())), 'other')).toBeNull()
  })

  it('a checkout-market change reloads a known cart', () => {
    const loaded = cartReducer(initialCartState, cartLoaded(cart()))
    expect(cartReducer(loaded, checkoutMarketChanged('se')).status).toBe('loading')
    expect(cartReducer(initialCartState, checkoutMarketChanged('se')).status).toBe('empty')
  })
})

describe('cart change rules', () => {
  it('cart changed: item count, shipping fee, total or shipping default flag', () => {
    expect(cartChanged(cart(), cart())).toBe(false)
    expect(cartChanged(cart(), cart({ items: [{ skuId: 1, quantity: 3 }] }))).toBe(true)
    expect(
      cartChanged(
        cart(),
        cart({ summary: { ...cart().summary, shipping: { feeIncVat: 0, isDefault: true } } }),
      ),
    ).toBe(true)
    expect(
      cartChanged(
        cart(),
        cart({ summary: { ...cart().summary, shipping: { feeIncVat: 5, isDefault: false } } }),
      ),
    ).toBe(true)
    expect(
      cartChanged(cart(), cart({ summary: { ...cart().summary, total: { sellingPriceIncVat: 99 } } })),
    ).toBe(true)
    // a changed promo code alone is not a 'cart changed'
    expect(cartChanged(cart(), cart({ promoCode: 'X' }))).toBe(false)
  })

  it('items changed: regular subtotal or promo code', () => {
    expect(cartItemsChanged(cart(), cart())).toBe(false)
    expect(cartItemsChanged(cart(), cart({ promoCode: 'SPRING' }))).toBe(true)
    expect(
      cartItemsChanged(
        cart(),
        cart({ summary: { ...cart().summary, subTotal: { regularPriceIncVat: 120 } } }),
      ),
    ).toBe(true)
    expect(cartItemsChanged(null, cart())).toBe(true)
  })
})

describe('loadCart', () => {
  it('loads the cart', async () => {
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(cartRestored('c1'))
    const ids: (string | null)[] = []
    await store.dispatch(
      loadCart({ fetchCart: async (id) => (ids.push(id), cart()), wait: async () => undefined }),
    )
    expect(ids).toEqual(['c1'])
    expect(store.getState().cart).toMatchObject({ id: 'c1', status: 'loaded', retriesLeft: CART_MAX_RETRIES })
  })

  it('retries after 1 s, resetting the cart and counting down', async () => {
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(cartRestored('broken'))
    const waits: number[] = []
    const ids: (string | null)[] = []
    let calls = 0
    const result = await store.dispatch(
      loadCart({
        fetchCart: async (id) => {
          ids.push(id)
          calls += 1
          if (calls < 3) throw new Error('down')
          return cart({ id: 'fresh' })
        },
        wait: async (ms) => void waits.push(ms),
      }),
    )
    expect(result?.id).toBe('fresh')
    expect(waits).toEqual([CART_RETRY_DELAY_MS, CART_RETRY_DELAY_MS])
    // the first retry resets the cart: a new one is created
    expect(ids).toEqual(['broken', null, null])
    expect(store.getState().cart.status).toBe('loaded')
  })

  it('gives up after 5 retries', async () => {
    const store = makeStore(undefined, { devTools: false })
    let calls = 0
    const result = await store.dispatch(
      loadCart({
        fetchCart: async () => {
          calls += 1
          throw new Error('down')
        },
        wait: async () => undefined,
      }),
    )
    expect(result).toBeNull()
    expect(calls).toBe(1 + CART_MAX_RETRIES)
    expect(store.getState().cart).toMatchObject({ status: 'error', retriesLeft: 0 })
  })
})

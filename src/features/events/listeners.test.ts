import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import {
  createDataLayerWriter,
  discountBand,
  sha256Hex,
  spreadDiscount,
  startEventDelivery,
  type DataLayerContext,
  type DataLayerEntry,
} from './listeners'
import { pageImpression, shopEventRecorded, type ShopEvent } from './slice'

const product = (n: number, discountPercentage = 0) => ({
  articleNumber: `ART-${n}`,
  productId: n,
  name: `Dress ${n}`,
  brand: { name: 'Nova' },
  primaryCategory: { name: 'Dresses' },
  unitPrice: { sellingPriceIncVat: 40, regularPriceIncVat: discountPercentage ? 50 : 40, discountPercentage },
})

let id = 0
const event = (type: ShopEvent['type'], payload: Record<string, unknown> = {}): ShopEvent => ({
  id: ++id,
  type,
  payload,
})

function writer(context: DataLayerContext = { personalDataAllowed: false }) {
  const entries: DataLayerEntry[] = []
  return {
    entries,
    writer: createDataLayerWriter(
      (entry) => entries.push(entry),
      () => 'https://lumo.fi/fi/?utm=x',
      () => context,
    ),
  }
}

const events = (entries: DataLayerEntry[]) =>
  entries.filter((entry) => 'event' in entry).map((entry) => entry.event)

describe('discount bands', () => {
  it.each([
    [0, '0-5'],
    [5, '0-5'],
    [6, '6-10'],
    [20, '16-20'],
    [21, '21-30'],
    [80, '71-80'],
    [81, '81-100'],
    [100, '81-100'],
  ])('%i%% → %s', (percentage, band) => {
    expect(discountBand(percentage)).toBe(band)
  })

  it('rejects other values', () => {
    expect(() => discountBand(-1)).toThrow('Invalid discount percentage')
    expect(() => discountBand(101)).toThrow('Invalid discount percentage')
    expect(() => discountBand(Number.NaN)).toThrow('Invalid discount percentage')
  })
})

describe('data layer', () => {
  it('sends product impressions in batches of 4', async () => {
    const { entries, writer: w } = writer()
    await w.write(
      [1, 2, 3, 4, 5].map((n) =>
        event('product:impression', { product: product(n), listName: 'Dresses', index: n }),
      ),
    )
    const lists = entries.filter((entry) => entry.event === 'view_item_list')
    expect(lists).toHaveLength(1)
    const items = (lists[0]?.ecommerce as { items: DataLayerEntry[] }).items
    expect(items.map((item) => item.item_id)).toEqual(['ART-1', 'ART-2', 'ART-3', 'ART-4'])
    expect(items[0]).toMatchObject({
      item_name: 'Dress 1',
      item_brand: 'Nova',
      item_category: 'Dresses',
      price: 40,
      item_list_name: 'Dresses',
      index: 1,
    })
  })

  it('flushes pending impressions before any other event and on request', async () => {
    const { entries, writer: w } = writer()
    await w.write([
      event('product:impression', { product: product(1) }),
      event('product:click', { product: product(1) }),
    ])
    expect(events(entries)).toEqual(['view_item_list', 'select_item'])
    await w.write([event('product:impression', { product: product(2) })])
    w.flush()
    expect(events(entries)).toEqual(['view_item_list', 'select_item', 'view_item_list'])
  })

  it('maps the shop events to the tag-manager events, clearing ecommerce first', async () => {
    const { entries, writer: w } = writer()
    await w.write([
      event('product-detail:impression', { product: product(1, 20) }),
      event('cart:add', { product: product(1), quantity: 2 }),
      event('cart:remove', { product: product(1), quantity: 1 }),
      event('favorite:add', { productId: 1, product: product(1) }),
      event('checkout:impression', { items: [{ product: product(1), quantity: 1 }] }),
      event('favorite:remove', { productId: 1 }),
    ])
    expect(events(entries)).toEqual([
      'view_item',
      'add_to_cart',
      'remove_from_cart',
      'add_to_wishlist',
      'begin_checkout',
    ])
    expect(entries[0]).toEqual({ ecommerce: null })
    const viewItem = entries[1]?.ecommerce as { items: DataLayerEntry[] }
    expect(viewItem.items[0]).toMatchObject({ sales_type: '16-20', discount: 10 })
    const addToCart = entries[3]?.ecommerce as { items: DataLayerEntry[] }
    expect(addToCart.items[0]?.quantity).toBe(2)
  })

  it('sends original_location and page_data first, virtual_page_view on later pages', async () => {
    const { entries, writer: w } = writer()
    await w.write([
      event('page:impression', { routeName: 'home', fullPath: '/fi/' }),
      event('page:impression', { routeName: 'product', fullPath: '/fi/p/a' }),
    ])
    expect(entries).toEqual([
      { event: 'original_location', original_location: 'https://lumo.fi/fi/?utm=x' },
      { event: 'page_data', page: { route_name: 'home', page_path: '/fi/' } },
      { event: 'page_view', page_location: 'https://lumo.fi/fi/', page_path: '/fi/', page_type: 'home' },
      { event: 'page_data', page: { route_name: 'product', page_path: '/fi/p/a' } },
      { event: 'virtual_page_view', page: { route_name: 'product', page_path: '/fi/p/a' } },
      {
        event: 'page_view',
        page_location: 'https://lumo.fi/fi/p/a',
        page_path: '/fi/p/a',
        page_type: 'product',
      },
    ])
  })

  it('hashes the purchaser (with marketing consent) and spreads a fixed discount over the items', async () => {
    const { entries, writer: w } = writer({ currency: 'EUR', personalDataAllowed: true })
    await w.write([
      event('checkout:purchase', {
        orderId: 'O-1',
        currency: 'EUR',
        items: [
          { product: { ...product(1), unitPrice: { sellingPriceIncVat: 30 } }, quantity: 1 },
          { product: { ...product(2), unitPrice: { sellingPriceIncVat: 10 } }, quantity: 1 },
        ],
        fixedAmountDiscountIncVat: 10,
        email: '  Anna@Example.FI ',
        zip: '00100',
      }),
    ])
    const purchase = entries.find((entry) => entry.event === 'purchase')
    const ecommerce = purchase?.ecommerce as {
      transaction_id: string
      value: number
      items: DataLayerEntry[]
    }
    expect(ecommerce.transaction_id).toBe('O-1')
    expect(ecommerce.items.map((item) => item.price)).toEqual([22.5, 7.5])
    expect(ecommerce.value).toBe(30)
    expect(purchase?.user_data).toEqual({
      sha256_email_address: await sha256Hex('anna@example.fi'),
      sha256_postal_code: await sha256Hex('00100'),
    })
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})

describe('GA4 ecommerce events', () => {
  const line = (n: number, quantity: number, variant?: string) => ({
    product: product(n),
    quantity,
    ...(variant ? { variant } : {}),
  })

  it('sends no hashed personal data without marketing consent', async () => {
    const { entries, writer: w } = writer({ currency: 'EUR', personalDataAllowed: false })
    await w.write([
      event('checkout:purchase', {
        orderId: 'O-2',
        currency: 'EUR',
        items: [line(1, 1)],
        email: 'anna@example.fi',
        firstName: 'Anna',
      }),
    ])
    const purchase = entries.find((entry) => entry.event === 'purchase')
    expect(purchase).toBeDefined()
    expect(purchase).not.toHaveProperty('user_data')
    expect(JSON.stringify(entries)).not.toContain(await sha256Hex('anna@example.fi'))
  })

  it('maps every cart, checkout, search and account event in order, with currency and value', async () => {
    const { entries, writer: w } = writer({ currency: 'EUR', personalDataAllowed: false })
    await w.write([
      event('search', { searchTerm: 'mekko' }),
      event('product:click', { product: product(1), listName: 'search: mekko', index: 3 }),
      event('product-detail:impression', { product: product(1) }),
      event('cart:add', { product: product(1), quantity: 2, variant: '38' }),
      event('favorite:add', { productId: 1, product: product(1) }),
      event('cart:view', { items: [line(1, 2, '38')] }),
      event('cart:remove', { product: product(1), quantity: 1, variant: '38' }),
      event('checkout:impression', { items: [line(1, 1, '38'), line(2, 1)] }),
      event('checkout:shipping', { items: [line(1, 1)], shippingTier: 'Posti' }),
      event('checkout:payment', { items: [line(1, 1)], paymentType: 'Lasku' }),
      event('user:register'),
      event('user:login'),
      event('cart:changed', { fromOtherTab: false }),
    ])
    expect(events(entries)).toEqual([
      'search',
      'select_item',
      'view_item',
      'add_to_cart',
      'add_to_wishlist',
      'view_cart',
      'remove_from_cart',
      'begin_checkout',
      'add_shipping_info',
      'add_payment_info',
      'sign_up',
      'login',
    ])
    const byEvent = (name: string) => entries.find((entry) => entry.event === name) as DataLayerEntry
    expect(byEvent('search')).toEqual({ event: 'search', search_term: 'mekko' })
    expect(byEvent('select_item').ecommerce).toMatchObject({
      currency: 'EUR',
      item_list_name: 'search: mekko',
      items: [{ item_id: 'ART-1', index: 3, item_list_name: 'search: mekko' }],
    })
    expect(byEvent('add_to_cart').ecommerce).toEqual({
      currency: 'EUR',
      value: 80,
      items: [
        {
          item_id: 'ART-1',
          item_name: 'Dress 1',
          item_brand: 'Nova',
          item_category: 'Dresses',
          item_variant: '38',
          price: 40,
          quantity: 2,
          sales_type: '0-5',
        },
      ],
    })
    expect(byEvent('begin_checkout').ecommerce).toMatchObject({ currency: 'EUR', value: 80 })
    expect(byEvent('add_shipping_info').ecommerce).toMatchObject({ shipping_tier: 'Posti', value: 40 })
    expect(byEvent('add_payment_info').ecommerce).toMatchObject({ payment_type: 'Lasku', value: 40 })
    expect(byEvent('sign_up')).toEqual({ event: 'sign_up', method: 'password' })
    // each ecommerce event clears the previous one's object first
    const selectAt = entries.findIndex((entry) => entry.event === 'select_item')
    expect(entries[selectAt - 1]).toEqual({ ecommerce: null })
  })

  it('sends impressions of one list with its name', async () => {
    const { entries, writer: w } = writer({ currency: 'SEK', personalDataAllowed: false })
    await w.write(
      [1, 2, 3, 4].map((n) =>
        event('product:impression', { product: product(n), listName: 'category: Dresses', index: n }),
      ),
    )
    expect(entries.at(-1)).toMatchObject({
      event: 'view_item_list',
      ecommerce: { currency: 'SEK', item_list_name: 'category: Dresses' },
    })
  })
})

describe('spreadDiscount', () => {
  it('splits in proportion to line value, rounded to cents', () => {
    expect(
      spreadDiscount(
        [
          { price: 10, quantity: 3 },
          { price: 20, quantity: 1 },
        ],
        5,
      ),
    ).toEqual([9, 18])
    expect(
      spreadDiscount(
        [
          { price: 9.99, quantity: 1 },
          { price: 0.01, quantity: 1 },
        ],
        1,
      ),
    ).toEqual([8.99, 0.01])
    expect(spreadDiscount([{ price: 10, quantity: 1 }], 0)).toEqual([10])
  })
})

describe('startEventDelivery', () => {
  it('delivers events recorded on the server once, then new ones as they come', async () => {
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(
      pageImpression({
        routeName: 'home',
        meta: {},
        path: '/fi/',
        hash: '',
        query: {},
        params: {},
        fullPath: '/fi/',
      }),
    )
    const target = Object.assign(new EventTarget(), {
      location: { href: 'http://shop.test/fi/' },
    }) as unknown as Window
    const stop = startEventDelivery(store, target)
    store.dispatch(shopEventRecorded({ type: 'product:impression', payload: { product: product(1) } }))
    expect(store.getState().events.queue).toEqual([])
    await vi.waitFor(() =>
      expect(events(target.dataLayer ?? [])).toEqual(['original_location', 'page_data', 'page_view']),
    )
    // the impression waits for its batch; leaving the page flushes it
    target.dispatchEvent(new Event('pagehide'))
    await vi.waitFor(() =>
      expect(events(target.dataLayer ?? [])).toEqual([
        'original_location',
        'page_data',
        'page_view',
        'view_item_list',
      ]),
    )
    stop()
  })
})

/**
 * Finding an order as an operator (issue 29) over the admin API on a real database: the list
 * filters by status, market and part of the e-mail and pages newest first; one order is found by
 * its number or its public id with its lines, money rows, status history and addresses; both are
 * behind the admin key and never cached; `npm run admin -- orders/order` print them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { runAdmin } from '../../../scripts/admin/index'
import type { AdminCall } from '../../../scripts/admin/client'
import { startCommerceApi, type CommerceApi } from '../graphql/commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const SKU = FIXTURE_PRODUCTS.satinDress.skus
/** Seeded options: Finland shipping 1, invoice 2; Sweden shipping 3, invoice 4. */
const OPTIONS = {
  fi: { shipping: 1, invoice: 2, zip: '00100', city: 'Helsinki', country: 'FI' },
  se: { shipping: 3, invoice: 4, zip: '11151', city: 'Stockholm', country: 'SE' },
} as const

const GET_CART = `query ($marketId: String) { getCart(marketId: $marketId) { id } }`
const ADD = `mutation ($id: String!, $skuId: Int!, $quantity: Int!, $marketId: String) {
  addToCart(id: $id, item: { skuId: $skuId, quantity: $quantity }, marketId: $marketId) { id } }`
const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!, $marketId: String) {
  placeOrder(cartId: $cartId, checkout: $checkout, marketId: $marketId) { orderId publicId } }`

describeEachDatabase('order look-up for operators on %s', (kind) => {
  let api: CommerceApi
  const placed: { id: number; publicId: string; email: string; market: 'fi' | 'se' }[] = []

  async function place(market: 'fi' | 'se', email: string, quantity: number) {
    const cartId = (await api.gql<{ getCart: { id: string } }>(GET_CART, { marketId: market })).data!.getCart
      .id
    const added = await api.gql(ADD, { id: cartId, skuId: SKU.inStock, quantity, marketId: market })
    expect(added.errors).toBeUndefined()
    const o = OPTIONS[market]
    const result = await api.gql<{ placeOrder: { orderId: string; publicId: string } }>(PLACE, {
      cartId,
      marketId: market,
      checkout: {
        email,
        paymentId: o.invoice,
        shippingId: o.shipping,
        billingAddress: {
          firstName: 'Greta',
          lastName: 'Gäst',
          addressLine1: 'Storgatan 1',
          zip: o.zip,
          city: o.city,
          country: o.country,
        },
      },
    })
    expect(result.errors).toBeUndefined()
    placed.push({
      id: Number(result.data!.placeOrder.orderId),
      publicId: result.data!.placeOrder.publicId,
      email,
      market,
    })
  }

  beforeAll(async () => {
    api = await startCommerceApi(kind)
    await place('fi', 'first.buyer@lookup.example', 1)
    await place('se', 'second_buyer@lookup.example', 2)
    await place('fi', 'third.buyer@lookup.example', 3)
  }, 120_000)
  afterAll(async () => {
    await api?.close()
  })

  const get = (url: string, key: string | null = api.config.adminKey) =>
    api.app.inject({
      method: 'GET',
      url: `/admin/api${url}`,
      headers: key ? { authorization: `Bearer ${key}` } : {},
    })

  /** The CLI's call, through the same app. */
  const call: AdminCall = async <T>(method: string, pathAndQuery: string) => {
    const response = await get(pathAndQuery)
    if (method !== 'GET') throw new Error('read only')
    if (response.statusCode >= 400) throw new Error(response.json().error.message)
    return response.json() as T
  }

  it('is behind the admin key and never cached', async () => {
    for (const url of ['/orders', `/orders/${placed[0]!.id}`]) {
      expect((await get(url, null)).statusCode).toBe(401)
      expect((await get(url, api.config.apiKey)).statusCode).toBe(401)
      const response = await get(url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('private, no-store')
    }
  })

  it('lists newest first and filters by market, status and part of the e-mail', async () => {
    // the seed has orders of its own: this test's carry its own domain
    const all = (await get('/orders?email=lookup.example')).json()
    const ids = all.orders.map((order: { orderId: number }) => order.orderId)
    expect(ids).toEqual([placed[2]!.id, placed[1]!.id, placed[0]!.id])
    expect(all.orders[0]).toMatchObject({
      email: 'third.buyer@lookup.example',
      market: 'fi',
      status: 'received',
      units: 3,
      currency: 'EUR',
      name: 'Greta Gäst',
    })

    const swedish = (await get('/orders?market=se&email=lookup.example')).json()
    expect(swedish.orders.map((order: { orderId: number }) => order.orderId)).toEqual([placed[1]!.id])
    expect(swedish.orders[0].currency).toBe('SEK')

    // case-insensitive part of the address; "_" is a character, not a wildcard
    const byEmail = (await get(`/orders?email=${encodeURIComponent('SECOND_')}`)).json()
    expect(byEmail.orders.map((order: { orderId: number }) => order.orderId)).toEqual([placed[1]!.id])
    expect((await get('/orders?email=first_')).json().orders).toEqual([])

    expect((await get('/orders?status=cancelled&email=lookup.example')).json().orders).toEqual([])
  })

  it('pages with limit and before, and refuses bad filters naming the field', async () => {
    const first = (await get('/orders?limit=2&email=lookup.example')).json()
    expect(first.orders).toHaveLength(2)
    expect(first.next).toBe(placed[1]!.id)
    const second = (await get(`/orders?limit=2&email=lookup.example&before=${first.next}`)).json()
    expect(second.orders[0].orderId).toBe(placed[0]!.id)

    const bad = await get('/orders?status=lost&market=us&limit=0')
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['limit', 'market', 'status'])
  })

  it('shows one order by its number or its public id: lines, money, history and addresses', async () => {
    const byNumber = await get(`/orders/${placed[2]!.id}`)
    expect(byNumber.statusCode).toBe(200)
    const details = byNumber.json()
    expect((await get(`/orders/${placed[2]!.publicId}`)).json()).toEqual(details)
    expect(details.order).toMatchObject({
      orderId: placed[2]!.id,
      publicId: placed[2]!.publicId,
      email: 'third.buyer@lookup.example',
      status: 'received',
      payment: 'invoice',
    })
    expect(details.order).not.toHaveProperty('personalId')
    expect(details.lines).toHaveLength(1)
    expect(details.lines[0]).toMatchObject({ skuId: SKU.inStock, quantity: 3 })
    const { money, lines } = details
    expect(lines[0].total).toBeCloseTo(lines[0].unitPrice * 3 - lines[0].discount, 2)
    expect(money.total).toBeCloseTo(
      money.items - money.discount + money.shipping + money.paymentFee - money.fromBalance,
      2,
    )
    expect(details.events.length).toBeGreaterThan(0)
    expect(details.billingAddress).toMatchObject({ city: 'Helsinki', addressLine1: 'Storgatan 1' })
  })

  it('answers 404 for an unknown order and 400 for something that is not an order key', async () => {
    const unknown = await get('/orders/2147483000')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.code).toBe('ORDER_NOT_FOUND')
    expect((await get('/orders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await get('/orders/..%2Faudit')).statusCode).toBe(400)
  })

  it('npm run admin -- orders prints a table; order prints the summary', async () => {
    const printed: string[] = []
    const print = (line: string) => printed.push(line)
    expect(await runAdmin(['orders', '--market', 'sv', '--email', 'lookup.example'], { call, print })).toBe(0)
    expect(printed[0]).toMatch(/^ORDER\s+PLACED \(UTC\)\s+STATUS\s+MARKET\s+E-MAIL/)
    expect(printed).toHaveLength(2)
    expect(printed[1]).toContain('second_buyer@lookup.example')
    expect(printed[1]).toContain('SEK')

    printed.length = 0
    expect(await runAdmin(['order', placed[0]!.publicId], { call, print })).toBe(0)
    const text = printed.join('\n')
    expect(text).toContain(`Order ${placed[0]!.id}`)
    expect(text).toContain('first.buyer@lookup.example')
    expect(text).toMatch(/Lines\n {2}1 × /)
    expect(text).toMatch(/Total\s+\d+\.\d\d EUR/)
    expect(text).toContain('History')
    expect(text).toContain('Shipping address')
  })
})

/**
 * Order queries: getOrders and getOrder need the signed-in user and show only that user's orders
 * (object-level authorisation: another user's order is NOT_FOUND); getOrderPublic works by the
 * public id alone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FIXTURE_CUSTOMERS, FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { errorCodes, startCommerceApi, type CommerceApi } from './commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const SKU = FIXTURE_PRODUCTS.satinDress.skus
const { aino, sven } = FIXTURE_CUSTOMERS

const ORDER_FIELDS = `id publicId orderNumber status email currency shippingMethod paymentMethod
  billingAddress { firstName lastName zip city }
  cart { id promoCode items { skuId quantity unitPrice { sellingPriceIncVat } product { name articleNumber } }
         summary { total { sellingPriceIncVat sellingPriceExVat vat } vats { rate amount } } }
  paymentDetails { isPaid name total }
  orderTotal { sellingPriceIncVat }
  fromBalance`
const GET_ORDERS = `query { getOrders { ${ORDER_FIELDS} } }`
const GET_ORDER = `query ($orderId: Int!) { getOrder(orderId: $orderId) { ${ORDER_FIELDS} } }`
const GET_PUBLIC = `query ($id: Guid!) { getOrderPublic(publicOrderId: $id) { ${ORDER_FIELDS} } }`

interface OrderJson {
  id: number
  publicId: string
  status: string
  email: string
  currency: string
  paymentMethod: string
  billingAddress: { firstName: string }
  cart: {
    items: { skuId: number; quantity: number; unitPrice: { sellingPriceIncVat: number } }[]
    summary: {
      total: { sellingPriceIncVat: number; sellingPriceExVat: number; vat: number }
      vats: { rate: number; amount: number }[]
    }
  }
  paymentDetails: { isPaid: boolean; name: string; total: number }[]
}

describeEachDatabase('orders on %s', (kind) => {
  let api: CommerceApi
  let ainoToken: string
  let svenToken: string
  let placed: { orderId: string; publicId: string }

  beforeAll(async () => {
    api = await startCommerceApi(kind)
    ainoToken = await api.tokenFor({ id: aino.userId, email: aino.email })
    svenToken = await api.tokenFor({ id: sven.userId, email: sven.email })
    const cart = await api.gql<{ getCart: { id: string } }>(
      `query { getCart { id } }`,
      {},
      { token: ainoToken },
    )
    const cartId = cart.data!.getCart.id
    await api.gql(
      `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${SKU.inStock}, quantity: 2 }) { id } }`,
      { id: cartId },
      { token: ainoToken },
    )
    const response = await api.gql<{ placeOrder: { orderId: string; publicId: string } }>(
      `mutation ($cartId: String!, $checkout: CheckoutInputType!) { placeOrder(cartId: $cartId, checkout: $checkout) { orderId publicId } }`,
      {
        cartId,
        checkout: {
          email: aino.email,
          paymentId: 2,
          shippingId: 1,
          billingAddress: {
            firstName: 'Aino',
            lastName: 'Asiakas',
            addressLine1: 'Aleksanterinkatu 5',
            zip: '00100',
            city: 'Helsinki',
          },
        },
      },
      { token: ainoToken },
    )
    expect(response.errors).toBeUndefined()
    placed = response.data!.placeOrder
  })
  afterAll(async () => {
    await api?.close()
  })

  it('needs a signed-in user', async () => {
    expect(errorCodes(await api.gql(GET_ORDERS))).toEqual(['UNAUTHENTICATED'])
    expect(errorCodes(await api.gql(GET_ORDER, { orderId: Number(placed.orderId) }))).toEqual([
      'UNAUTHENTICATED',
    ])
    const forged = await api.gql(GET_ORDERS, {}, { token: `${ainoToken.slice(0, -4)}AAAA` })
    expect(errorCodes(forged)).toEqual(['UNAUTHENTICATED'])
  })

  it("lists only the user's own orders, newest first, with the amounts they were placed with", async () => {
    const response = await api.gql<{ getOrders: OrderJson[] }>(GET_ORDERS, {}, { token: ainoToken })
    expect(response.errors).toBeUndefined()
    const orders = response.data!.getOrders
    const ownIds = await api.db
      .selectFrom('orders')
      .select('order_id')
      .where('user_id', '=', aino.userId)
      .execute()
    expect(orders.map((o) => o.id).sort()).toEqual(ownIds.map((o) => o.order_id).sort())
    const mine = orders.find((o) => o.id === Number(placed.orderId))
    expect(mine).toMatchObject({
      status: 'received',
      email: aino.email,
      currency: 'EUR',
      paymentMethod: 'Lasku (14 päivää)',
    })
    expect(mine?.cart.items).toEqual([
      {
        skuId: SKU.inStock,
        quantity: 2,
        unitPrice: { sellingPriceIncVat: 59.95 },
        product: expect.anything(),
      },
    ])
    const total = mine!.cart.summary.total
    expect(Math.round(total.sellingPriceExVat * 100) + Math.round(total.vat * 100)).toBe(
      Math.round(total.sellingPriceIncVat * 100),
    )
    expect(mine?.paymentDetails[0]).toMatchObject({ isPaid: false, name: 'invoice' })

    // the price list changing later does not change a placed order
    await api.db
      .updateTable('product_prices')
      .set({ selling_price_inc_vat: 1000, regular_price_inc_vat: 1000 })
      .where('product_id', '=', 1)
      .execute()
    const again = await api.gql<{ getOrder: OrderJson }>(
      GET_ORDER,
      { orderId: Number(placed.orderId) },
      { token: ainoToken },
    )
    expect(again.data?.getOrder.cart.items[0]?.unitPrice.sellingPriceIncVat).toBe(59.95)
  })

  it("answers NOT_FOUND for another user's order and for unknown ids", async () => {
    const response = await api.gql(GET_ORDER, { orderId: Number(placed.orderId) }, { token: svenToken })
    expect(errorCodes(response)).toEqual(['NOT_FOUND'])
    expect(errorCodes(await api.gql(GET_ORDER, { orderId: 987654 }, { token: ainoToken }))).toEqual([
      'NOT_FOUND',
    ])
    const svens = await api.gql<{ getOrders: OrderJson[] }>(GET_ORDERS, {}, { token: svenToken })
    expect(svens.data?.getOrders.some((o) => o.id === Number(placed.orderId))).toBe(false)
  })

  it('finds an order by its public id only', async () => {
    const response = await api.gql<{ getOrderPublic: OrderJson }>(GET_PUBLIC, { id: placed.publicId })
    expect(response.data?.getOrderPublic.id).toBe(Number(placed.orderId))
    expect(response.data?.getOrderPublic.billingAddress.firstName).toBe('Aino')
    expect(errorCodes(await api.gql(GET_PUBLIC, { id: '00000000-0000-4000-8000-000000000000' }))).toEqual([
      'NOT_FOUND',
    ])
    const malformed = await api.gql(GET_PUBLIC, { id: 'not-a-uuid' })
    expect(malformed.errors?.length).toBeGreaterThan(0)
    expect(malformed.data?.getOrderPublic ?? null).toBeNull()
  })
})

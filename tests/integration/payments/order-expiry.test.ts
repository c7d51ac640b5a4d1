/**
 * The card-payment window (ADR 0025): a card order nobody paid is cancelled once its window and
 * the grace have passed, whether or not it ever got a payment session, and everything it took goes
 * back; paid card orders and invoice orders are never swept. The sweep runs with a test clock.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { CARD_PAYMENT_MINUTES } from '../../../server/services/graphql/checkout/card-payment'
import {
  cancelExpiredCardOrders,
  EXPIRED_REASON,
  EXPIRY_GRACE_MINUTES,
} from '../../../server/services/graphql/checkout/expiry'
import { confirmOrderPayment } from '../../../server/services/graphql/checkout/payment'
import { paymentsDb } from '../../../server/services/payments/db'
import { skuStock, startCommerceApi, type CommerceApi } from '../graphql/commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const SKU = FIXTURE_PRODUCTS.satinDress.skus
/** Seeded Finnish options: shipping 1, card 1; Swedish invoice 4 (shipping 3). */
const FI = { shipping: 1, card: 1 }

const GET_CART = `query ($marketId: String) { getCart(marketId: $marketId) { id } }`
const ADD = `mutation ($id: String!, $skuId: Int!, $quantity: Int!, $marketId: String) {
  addToCart(id: $id, item: { skuId: $skuId, quantity: $quantity }, marketId: $marketId) { id } }`
const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!, $marketId: String) {
  placeOrder(cartId: $cartId, checkout: $checkout, marketId: $marketId) { orderId publicId status } }`

const minutes = (count: number) => count * 60_000

describeEachDatabase('card orders past their payment window on %s', (kind) => {
  let api: CommerceApi

  beforeAll(async () => {
    api = await startCommerceApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  async function placeOrder(payment: 'card' | 'invoice', quantity: number) {
    const market = payment === 'card' ? { marketId: 'fi', country: 'FI', zip: '00100' } : null
    const marketId = market?.marketId ?? 'se'
    const cartId = (await api.gql<{ getCart: { id: string } }>(GET_CART, { marketId })).data!.getCart.id
    const added = await api.gql(ADD, { id: cartId, skuId: SKU.inStock, quantity, marketId })
    expect(added.errors).toBeUndefined()
    const placed = await api.gql<{ placeOrder: { orderId: string; publicId: string; status: string } }>(
      PLACE,
      {
        cartId,
        marketId,
        checkout: {
          email: 'expiry@example.com',
          paymentId: payment === 'card' ? FI.card : 4,
          shippingId: payment === 'card' ? FI.shipping : 3,
          billingAddress: {
            firstName: 'Eero',
            lastName: 'Esimerkki',
            addressLine1: 'Aleksanterinkatu 5',
            zip: market?.zip ?? '11151',
            city: market ? 'Helsinki' : 'Stockholm',
            country: market?.country ?? 'SE',
          },
        },
      },
    )
    expect(placed.errors).toBeUndefined()
    return { id: Number(placed.data!.placeOrder.orderId), ...placed.data!.placeOrder }
  }

  async function orderOf(id: number) {
    return api.db
      .selectFrom('orders')
      .select(['status', 'paid_at', 'created_at'])
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow()
  }

  it('cancels an unpaid card order after its window and gives its stock back, with or without a session', async () => {
    const before = await skuStock(api.db, SKU.inStock)
    const withSession = await placeOrder('card', 2)
    expect(withSession.status).toBe('pending')
    const withoutSession = await placeOrder('card', 1)
    // the provider never got this one (unreachable at the time): no session, no expiry callback
    await paymentsDb(api.db)
      .deleteFrom('lumopay_sessions')
      .where('reference', '=', withoutSession.publicId)
      .execute()
    expect((await skuStock(api.db, SKU.inStock)).stock_in_stock).toBe(before.stock_in_stock - 3)
    const placedAt = (await orderOf(withoutSession.id)).created_at.getTime()

    // inside the window (and inside the grace after it): nothing changes
    const windowEnd = placedAt + minutes(CARD_PAYMENT_MINUTES)
    expect(await cancelExpiredCardOrders(api.db, new Date(windowEnd))).toBe(0)
    expect((await orderOf(withSession.id)).status).toBe('received')

    const afterGrace = new Date(windowEnd + minutes(EXPIRY_GRACE_MINUTES) + 1000)
    expect(await cancelExpiredCardOrders(api.db, afterGrace)).toBe(2)
    expect((await orderOf(withSession.id)).status).toBe('cancelled')
    expect((await orderOf(withoutSession.id)).status).toBe('cancelled')
    expect(await skuStock(api.db, SKU.inStock)).toEqual(before)
    const events = await api.db
      .selectFrom('order_events')
      .select(['order_id', 'reason'])
      .where('status', '=', 'cancelled')
      .where('order_id', 'in', [withSession.id, withoutSession.id])
      .orderBy('order_id')
      .execute()
    expect(events).toEqual([
      { order_id: withSession.id, reason: EXPIRED_REASON },
      { order_id: withoutSession.id, reason: EXPIRED_REASON },
    ])

    // a second sweep (another instance, the next round) changes nothing
    expect(await cancelExpiredCardOrders(api.db, afterGrace)).toBe(0)
    expect(await skuStock(api.db, SKU.inStock)).toEqual(before)
  })

  it('never sweeps a paid card order or an invoice order', async () => {
    const paid = await placeOrder('card', 1)
    await confirmOrderPayment(api.db, paid.id, { status: 'paid', transactionId: 'lp_expiry_test' })
    const invoice = await placeOrder('invoice', 1)
    const stock = await skuStock(api.db, SKU.inStock)

    const muchLater = new Date(Date.now() + minutes(24 * 60))
    expect(await cancelExpiredCardOrders(api.db, muchLater)).toBe(0)
    expect((await orderOf(paid.id)).status).toBe('received')
    expect((await orderOf(invoice.id)).status).toBe('received')
    expect(await skuStock(api.db, SKU.inStock)).toEqual(stock)
  })
})

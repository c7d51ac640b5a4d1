/**
 * The operator's cancel and approval of orders (issue 31 row 6, docs/adr/0075-operator-cancel-and-approval.md)
 * over the admin API on a real database: a cancel gives the stock, gift code and balance back,
 * refunds a paid card order through its provider (the refund event), voids an invoice, mails the
 * customer in the order's language and is audited; a shipped or cancelled order is refused with
 * 409, also when two operators cancel at once. A guest's invoice order over its market's unit
 * limit waits for approval: ship refuses it until an operator approves it.
 */
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { formatMoney } from '../../../src/shared/money'
import type { AdminDB } from '../../../server/services/shared/admin'
import { FIXTURE_CUSTOMERS, FIXTURE_GIFT_CODES, FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { confirmOrderPayment } from '../../../server/services/graphql/checkout/payment'
import { renderNoticeMail } from '../../../server/services/mail/render'
import { localeTexts } from '../../../server/services/shared/locale-texts'
import type { NoticeMailPayload } from '../../../server/contracts/mail'
import { skuStock, startCommerceApi, type CommerceApi } from '../graphql/commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const SKU = FIXTURE_PRODUCTS.satinDress.skus
/** Seeded options: Finland shipping 1, card 1, invoice 2; Sweden shipping 3, invoice 4. */
const OPTIONS = {
  fi: { shipping: 1, card: 1, invoice: 2, zip: '00100', city: 'Helsinki', country: 'FI' },
  se: { shipping: 3, card: null, invoice: 4, zip: '11151', city: 'Stockholm', country: 'SE' },
} as const

const GET_CART = `query ($marketId: String) { getCart(marketId: $marketId) { id } }`
const ADD = `mutation ($id: String!, $skuId: Int!, $quantity: Int!, $marketId: String) {
  addToCart(id: $id, item: { skuId: $skuId, quantity: $quantity }, marketId: $marketId) { id } }`
const PROMO = `mutation ($id: String!, $code: String!, $marketId: String) {
  setCartPromoCode(id: $id, promoCode: $code, marketId: $marketId) { id } }`
const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!, $marketId: String) {
  placeOrder(cartId: $cartId, checkout: $checkout, marketId: $marketId) { orderId publicId status } }`
const GET_PUBLIC = `query ($id: Guid!) { getOrderPublic(publicOrderId: $id) { status } }`

interface Placed {
  id: number
  publicId: string
  email: string
}

describeEachDatabase('operator cancel and approval of orders on %s', (kind) => {
  let api: CommerceApi
  let emailCount = 0

  beforeAll(async () => {
    api = await startCommerceApi(kind)
  }, 120_000)
  afterAll(async () => {
    await api?.close()
  })

  async function place(
    market: 'fi' | 'se',
    payment: 'card' | 'invoice',
    lines: [skuId: number, quantity: number][],
    options: { token?: string; giftCode?: string } = {},
  ): Promise<Placed> {
    const auth = options.token ? { token: options.token } : {}
    const cartId = (await api.gql<{ getCart: { id: string } }>(GET_CART, { marketId: market }, auth)).data!
      .getCart.id
    for (const [skuId, quantity] of lines) {
      const added = await api.gql(ADD, { id: cartId, skuId, quantity, marketId: market }, auth)
      expect(added.errors).toBeUndefined()
    }
    if (options.giftCode) {
      const applied = await api.gql(PROMO, { id: cartId, code: options.giftCode, marketId: market }, auth)
      expect(applied.errors).toBeUndefined()
    }
    const o = OPTIONS[market]
    const email = `cancel-${++emailCount}@example.com`
    const placed = await api.gql<{ placeOrder: { orderId: string; publicId: string } }>(
      PLACE,
      {
        cartId,
        marketId: market,
        checkout: {
          email,
          paymentId: payment === 'card' ? o.card : o.invoice,
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
      },
      auth,
    )
    expect(placed.errors).toBeUndefined()
    return { id: Number(placed.data!.placeOrder.orderId), publicId: placed.data!.placeOrder.publicId, email }
  }

  function admin(method: 'GET' | 'POST', url: string, body?: object) {
    return api.app.inject({
      method,
      url: `/admin/api${url}`,
      headers: { authorization: `Bearer ${api.config.adminKey}`, 'x-admin-actor': 'cancel-test' },
      ...(body ? { payload: body } : {}),
    })
  }

  const orderOf = (id: number) =>
    api.db.selectFrom('orders').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow()

  const mailsTo = (recipient: string) =>
    api.db
      .selectFrom('mail_messages')
      .select(['kind', 'language', 'payload'])
      .where('kind', '=', 'order-cancelled')
      .where('recipient', '=', recipient)
      .execute()

  const refundsOf = (id: number) =>
    api.db
      .selectFrom('order_events')
      .select(['amount_inc_vat', 'vat_amount', 'to_balance', 'data'])
      .where('order_id', '=', id)
      .where('kind', '=', 'refund')
      .execute()

  const auditOf = (id: number) =>
    (api.db as unknown as Kysely<AdminDB>)
      .selectFrom('admin_audit_log')
      .select(['actor', 'action', 'details'])
      .where('target', '=', `order ${id}`)
      .orderBy('id')
      .execute()

  it('cancels an invoice order: the stock comes back, the invoice is void, the customer is mailed in the order’s language', async () => {
    const before = await skuStock(api.db, SKU.inStock)
    const order = await place('se', 'invoice', [[SKU.inStock, 3]])
    expect((await skuStock(api.db, SKU.inStock)).stock_in_stock).toBe(before.stock_in_stock - 3)

    const cancelled = await admin('POST', `/orders/${order.id}/cancel`, { reason: 'customer called' })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toEqual({ orderId: order.id, status: 'cancelled', restocked: 3, refunded: 0 })
    expect(await skuStock(api.db, SKU.inStock)).toEqual(before)
    expect((await orderOf(order.id)).status).toBe('cancelled')
    expect(await refundsOf(order.id)).toEqual([])
    const shopperView = await api.gql<{ getOrderPublic: { status: string } }>(GET_PUBLIC, {
      id: order.publicId,
    })
    expect(shopperView.data?.getOrderPublic.status).toBe('cancelled')

    const mails = await mailsTo(order.email)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.language).toBe('sv')
    const payload = mail.payload as NoticeMailPayload
    const sv = localeTexts('sv', 'mail.orderCancelled.')
    expect(payload.lines).toEqual([
      `3 × ${FIXTURE_PRODUCTS.satinDress.brand} ${FIXTURE_PRODUCTS.satinDress.names.sv}, 34`,
      sv['mail.orderCancelled.invoiceVoid'],
    ])
    const rendered = renderNoticeMail({
      kind: mail.kind,
      language: 'sv',
      payload,
      shopUrl: 'http://127.0.0.1',
    })
    expect(rendered.subject).toBe(`Din order ${order.id} har avbrutits`)

    expect(await auditOf(order.id)).toEqual([
      {
        actor: 'cancel-test',
        action: 'order.cancel',
        details: { reason: 'customer called', restocked: 3, refunded: 0, giftCodes: [], toAccount: 0 },
      },
    ])
  })

  it('refunds a paid card order through its provider and gives its gift code back', async () => {
    const gift = FIXTURE_GIFT_CODES.euroPartlyUsed
    const before = await skuStock(api.db, SKU.inStock)
    const order = await place('fi', 'card', [[SKU.inStock, 2]], { giftCode: gift.code })
    await confirmOrderPayment(api.db, order.id, { status: 'paid', transactionId: 'lp_cancel_paid' })
    const placed = await orderOf(order.id)
    expect(placed.from_balance).toBe(gift.balance)
    expect(placed.total_inc_vat).toBeGreaterThan(0)
    const giftBalance = () =>
      api.db
        .selectFrom('gift_codes')
        .select('balance')
        .where('code', '=', gift.code)
        .executeTakeFirstOrThrow()
    expect((await giftBalance()).balance).toBe(0)

    const cancelled = await admin('POST', `/orders/${order.id}/cancel`)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({ restocked: 2, refunded: placed.total_inc_vat / 100 })
    expect(await skuStock(api.db, SKU.inStock)).toEqual(before)
    expect((await giftBalance()).balance).toBe(gift.balance)
    const refunds = await refundsOf(order.id)
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({
      amount_inc_vat: placed.total_inc_vat,
      to_balance: false,
      data: {
        cancelled: true,
        method: placed.payment_kind,
        provider: 'lumopay',
        providerReference: 'lp_cancel_paid',
      },
    })
    // the refund's VAT is its share of the order's
    const share = placed.total_inc_vat / (placed.total_inc_vat + placed.from_balance)
    expect(refunds[0]!.vat_amount).toBe(Math.round(placed.vat_total * share))

    const [mail] = await mailsTo(order.email)
    expect(mail?.language).toBe('fi')
    const fi = localeTexts('fi', 'mail.orderCancelled.')
    const euro = (amount: number) => formatMoney(amount, 'EUR', 'fi-FI')
    expect((mail!.payload as NoticeMailPayload).lines?.slice(1)).toEqual([
      fi['mail.orderCancelled.refunded']!.replace('{amount}', euro(placed.total_inc_vat)).replace(
        '{destination}',
        'maksukortillesi',
      ),
      fi['mail.orderCancelled.giftCode']!.replace('{code}', gift.code).replace(
        '{amount}',
        euro(gift.balance),
      ),
    ])

    // a late duplicate of the payment callback does not undo the cancel
    expect(
      (await confirmOrderPayment(api.db, order.id, { status: 'paid', transactionId: 'lp_cancel_paid' }))
        .changed,
    ).toBe(false)
    expect((await orderOf(order.id)).status).toBe('cancelled')
  })

  it('refuses a shipped order and a cancelled one with a 409 that says why, changing nothing', async () => {
    const shippedOrder = await place('se', 'invoice', [[SKU.inStock, 1]])
    const shipped = await admin('POST', `/orders/${shippedOrder.id}/ship`, {
      carrier: 'postnord',
      trackingNumber: `PN${shippedOrder.id}0001`,
    })
    expect(shipped.statusCode).toBe(200)
    const stock = await skuStock(api.db, SKU.inStock)
    const refused = await admin('POST', `/orders/${shippedOrder.id}/cancel`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      error: {
        code: 'ORDER_SHIPPED',
        message: `Order ${shippedOrder.id} has been shipped; it can no longer be cancelled (register a return instead)`,
      },
    })
    expect((await orderOf(shippedOrder.id)).status).toBe('processing')
    expect(await skuStock(api.db, SKU.inStock)).toEqual(stock)
    expect(await mailsTo(shippedOrder.email)).toEqual([])

    const order = await place('se', 'invoice', [[SKU.inStock, 1]])
    expect((await admin('POST', `/orders/${order.id}/cancel`)).statusCode).toBe(200)
    const afterFirst = await skuStock(api.db, SKU.inStock)
    const again = await admin('POST', `/orders/${order.id}/cancel`)
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toEqual({
      code: 'ORDER_ALREADY_CANCELLED',
      message: `Order ${order.id} was already cancelled`,
    })
    expect(await skuStock(api.db, SKU.inStock)).toEqual(afterFirst)
    expect(await mailsTo(order.email)).toHaveLength(1)
    expect((await auditOf(order.id)).map((entry) => entry.action)).toEqual(['order.cancel'])
    expect((await admin('POST', `/orders/2147483000/cancel`)).statusCode).toBe(404)
  })

  it('cancels once when two operators cancel the same paid order at the same time', async () => {
    const before = await skuStock(api.db, SKU.inStock)
    const order = await place('fi', 'card', [[SKU.inStock, 4]])
    await confirmOrderPayment(api.db, order.id, { status: 'paid', transactionId: 'lp_cancel_race' })
    const answers = await Promise.all([
      admin('POST', `/orders/${order.id}/cancel`),
      admin('POST', `/orders/${order.id}/cancel`),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    expect(await skuStock(api.db, SKU.inStock)).toEqual(before)
    expect(await refundsOf(order.id)).toHaveLength(1)
    expect(await mailsTo(order.email)).toHaveLength(1)
    const cancelEvents = await api.db
      .selectFrom('order_events')
      .select('event_id')
      .where('order_id', '=', order.id)
      .where('status', '=', 'cancelled')
      .execute()
    expect(cancelEvents).toHaveLength(1)
  })

  it('holds a guest’s invoice order over the market’s unit limit until an operator approves it', async () => {
    // 12 units, over the default limit of 10 (each size within its own limit of 10)
    const held = await place('se', 'invoice', [
      [SKU.staticStock, 8],
      [SKU.oversellable, 4],
    ])
    expect((await orderOf(held.id)).awaiting_approval).toBe(true)
    // the shopper sees an order received, as any other not yet shipped
    const view = await api.gql<{ getOrderPublic: { status: string } }>(GET_PUBLIC, { id: held.publicId })
    expect(view.data?.getOrderPublic.status).toBe('received')

    const listed = await admin('GET', '/orders/awaiting-approval')
    expect(listed.statusCode).toBe(200)
    expect((listed.json() as { orders: { orderId: number; units: number }[] }).orders).toContainEqual(
      expect.objectContaining({ orderId: held.id, units: 12, market: 'se', email: held.email }),
    )

    const ship = { carrier: 'postnord', trackingNumber: `PN${held.id}0002` }
    const refused = await admin('POST', `/orders/${held.id}/ship`, ship)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('ORDER_AWAITING_APPROVAL')
    const shipments = () =>
      api.db
        .selectFrom('order_events')
        .select('event_id')
        .where('order_id', '=', held.id)
        .where('kind', '=', 'shipped')
        .execute()
    expect(await shipments()).toEqual([])

    const approved = await admin('POST', `/orders/${held.id}/approve`)
    expect(approved.statusCode).toBe(200)
    expect((await orderOf(held.id)).awaiting_approval).toBe(false)
    expect((await admin('POST', `/orders/${held.id}/approve`)).json().error.code).toBe(
      'ORDER_NOT_AWAITING_APPROVAL',
    )
    expect((await admin('POST', `/orders/${held.id}/ship`, ship)).statusCode).toBe(200)
    expect(await shipments()).toHaveLength(1)
    expect((await auditOf(held.id)).map((entry) => entry.action)).toEqual(['order.approve', 'order.ship'])
  })

  it('holds only guests’ invoice orders over the limit, reads the limit from the market, and a cancel ends the wait', async () => {
    const atLimit = await place('se', 'invoice', [[SKU.staticStock, 10]])
    expect((await orderOf(atLimit.id)).awaiting_approval).toBe(false)
    const { aino } = FIXTURE_CUSTOMERS
    const token = await api.tokenFor({ id: aino.userId, email: aino.email })
    const customer = await place(
      'fi',
      'invoice',
      [
        [SKU.staticStock, 6],
        [SKU.oversellable, 6],
      ],
      { token },
    )
    expect((await orderOf(customer.id)).awaiting_approval).toBe(false)
    const card = await place('fi', 'card', [
      [SKU.staticStock, 6],
      [SKU.oversellable, 6],
    ])
    expect((await orderOf(card.id)).awaiting_approval).toBe(false)

    await api.db
      .updateTable('markets')
      .set({ guest_invoice_units_limit: 2 })
      .where('alias', '=', 'se')
      .execute()
    try {
      const stock = await skuStock(api.db, SKU.inStock)
      const small = await place('se', 'invoice', [[SKU.inStock, 3]])
      expect((await orderOf(small.id)).awaiting_approval).toBe(true)
      const cancelled = await admin('POST', `/orders/${small.id}/cancel`, {
        reason: 'no answer from the buyer',
      })
      expect(cancelled.statusCode).toBe(200)
      const after = await orderOf(small.id)
      expect([after.status, after.awaiting_approval]).toEqual(['cancelled', false])
      expect(await skuStock(api.db, SKU.inStock)).toEqual(stock)
      expect((await admin('POST', `/orders/${small.id}/approve`)).json().error.code).toBe('ORDER_CANCELLED')
    } finally {
      await api.db
        .updateTable('markets')
        .set({ guest_invoice_units_limit: 10 })
        .where('alias', '=', 'se')
        .execute()
    }
    for (const order of [atLimit, customer, card])
      expect((await admin('POST', `/orders/${order.id}/cancel`)).statusCode).toBe(200)
  })
})

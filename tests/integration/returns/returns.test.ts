/**
 * Digital returns and the back office's shipping, delivery and return operations (issue #11 item
 * 4, docs/adr/0030-returns.md) on a real database: the window from delivery, quantities, who may
 * return an order (guest by number + e-mail, customer by their own orders only), the refund on the
 * order (order_events 'refund' rows) to the payment method or the balance, the restock, the
 * mails, and the admin key. Data changes go through the API and the admin API only.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { formatMoney } from '../../../src/shared/money'
import { FIXTURE_CUSTOMERS, FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import type { AdminCall } from '../../../scripts/admin/client'
import { runAdmin } from '../../../scripts/admin/index'
import {
  errorCodes,
  skuStock,
  startCommerceApi,
  type CommerceApi,
  type GraphQLResponse,
} from '../graphql/commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const SKU = FIXTURE_PRODUCTS.satinDress.skus
const { aino, sven } = FIXTURE_CUSTOMERS
const DAY = 24 * 60 * 60 * 1000

const RETURN_FIELDS = `returnNumber status refundTo refundTotal refundTotalFormatted
  items { itemId name quantity reasonCode receivedQuantity }`
const GET_RETURNABLE = `query ($orderNumber: String!, $email: String) {
  getReturnableOrder(orderNumber: $orderNumber, email: $email) {
    orderNumber isReturnable notReturnableReason returnWindowDays deliveredAt returnableUntil reasons
    items { itemId name quantity returnableQuantity }
    returns { ${RETURN_FIELDS} }
  }
}`
const REGISTER = `mutation ($return: ReturnInputType!) { registerReturn(return: $return) { ${RETURN_FIELDS} } }`
const GET_ORDER = `query ($orderId: Int!) { getOrder(orderId: $orderId) {
  id deliveredAt returnableUntil returns { itemId reasonCode }
  refunds { itemId total toBalance refundType }
  returnRequests { ${RETURN_FIELDS} }
} }`

interface ReturnJson {
  returnNumber: string
  status: string
  refundTo: string | null
  refundTotal: number | null
  refundTotalFormatted: string | null
  items: { itemId: number; quantity: number; reasonCode: string; receivedQuantity: number | null }[]
}

interface ReturnableJson {
  orderNumber: string
  isReturnable: boolean
  notReturnableReason: string | null
  returnWindowDays: number
  deliveredAt: string | null
  returnableUntil: string | null
  reasons: string[]
  items: { itemId: number; quantity: number; returnableQuantity: number }[]
  returns: ReturnJson[]
}

interface PlacedOrder {
  orderId: number
  email: string
}

describeEachDatabase('returns on %s', (kind) => {
  let api: CommerceApi
  let ainoToken: string
  let svenToken: string
  // the API's clock: the test moves it past the return window
  let clockOffsetMs = 0

  beforeAll(async () => {
    api = await startCommerceApi(kind, 10, { clock: () => new Date(Date.now() + clockOffsetMs) })
    ainoToken = await api.tokenFor({ id: aino.userId, email: aino.email })
    svenToken = await api.tokenFor({ id: sven.userId, email: sven.email })
  }, 120_000)
  afterAll(async () => {
    await api?.close()
  })

  /** An invoice order of `quantity` satin dresses, by a guest or by a signed-in customer. */
  async function placeOrder(quantity: number, token?: string, email = 'guest.shopper@example.fi') {
    const options = token ? { token } : {}
    const cart = await api.gql<{ getCart: { id: string } }>(`query { getCart { id } }`, {}, options)
    const cartId = cart.data!.getCart.id
    const added = await api.gql(
      `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${SKU.inStock}, quantity: ${quantity} }) { id } }`,
      { id: cartId },
      options,
    )
    expect(added.errors).toBeUndefined()
    const response = await api.gql<{ placeOrder: { orderId: string } }>(
      `mutation ($cartId: String!, $checkout: CheckoutInputType!) { placeOrder(cartId: $cartId, checkout: $checkout) { orderId } }`,
      {
        cartId,
        checkout: {
          email,
          paymentId: 2,
          shippingId: 1,
          billingAddress: {
            firstName: 'Greta',
            lastName: 'Gäst',
            addressLine1: 'Mannerheimintie 1',
            zip: '00100',
            city: 'Helsinki',
          },
        },
      },
      options,
    )
    expect(response.errors).toBeUndefined()
    return { orderId: Number(response.data!.placeOrder.orderId), email }
  }

  function admin(
    method: 'GET' | 'POST',
    url: string,
    body?: object,
    key: string | null = api.config.adminKey,
  ) {
    return api.app.inject({
      method,
      url: `/admin/api${url}`,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        'x-admin-actor': 'returns-test',
      },
      ...(body ? { payload: body } : {}),
    })
  }

  async function shipAndDeliver(order: PlacedOrder, deliveredAt?: Date) {
    const shipped = await admin('POST', `/orders/${order.orderId}/ship`, {
      carrier: 'posti',
      trackingNumber: `JJFI${order.orderId}000`,
    })
    expect(shipped.statusCode).toBe(200)
    const delivered = await admin(
      'POST',
      `/orders/${order.orderId}/deliver`,
      deliveredAt ? { deliveredAt: deliveredAt.toISOString() } : {},
    )
    expect(delivered.statusCode).toBe(200)
  }

  async function orderRowIds(orderId: number): Promise<number[]> {
    const rows = await api.db
      .selectFrom('order_rows')
      .select('order_row_id')
      .where('order_id', '=', orderId)
      .orderBy('order_row_id')
      .execute()
    return rows.map((row) => row.order_row_id)
  }

  function register(
    order: PlacedOrder,
    items: { itemId: number; quantity: number; reasonCode: string }[],
    options: { token?: string; email?: string | null } = {},
  ): Promise<GraphQLResponse<{ registerReturn: ReturnJson }>> {
    const email = options.email === undefined ? order.email : options.email
    return api.gql(
      REGISTER,
      { return: { orderNumber: String(order.orderId), ...(email ? { email } : {}), items } },
      options.token ? { token: options.token } : {},
    )
  }

  async function mailsOf(kind: string, recipient: string) {
    return api.db
      .selectFrom('mail_messages')
      .select(['kind', 'language', 'payload'])
      .where('kind', '=', kind)
      .where('recipient', '=', recipient)
      .orderBy('message_id')
      .execute()
  }

  it('refuses every admin operation without the admin key or with a wrong one (401)', async () => {
    const order = await placeOrder(1)
    const calls: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['POST', `/orders/${order.orderId}/ship`, { carrier: 'posti', trackingNumber: 'JJFI0001' }],
      ['POST', `/orders/${order.orderId}/deliver`, {}],
      ['GET', '/returns'],
      ['POST', '/returns/R1-1/receive', {}],
      ['POST', '/returns/R1-1/refund', {}],
    ]
    for (const [method, url, body] of calls) {
      for (const key of [null, 'wrong-admin-key', api.config.apiKey]) {
        const response = await admin(method, url, body, key)
        expect(response.statusCode, `${method} ${url} with ${key}`).toBe(401)
      }
    }
    const events = await api.db
      .selectFrom('order_events')
      .select('kind')
      .where('order_id', '=', order.orderId)
      .where('kind', '=', 'shipped')
      .execute()
    expect(events).toEqual([])
  })

  it('a guest registers a return, the shop receives it and refunds it to the invoice, back in stock', async () => {
    const order = await placeOrder(2)
    const [rowId] = await orderRowIds(order.orderId)
    await shipAndDeliver(order)
    const shippedMail = await mailsOf('order-shipped', order.email)
    expect(shippedMail).toHaveLength(1)
    expect(shippedMail[0]!.payload).toMatchObject({
      params: { number: String(order.orderId), carrier: 'posti', trackingNumber: `JJFI${order.orderId}000` },
      actionUrl: `https://www.posti.fi/fi/seuranta#/lahetys/JJFI${order.orderId}000`,
    })

    const found = await api.gql<{ getReturnableOrder: ReturnableJson }>(GET_RETURNABLE, {
      orderNumber: String(order.orderId),
      email: ` ${order.email.toUpperCase()} `,
    })
    expect(found.errors).toBeUndefined()
    expect(found.data!.getReturnableOrder).toMatchObject({
      isReturnable: true,
      notReturnableReason: null,
      returnWindowDays: 14,
      items: [{ itemId: rowId, quantity: 2, returnableQuantity: 2 }],
      returns: [],
    })
    expect(found.data!.getReturnableOrder.reasons).toContain('too-small')

    const registered = await register(order, [{ itemId: rowId!, quantity: 1, reasonCode: 'too-small' }])
    expect(registered.errors).toBeUndefined()
    const returnNumber = registered.data!.registerReturn.returnNumber
    expect(returnNumber).toBe(`R${order.orderId}-1`)
    expect(registered.data!.registerReturn).toMatchObject({ status: 'registered', refundTo: null })
    const registeredMail = await mailsOf('return-registered', order.email)
    expect(registeredMail).toHaveLength(1)
    expect(registeredMail[0]).toMatchObject({ language: 'fi', payload: { params: { number: returnNumber } } })

    const listed = await admin('GET', '/returns?status=registered')
    expect(listed.statusCode).toBe(200)
    expect(
      (listed.json() as { returns: { returnNumber: string }[] }).returns.map((entry) => entry.returnNumber),
    ).toContain(returnNumber)

    const stockBefore = await skuStock(api.db, SKU.inStock)
    const received = await admin('POST', `/returns/${returnNumber}/receive`, {})
    expect(received.statusCode).toBe(200)
    expect(received.json()).toMatchObject({ status: 'refunded', refundTo: 'payment', refundTotal: 59.95 })
    expect((await skuStock(api.db, SKU.inStock)).stock_in_stock).toBe(stockBefore.stock_in_stock + 1)

    const refunds = await api.db
      .selectFrom('order_events')
      .select(['order_row_id', 'amount_inc_vat', 'vat_amount', 'to_balance', 'data'])
      .where('order_id', '=', order.orderId)
      .where('kind', '=', 'refund')
      .execute()
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({
      order_row_id: rowId,
      amount_inc_vat: 5995,
      to_balance: false,
      data: { returnNumber, quantity: 1, method: 'invoice' },
    })
    expect(Number(refunds[0]!.vat_amount)).toBeGreaterThan(0)
    const refundedMail = await mailsOf('return-refunded', order.email)
    expect(refundedMail).toHaveLength(1)
    expect(refundedMail[0]!.payload).toMatchObject({
      params: { number: returnNumber, amount: formatMoney(5995, 'EUR', 'fi-FI') },
    })

    const again = await admin('POST', `/returns/${returnNumber}/receive`, {})
    expect(again.statusCode).toBe(409)
    const audit = await api.db
      .selectFrom('admin_audit_log' as never)
      .select(['action' as never, 'actor' as never, 'target' as never])
      .where('target' as never, 'in', [`order ${order.orderId}`, `return ${returnNumber}`] as never)
      .execute()
    expect(audit.map((entry) => (entry as { action: string }).action).sort()).toEqual([
      'order.deliver',
      'order.ship',
      'return.receive',
    ])

    const after = await api.gql<{ getReturnableOrder: ReturnableJson }>(GET_RETURNABLE, {
      orderNumber: String(order.orderId),
      email: order.email,
    })
    expect(after.data!.getReturnableOrder.items[0]!.returnableQuantity).toBe(1)
    expect(after.data!.getReturnableOrder.returns[0]).toMatchObject({
      status: 'refunded',
      refundTotalFormatted: formatMoney(5995, 'EUR', 'fi-FI'),
      items: [{ itemId: rowId, quantity: 1, receivedQuantity: 1 }],
    })
  })

  it('gives a guest with a wrong e-mail or a wrong number the same NOT_FOUND, and limits the guesses', async () => {
    const order = await placeOrder(1)
    await shipAndDeliver(order)
    const [rowId] = await orderRowIds(order.orderId)
    const wrongEmail = await api.gql(GET_RETURNABLE, {
      orderNumber: String(order.orderId),
      email: 'someone.else@example.fi',
    })
    const wrongNumber = await api.gql(GET_RETURNABLE, { orderNumber: '99999999', email: order.email })
    const noEmail = await api.gql(GET_RETURNABLE, { orderNumber: String(order.orderId) })
    for (const response of [wrongEmail, wrongNumber, noEmail]) {
      expect(errorCodes(response)).toEqual(['NOT_FOUND'])
      expect(response.errors![0]!.message).toBe(wrongEmail.errors![0]!.message)
    }
    const refused = await register(order, [{ itemId: rowId!, quantity: 1, reasonCode: 'other' }], {
      email: 'someone.else@example.fi',
    })
    expect(errorCodes(refused)).toEqual(['NOT_FOUND'])
    expect(
      await api.db.selectFrom('order_returns').where('order_id', '=', order.orderId).selectAll().execute(),
    ).toEqual([])

    // ten failed look-ups from one address, then even the right e-mail waits
    const remoteAddress = '198.51.100.77'
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await api.gql(
        GET_RETURNABLE,
        { orderNumber: String(900000 + attempt), email: order.email },
        { remoteAddress },
      )
      expect(errorCodes(response)).toEqual(['NOT_FOUND'])
    }
    const blocked = await api.gql(
      GET_RETURNABLE,
      { orderNumber: String(order.orderId), email: order.email },
      { remoteAddress },
    )
    expect(errorCodes(blocked)).toEqual(['TOO_MANY_REQUESTS'])
    expect(blocked.status).toBe(429)
  })

  it("refuses another customer's order as not found, and shows a customer's return on their order", async () => {
    const order = await placeOrder(1, ainoToken, aino.email)
    await shipAndDeliver(order)
    const [rowId] = await orderRowIds(order.orderId)
    const items = [{ itemId: rowId!, quantity: 1, reasonCode: 'quality' }]
    expect(errorCodes(await register(order, items, { token: svenToken, email: null }))).toEqual(['NOT_FOUND'])
    expect(
      errorCodes(await api.gql(GET_RETURNABLE, { orderNumber: String(order.orderId) }, { token: svenToken })),
    ).toEqual(['NOT_FOUND'])

    const own = await register(order, items, { token: ainoToken, email: null })
    expect(own.errors).toBeUndefined()
    const shown = await api.gql<{
      getOrder: {
        deliveredAt: string
        returnableUntil: string
        returns: unknown[]
        returnRequests: ReturnJson[]
      }
    }>(GET_ORDER, { orderId: order.orderId }, { token: ainoToken })
    expect(shown.errors).toBeUndefined()
    const detail = shown.data!.getOrder
    expect(new Date(detail.returnableUntil).getTime() - new Date(detail.deliveredAt).getTime()).toBe(14 * DAY)
    expect(detail.returns).toEqual([{ itemId: rowId, reasonCode: 'quality' }])
    expect(detail.returnRequests).toMatchObject([
      { status: 'registered', items: [{ itemId: rowId, quantity: 1 }] },
    ])
    // the order list carries every order's returns (one batch for all of them)
    const list = await api.gql<{
      getOrders: { id: number; returnRequests: { returnNumber: string; status: string }[] }[]
    }>(`query { getOrders { id returnRequests { returnNumber status } } }`, {}, { token: ainoToken })
    expect(list.errors).toBeUndefined()
    expect(list.data!.getOrders.find((entry) => entry.id === order.orderId)?.returnRequests).toEqual([
      { returnNumber: `R${order.orderId}-1`, status: 'registered' },
    ])
  })

  it('refuses quantities beyond what was bought or already returned', async () => {
    const order = await placeOrder(2)
    await shipAndDeliver(order)
    const [rowId] = await orderRowIds(order.orderId)
    const tooMany = await register(order, [{ itemId: rowId!, quantity: 3, reasonCode: 'too-large' }])
    expect(errorCodes(tooMany)).toEqual(['BAD_USER_INPUT'])
    expect(tooMany.errors![0]!.extensions).toMatchObject({ reason: 'RETURN_QUANTITY', returnable: 2 })

    expect(
      errorCodes(await register(order, [{ itemId: rowId!, quantity: 2, reasonCode: 'too-large' }])),
    ).toEqual([])
    const twice = await register(order, [{ itemId: rowId!, quantity: 1, reasonCode: 'too-large' }])
    expect(twice.errors![0]!.extensions).toMatchObject({ reason: 'RETURN_QUANTITY', returnable: 0 })

    const other = await placeOrder(1)
    await shipAndDeliver(other)
    const [otherRow] = await orderRowIds(other.orderId)
    const foreignRow = await register(other, [{ itemId: rowId!, quantity: 1, reasonCode: 'other' }])
    expect(errorCodes(foreignRow)).toEqual(['BAD_USER_INPUT'])
    const badReason = await register(other, [{ itemId: otherRow!, quantity: 1, reasonCode: 'because' }])
    expect(errorCodes(badReason)).toEqual(['BAD_USER_INPUT'])
    const zero = await register(other, [{ itemId: otherRow!, quantity: 0, reasonCode: 'other' }])
    expect(errorCodes(zero)).toEqual(['BAD_USER_INPUT'])
  })

  it('refuses a return before delivery and after the return window closed', async () => {
    const order = await placeOrder(1)
    const [rowId] = await orderRowIds(order.orderId)
    const items = [{ itemId: rowId!, quantity: 1, reasonCode: 'changed-mind' }]
    const early = await register(order, items)
    expect(errorCodes(early)).toEqual(['ReturnNotAllowed'])
    expect(early.errors![0]!.extensions).toMatchObject({ reason: 'NOT_DELIVERED' })

    // a delivery before the order was placed is refused
    const shipped = await admin('POST', `/orders/${order.orderId}/ship`, {
      carrier: 'bring',
      trackingNumber: 'CS1234',
    })
    expect(shipped.statusCode).toBe(200)
    const beforeOrder = await admin('POST', `/orders/${order.orderId}/deliver`, {
      deliveredAt: new Date(Date.now() - DAY).toISOString(),
    })
    expect(beforeOrder.statusCode).toBe(422)
    expect(beforeOrder.json()).toMatchObject({ error: { code: 'DELIVERY_BEFORE_ORDER' } })
    expect((await admin('POST', `/orders/${order.orderId}/deliver`, {})).statusCode).toBe(200)

    // 14 days after delivery the return can still be registered; a minute later it cannot
    clockOffsetMs = 14 * DAY - 60_000
    const lastDay = await api.gql<{ getReturnableOrder: ReturnableJson }>(GET_RETURNABLE, {
      orderNumber: String(order.orderId),
      email: order.email,
    })
    expect(lastDay.data!.getReturnableOrder).toMatchObject({ isReturnable: true })
    clockOffsetMs = 14 * DAY + 60_000
    try {
      const found = await api.gql<{ getReturnableOrder: ReturnableJson }>(GET_RETURNABLE, {
        orderNumber: String(order.orderId),
        email: order.email,
      })
      expect(found.data!.getReturnableOrder).toMatchObject({
        isReturnable: false,
        notReturnableReason: 'WINDOW_CLOSED',
      })
      const late = await register(order, items)
      expect(errorCodes(late)).toEqual(['ReturnNotAllowed'])
      expect(late.errors![0]!.extensions).toMatchObject({ reason: 'WINDOW_CLOSED' })
    } finally {
      clockOffsetMs = 0
    }
    expect(
      await api.db.selectFrom('order_returns').where('order_id', '=', order.orderId).selectAll().execute(),
    ).toEqual([])

    const windows = await api.db
      .selectFrom('market_return_windows')
      .selectAll()
      .orderBy('market_alias')
      .execute()
    expect(windows.map((row) => row.days)).toEqual([14, 14, 14, 14])
  })

  it("refunds to the customer's account balance, and refuses the balance for a guest order", async () => {
    const order = await placeOrder(1, ainoToken, aino.email)
    await shipAndDeliver(order)
    const [rowId] = await orderRowIds(order.orderId)
    const registered = await register(order, [{ itemId: rowId!, quantity: 1, reasonCode: 'damaged' }], {
      token: ainoToken,
      email: null,
    })
    const returnNumber = registered.data!.registerReturn.returnNumber
    const balanceOf = async () =>
      Number(
        (
          await api.db
            .selectFrom('user_balances')
            .select('amount')
            .where('user_id', '=', aino.userId)
            .where('currency_code', '=', 'EUR')
            .executeTakeFirst()
        )?.amount ?? 0,
      )
    const before = await balanceOf()
    const received = await admin('POST', `/returns/${returnNumber}/receive`, { refundTo: 'balance' })
    expect(received.statusCode).toBe(200)
    expect(received.json()).toMatchObject({ status: 'refunded', refundTo: 'balance', refundTotal: 59.95 })
    expect(await balanceOf()).toBe(before + 5995)
    const shown = await api.gql<{ getOrder: { refunds: { toBalance: boolean; total: number }[] } }>(
      GET_ORDER,
      { orderId: order.orderId },
      { token: ainoToken },
    )
    expect(shown.data!.getOrder.refunds).toEqual([
      { itemId: rowId, total: 59.95, toBalance: true, refundType: 'balance' },
    ])

    const guest = await placeOrder(1)
    await shipAndDeliver(guest)
    const [guestRow] = await orderRowIds(guest.orderId)
    const guestReturn = await register(guest, [{ itemId: guestRow!, quantity: 1, reasonCode: 'other' }])
    const guestNumber = guestReturn.data!.registerReturn.returnNumber
    const refused = await admin('POST', `/returns/${guestNumber}/receive`, { refundTo: 'balance' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ error: { code: 'NO_ACCOUNT' } })
    // nothing of the refused operation stayed: still registered, no refund
    const stored = await api.db
      .selectFrom('order_returns')
      .select('status')
      .where('return_number', '=', guestNumber)
      .executeTakeFirstOrThrow()
    expect(stored.status).toBe('registered')

    // received now, refunded later
    const receivedOnly = await admin('POST', `/returns/${guestNumber}/receive`, { refund: false })
    expect(receivedOnly.json()).toMatchObject({ status: 'received', refundTotal: null })
    const refunded = await admin('POST', `/returns/${guestNumber}/refund`, {})
    expect(refunded.json()).toMatchObject({ status: 'refunded', refundTo: 'payment', refundTotal: 59.95 })
  })

  it('npm run admin: ship, deliver, returns and receive-return drive the same operations', async () => {
    const order = await placeOrder(1)
    const [rowId] = await orderRowIds(order.orderId)
    const call: AdminCall = async <T>(method: string, pathAndQuery: string, body?: unknown) => {
      const response = await admin(method as 'GET' | 'POST', pathAndQuery, body as object | undefined)
      if (response.statusCode >= 400) throw new Error(`${response.statusCode} ${response.body}`)
      return response.json() as T
    }
    const lines: string[] = []
    const run = (...argv: string[]) =>
      runAdmin(argv, { call, print: (line) => lines.push(line), printError: (line) => lines.push(line) })
    expect(
      await run('ship', '--order', String(order.orderId), '--carrier', 'postnord', '--tracking', 'PN12345'),
    ).toBe(0)
    expect(lines.at(-1)).toBe(
      `order ${order.orderId} processing: postnord PN12345 https://tracking.postnord.com/?id=PN12345`,
    )
    expect(await run('deliver', '--order', String(order.orderId))).toBe(0)
    expect(lines.at(-1)).toMatch(new RegExp(`^order ${order.orderId} completed, delivered `))
    const registered = await register(order, [{ itemId: rowId!, quantity: 1, reasonCode: 'wrong-item' }])
    const returnNumber = registered.data!.registerReturn.returnNumber
    expect(await run('returns', '--status', 'registered')).toBe(0)
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${returnNumber}\torder ${order.orderId}\tregistered`)),
    )
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^  item ${rowId}\t1 × .*\twrong-item$`)))
    expect(await run('receive-return', '--return', returnNumber, '--item', `${rowId}:1`)).toBe(0)
    expect(lines.at(-1)).toBe(`${returnNumber} refunded: 59.95 to payment`)
    expect(await run('receive-return', '--return', returnNumber)).toBe(1)
  })
})

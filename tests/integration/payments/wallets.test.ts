/**
 * The phone wallets of src/shared/payment-kinds.ts (ADR 0076) end to end over HTTP on a seeded
 * database, each in every market that offers it: the checkout offers it there and nowhere else;
 * placeOrder creates the session at its provider; the provider's page takes the shopper's phone
 * number (phone flow) or opens the app (app-switch flow) and the shopper approves or declines;
 * the provider's signed callback pays the order; a forged, replayed or other provider's callback
 * changes nothing; a return is refunded through the provider. Every wallet the table gains is
 * tested here without an edit.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { paymentsDb } from '../../../server/services/payments/db'
import { signedHeaders, type CallbackEvent } from '../../../server/contracts/payment-providers'
import { MARKET_ALIASES, MARKETS, type MarketAlias } from '../../../src/shared/markets'
import {
  brandOf,
  flowOf,
  kindsOfferedIn,
  kindsSettledBy,
  PAYMENT_KINDS,
  providerOf,
  type PaymentKind,
} from '../../../src/shared/payment-kinds'
import { startCommerceApi, type CommerceApi } from '../graphql/commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const SKU = FIXTURE_PRODUCTS.satinDress.skus

/** Each market's shopper: a language, an address and a mobile number written as people write it. */
const SHOPPERS: Record<MarketAlias, { language: string; zip: string; city: string; phone: string }> = {
  fi: { language: 'fi-FI', zip: '00100', city: 'Helsinki', phone: '040 123 4567' },
  se: { language: 'sv-SE', zip: '11151', city: 'Stockholm', phone: '070-123 45 67' },
  no: { language: 'nb-NO', zip: '0150', city: 'Oslo', phone: '+47 912 34 567' },
  dk: { language: 'da-DK', zip: '1050', city: 'København K', phone: '20 12 34 56' },
}

const WALLETS = kindsSettledBy('provider').filter((kind) => flowOf(kind) !== 'card')
const CASES = WALLETS.flatMap((kind) =>
  (PAYMENT_KINDS[kind].markets as readonly MarketAlias[]).map((market) => ({ kind, market })),
)

const CHECKOUT = `mutation ($cartId: String!, $marketId: String!, $languageId: String!) {
  createOrUpdateCheckout(cartId: $cartId, checkout: {}, marketId: $marketId, languageId: $languageId) {
    paymentOptions { id name displayName checkoutType }
    shippingOptions { id }
  } }`
const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!, $marketId: String!, $languageId: String!) {
  placeOrder(cartId: $cartId, checkout: $checkout, marketId: $marketId, languageId: $languageId) {
    orderId publicId status redirectUrl } }`

interface Option {
  id: number
  name: string
  displayName: string
  checkoutType: string
}

describeEachDatabase('phone wallets on %s', (database) => {
  let api: CommerceApi

  beforeAll(async () => {
    api = await startCommerceApi(database)
  })
  afterAll(async () => {
    await api?.close()
  })

  async function cartIn(market: MarketAlias) {
    const scope = { marketId: market, languageId: SHOPPERS[market].language }
    const created = await api.gql<{ getCart: { id: string } }>(
      `query ($marketId: String!) { getCart(marketId: $marketId) { id } }`,
      scope,
    )
    const cartId = created.data!.getCart.id
    const added = await api.gql(
      `mutation ($id: String!, $skuId: Int!, $marketId: String!) {
        addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, marketId: $marketId) { id } }`,
      { id: cartId, skuId: SKU.inStock, marketId: market },
    )
    expect(added.errors).toBeUndefined()
    const checkout = await api.gql<{
      createOrUpdateCheckout: { paymentOptions: Option[]; shippingOptions: { id: number }[] }
    }>(CHECKOUT, { cartId, ...scope })
    expect(checkout.errors).toBeUndefined()
    return { cartId, scope, ...checkout.data!.createOrUpdateCheckout }
  }

  async function walletOrder(kind: PaymentKind, market: MarketAlias) {
    const cart = await cartIn(market)
    const option = cart.paymentOptions.find((candidate) => candidate.name === kind)!
    const shopper = SHOPPERS[market]
    const placed = await api.gql<{
      placeOrder: { orderId: string; publicId: string; status: string; redirectUrl: string }
    }>(PLACE, {
      cartId: cart.cartId,
      ...cart.scope,
      checkout: {
        email: `wallet.${randomUUID().slice(0, 8)}@example.com`,
        paymentId: option.id,
        shippingId: cart.shippingOptions[0]!.id,
        billingAddress: {
          firstName: 'Alex',
          lastName: 'Andersen',
          addressLine1: 'Storgatan 1',
          zip: shopper.zip,
          city: shopper.city,
          country: MARKETS[market].countryCode,
        },
      },
    })
    expect(placed.errors).toBeUndefined()
    return placed.data!.placeOrder
  }

  function page(path: string, method: 'GET' | 'POST' = 'GET', form?: Record<string, string>) {
    return api.app.inject({
      method,
      url: path,
      ...(form
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(form).toString(),
          }
        : {}),
    })
  }

  async function order(publicId: string) {
    return api.db
      .selectFrom('orders')
      .select([
        'order_id',
        'status',
        'paid_at',
        'payment_reference',
        'payment_kind',
        'total_inc_vat',
        'currency_code',
      ])
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow()
  }

  /** Approves the payment on the provider's page the way its flow does; answers the redirect. */
  async function approve(kind: PaymentKind, market: MarketAlias, pagePath: string) {
    if (flowOf(kind) === 'phone') {
      const start = await page(pagePath)
      expect(start.statusCode).toBe(200)
      expect(start.body).toContain('<input id="phone" name="phone" type="tel"')
      const wrong = await page(pagePath, 'POST', { action: 'request', phone: '12' })
      expect(wrong.statusCode).toBe(422)
      expect(wrong.body).toContain('aria-invalid="true"')
      const sent = await page(pagePath, 'POST', { action: 'request', phone: SHOPPERS[market].phone })
      expect(sent.statusCode).toBe(303)
    } else {
      const start = await page(pagePath)
      expect(start.statusCode).toBe(200)
      expect(start.body).toContain(`href="${pagePath}?step=app"`)
    }
    const app = await page(flowOf(kind) === 'phone' ? pagePath : `${pagePath}?step=app`)
    expect(app.statusCode).toBe(200)
    expect(app.body).toContain('name="action" value="approve"')
    if (flowOf(kind) === 'phone')
      expect(app.body).toContain(SHOPPERS[market].phone.replace(/\D/g, '').slice(-2))
    return page(pagePath, 'POST', { action: 'approve' })
  }

  it('the checkout offers each kind in its markets only', async () => {
    for (const market of MARKET_ALIASES) {
      const cart = await cartIn(market)
      expect(cart.paymentOptions.map((option) => option.name)).toEqual(kindsOfferedIn(market))
      for (const kind of WALLETS.filter((wallet) => kindsOfferedIn(market).includes(wallet))) {
        const option = cart.paymentOptions.find((candidate) => candidate.name === kind)!
        expect(option).toMatchObject({ displayName: brandOf(kind)!.name, checkoutType: 'EXTERNAL' })
      }
    }
  })

  describe.each(CASES)('$kind in $market', ({ kind, market }) => {
    const provider = providerOf(kind)!
    const callback = `/payments/${provider}/callback`

    it('is paid on its own page: a decline first, then approved in the app, and the order is paid', async () => {
      const placed = await walletOrder(kind, market)
      expect(placed.status).toBe('pending')
      const pagePath = new URL(placed.redirectUrl).pathname
      expect(pagePath).toBe(`/pay/${provider}/orders/${placed.publicId}`)
      // another provider's page does not know this order
      expect((await page(`/pay/orders/${placed.publicId}`)).statusCode).toBe(404)

      const first = await page(pagePath)
      expect(first.body).toContain(`<p class="brand">${brandOf(kind)!.name}</p>`)
      expect(String(first.headers['content-security-policy'])).not.toContain('script-src')
      if (flowOf(kind) === 'phone') {
        await page(pagePath, 'POST', { action: 'request', phone: SHOPPERS[market].phone })
      }
      const declined = await page(pagePath, 'POST', { action: 'decline' })
      expect(declined.statusCode).toBe(303)
      const failure = new URL(String(declined.headers.location))
      expect(failure.pathname).toMatch(/\/checkout\/lumopay-fail$/)
      expect(failure.searchParams.get('reason')).toBe('payment_declined')
      expect(await order(placed.publicId)).toMatchObject({
        status: 'received',
        paid_at: null,
        payment_kind: kind,
      })

      const paid = await approve(kind, market, pagePath)
      expect(paid.statusCode).toBe(303)
      expect(new URL(String(paid.headers.location)).pathname).toMatch(/\/checkout\/confirm$/)
      const after = await order(placed.publicId)
      expect(after.paid_at).not.toBeNull()
      expect(after.currency_code).toBe(MARKETS[market].currency)
      expect(after.payment_reference).toMatch(new RegExp(`^${provider}_`))
      const events = await api.db
        .selectFrom('payment_callback_events')
        .select(['provider', 'result'])
        .innerJoin('orders', 'orders.order_id', 'payment_callback_events.order_id')
        .where('orders.public_id', '=', placed.publicId)
        .execute()
      expect(events).toEqual([{ provider, result: 'applied' }])
      const attempts = await paymentsDb(api.db)
        .selectFrom('lumopay_attempts as a')
        .innerJoin('lumopay_sessions as s', 's.session_id', 'a.session_id')
        .select(['a.outcome', 'a.card_last4', 's.provider'])
        .where('s.reference', '=', placed.publicId)
        .orderBy('a.attempt_id')
        .execute()
      expect(attempts).toEqual([
        { outcome: 'payment_declined', card_last4: null, provider },
        { outcome: 'approved', card_last4: null, provider },
      ])
    })

    it('refuses a forged callback, one signed for another provider and a replay; a return is refunded through it', async () => {
      const placed = await walletOrder(kind, market)
      const row = await order(placed.publicId)
      const session = await paymentsDb(api.db)
        .selectFrom('lumopay_sessions')
        .select(['session_id', 'provider'])
        .where('reference', '=', placed.publicId)
        .executeTakeFirstOrThrow()
      expect(session.provider).toBe(provider)
      const event: CallbackEvent = {
        id: randomUUID(),
        type: 'payment.paid',
        createdAt: new Date().toISOString(),
        sessionId: session.session_id,
        orderId: String(row.order_id),
        reference: placed.publicId,
        amount: row.total_inc_vat,
        currency: row.currency_code,
        transactionId: `${provider}_test_${randomUUID()}`,
      }
      const body = JSON.stringify(event)
      const post = (headers: Record<string, string>, url = callback) =>
        api.app.inject({ method: 'POST', url, headers, payload: body })

      const forged = await post(signedHeaders(provider, `${api.config.paymentSecret}-not`, body))
      expect(forged.statusCode).toBe(401)
      // Lumopay's headers and key on this provider's callback: forged too
      const asCard = await post(signedHeaders('lumopay', api.config.paymentSecret, body))
      expect(asCard.statusCode).toBe(401)
      // this provider's signature on the card callback: the card provider does not settle it
      const elsewhere = await post(
        signedHeaders('lumopay', api.config.paymentSecret, body),
        '/payments/lumopay/callback',
      )
      expect(elsewhere.statusCode).toBe(404)
      const stale = await post(
        signedHeaders(provider, api.config.paymentSecret, body, Date.now() - 10 * 60_000),
      )
      expect(stale.statusCode).toBe(401)
      expect((await order(placed.publicId)).paid_at).toBeNull()

      const applied = await post(signedHeaders(provider, api.config.paymentSecret, body))
      expect(applied.statusCode).toBe(200)
      expect(applied.json()).toEqual({ result: 'applied' })
      const paidAt = (await order(placed.publicId)).paid_at
      expect(paidAt).not.toBeNull()
      const replay = await post(signedHeaders(provider, api.config.paymentSecret, body))
      expect(replay.json()).toEqual({ result: 'duplicate' })
      expect((await order(placed.publicId)).paid_at).toEqual(paidAt)

      // shipped, delivered, returned: the refund goes back through the provider
      const admin = (url: string, payload: object) =>
        api.app.inject({
          method: 'POST',
          url: `/admin/api${url}`,
          headers: { authorization: `Bearer ${api.config.adminKey}`, 'x-admin-actor': 'wallets-test' },
          payload,
        })
      expect(
        (
          await admin(`/orders/${row.order_id}/ship`, {
            carrier: 'postnord',
            trackingNumber: `W${row.order_id}0000`,
          })
        ).statusCode,
      ).toBe(200)
      expect((await admin(`/orders/${row.order_id}/deliver`, {})).statusCode).toBe(200)
      const rowIds = await api.db
        .selectFrom('order_rows')
        .select('order_row_id')
        .where('order_id', '=', row.order_id)
        .execute()
      const email = await api.db
        .selectFrom('orders')
        .select('email')
        .where('order_id', '=', row.order_id)
        .executeTakeFirstOrThrow()
      const registered = await api.gql<{ registerReturn: { returnNumber: string } }>(
        `mutation ($return: ReturnInputType!) { registerReturn(return: $return) { returnNumber } }`,
        {
          return: {
            orderNumber: String(row.order_id),
            email: email.email,
            items: [{ itemId: rowIds[0]!.order_row_id, quantity: 1, reasonCode: 'too-small' }],
          },
        },
      )
      expect(registered.errors).toBeUndefined()
      const received = await admin(`/returns/${registered.data!.registerReturn.returnNumber}/receive`, {})
      expect(received.statusCode).toBe(200)
      expect(received.json()).toMatchObject({ status: 'refunded', refundTo: 'payment' })
      const refunds = await api.db
        .selectFrom('order_events')
        .select(['data', 'to_balance'])
        .where('order_id', '=', row.order_id)
        .where('kind', '=', 'refund')
        .execute()
      expect(refunds).toHaveLength(1)
      const data = typeof refunds[0]!.data === 'string' ? JSON.parse(refunds[0]!.data) : refunds[0]!.data
      expect(data).toMatchObject({ method: kind, provider, providerReference: event.transactionId })
      expect(refunds[0]!.to_balance).toBe(false)
    })
  })
})

/**
 * Card payments end to end over HTTP on a seeded database: placeOrder creates the payment
 * session at Lumopay, the hosted page takes test cards, and the provider's signed callback
 * confirms the order. The callback endpoint is then attacked directly: replayed, forged, stale
 * and out-of-order events must not change a settled order.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { paymentsDb } from '../../../server/services/payments/db'
import { signedHeaders, type CallbackEvent } from '../../../server/contracts/lumopay'
import { deliverDue, expireSessions } from '../../../server/services/payments/sessions'
import { commerceSnapshot, skuStock, startCommerceApi, type CommerceApi } from '../graphql/commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const SKU = FIXTURE_PRODUCTS.satinDress.skus
const FI = { shipping: 1, card: 1 }
const CALLBACK = '/payments/lumopay/callback'

const GET_CART = `query { getCart(marketId: "fi") { id } }`
const ADD = `mutation ($id: String!, $skuId: Int!, $quantity: Int!) {
  addToCart(id: $id, item: { skuId: $skuId, quantity: $quantity }) { id } }`
const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId publicId status redirectUrl } }`
const CONFIRM = `query ($id: String!) {
  checkout(id: $id, paymentType: STANDARD) { completed paymentUrl order { orderId status } } }`

interface Placed {
  orderId: string
  publicId: string
  status: string
  redirectUrl: string | null
}

describeEachDatabase('card payments on %s', (kind) => {
  let api: CommerceApi

  beforeAll(async () => {
    api = await startCommerceApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  async function cardOrder(checkoutUrls?: Record<string, string>, email = 'anna.andersson@example.com') {
    const created = await api.gql<{ getCart: { id: string } }>(GET_CART)
    const cartId = created.data!.getCart.id
    expect((await api.gql(ADD, { id: cartId, skuId: SKU.inStock, quantity: 1 })).errors).toBeUndefined()
    const placed = await api.gql<{ placeOrder: Placed }>(PLACE, {
      cartId,
      checkout: {
        email,
        paymentId: FI.card,
        shippingId: FI.shipping,
        billingAddress: {
          firstName: 'Anna',
          lastName: 'Andersson',
          addressLine1: 'Aleksanterinkatu 5',
          zip: '00100',
          city: 'Helsinki',
          country: 'FI',
        },
        ...(checkoutUrls ? { checkoutUrls } : {}),
      },
    })
    expect(placed.errors).toBeUndefined()
    return { cartId, ...placed.data!.placeOrder }
  }

  function payWith(publicId: string, cardNumber: string, expiry = '12/39', cvc = '123') {
    return api.app.inject({
      method: 'POST',
      url: `/pay/orders/${publicId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber, expiry, cvc }).toString(),
    })
  }

  async function order(publicId: string) {
    return api.db
      .selectFrom('orders')
      .select(['order_id', 'status', 'paid_at', 'payment_reference', 'total_inc_vat', 'currency_code'])
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow()
  }

  function postEvent(event: CallbackEvent, options: { secret?: string; at?: number; body?: string } = {}) {
    const body = options.body ?? JSON.stringify(event)
    return api.app.inject({
      method: 'POST',
      url: CALLBACK,
      headers: signedHeaders(options.secret ?? api.config.paymentSecret, body, options.at ?? Date.now()),
      payload: body,
    })
  }

  async function eventFor(publicId: string, type: CallbackEvent['type'], extra: Partial<CallbackEvent> = {}) {
    const row = await order(publicId)
    const session = await paymentsDb(api.db)
      .selectFrom('lumopay_sessions')
      .select('session_id')
      .where('reference', '=', publicId)
      .executeTakeFirstOrThrow()
    return {
      id: randomUUID(),
      type,
      createdAt: new Date().toISOString(),
      sessionId: session.session_id,
      orderId: String(row.order_id),
      reference: publicId,
      amount: row.total_inc_vat,
      currency: row.currency_code,
      ...(type === 'payment.paid' ? { transactionId: `lp_test_${randomUUID()}` } : { reason: 'expired' }),
      ...extra,
    } satisfies CallbackEvent
  }

  it('pays a card order on the hosted page: a refused card first, then a good one', async () => {
    const publicUrl = api.config.publicUrl
    const placed = await cardOrder({
      redirectUrl: `${publicUrl}/se/sv/checkout/confirm`,
      checkoutPageUrl: `${publicUrl}/se/sv/kassan`,
    })
    expect(placed.status).toBe('pending')
    expect(placed.redirectUrl).toBe(`${api.config.publicUrl}/pay/orders/${placed.publicId}`)

    const page = await api.app.inject({ method: 'GET', url: `/pay/orders/${placed.publicId}` })
    expect(page.statusCode).toBe(200)
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain('script-src')
    expect(page.body).toContain('<label for="cardNumber">Kortin numero</label>')
    expect(page.body).toContain('4242 4242 4242 4242')

    const refused = await payWith(placed.publicId, '4000 0000 0000 0002')
    expect(refused.statusCode).toBe(303)
    const failure = new URL(String(refused.headers.location))
    expect(failure.pathname).toBe('/se/sv/checkout/lumopay-fail')
    expect(Object.fromEntries(failure.searchParams)).toEqual({ oid: placed.publicId, reason: 'card_refused' })
    // the shopper may try again: nothing is settled yet
    expect(await order(placed.publicId)).toMatchObject({ status: 'received', paid_at: null })
    const retry = await api.gql<{ checkout: { completed: boolean; paymentUrl: string | null } }>(CONFIRM, {
      id: placed.publicId,
    })
    expect(retry.data?.checkout).toMatchObject({ completed: false, paymentUrl: placed.redirectUrl })

    const invalid = await payWith(placed.publicId, '4242 4242 4242 4241', '01/20', '1')
    expect(invalid.statusCode).toBe(422)
    expect(invalid.body).toContain('aria-invalid="true" aria-describedby="cardNumber-error"')
    expect(invalid.body).toContain('role="alert"')

    const paid = await payWith(placed.publicId, '4242424242424242')
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe(`${publicUrl}/se/sv/checkout/confirm?oid=${placed.publicId}`)
    const after = await order(placed.publicId)
    expect(after.paid_at).not.toBeNull()
    expect(after.payment_reference).toMatch(/^lp_/)
    const confirmed = await api.gql<{ checkout: { completed: boolean; paymentUrl: string | null } }>(
      CONFIRM,
      {
        id: placed.publicId,
      },
    )
    expect(confirmed.data?.checkout).toMatchObject({ completed: true, paymentUrl: null })

    // the page of a paid order sends the shopper back to the confirmation
    const again = await api.app.inject({ method: 'GET', url: `/pay/orders/${placed.publicId}` })
    expect(again.statusCode).toBe(303)
    expect(again.headers.location).toBe(`${publicUrl}/se/sv/checkout/confirm?oid=${placed.publicId}`)
  })

  it('never redirects to another site: foreign return URLs fall back to the shop', async () => {
    const placed = await cardOrder({
      redirectUrl: 'https://evil.example/checkout/confirm',
      checkoutPageUrl: 'https://evil.example/kassa',
    })
    const session = await paymentsDb(api.db)
      .selectFrom('lumopay_sessions')
      .select(['success_url', 'failure_url', 'cancel_url'])
      .where('reference', '=', placed.publicId)
      .executeTakeFirstOrThrow()
    expect(session).toEqual({
      success_url: `${api.config.publicUrl}/fi/checkout/confirm`,
      failure_url: `${api.config.publicUrl}/fi/checkout/lumopay-fail`,
      cancel_url: null,
    })
  })

  it('refuses a card for a serial returner and stops taking cards after five refusals', async () => {
    const placed = await cardOrder()
    const stockBefore = await skuStock(api.db, SKU.inStock)
    const fraud = await payWith(placed.publicId, '4100 0000 0000 0019')
    expect(new URL(String(fraud.headers.location)).searchParams.get('reason')).toBe('serial_returner')
    for (let i = 0; i < 4; i++) await payWith(placed.publicId, '4000000000000002')
    // the fifth refusal closed the session; its payment.failed gave the order up
    expect(await order(placed.publicId)).toMatchObject({ status: 'cancelled', paid_at: null })
    expect((await skuStock(api.db, SKU.inStock)).stock_in_stock).toBe(stockBefore.stock_in_stock + 1)
    const closed = await payWith(placed.publicId, '4242424242424242')
    expect(closed.statusCode).toBe(303)
    expect(new URL(String(closed.headers.location)).searchParams.get('reason')).toBe('card_refused')
    expect((await order(placed.publicId)).paid_at).toBeNull()
  })

  describe('the callback endpoint', () => {
    it('applies a signed paid event once: a replay answers duplicate and changes nothing', async () => {
      const placed = await cardOrder()
      const event = await eventFor(placed.publicId, 'payment.paid')
      const first = await postEvent(event)
      expect(first.statusCode).toBe(200)
      expect(first.json()).toEqual({ result: 'applied' })
      const paidAt = (await order(placed.publicId)).paid_at
      expect(paidAt).not.toBeNull()

      const before = await commerceSnapshot(api.db)
      const replay = await postEvent(event)
      expect(replay.statusCode).toBe(200)
      expect(replay.json()).toEqual({ result: 'duplicate' })
      expect(await commerceSnapshot(api.db)).toBe(before)
    })

    it('refuses forged and stale events without any change', async () => {
      const placed = await cardOrder()
      const event = await eventFor(placed.publicId, 'payment.paid')
      const before = await commerceSnapshot(api.db)

      const forged = await postEvent(event, { secret: 'someone-else-s-secret-0123456789abcdef' })
      expect(forged.statusCode).toBe(401)
      const body = JSON.stringify(event)
      const tampered = await api.app.inject({
        method: 'POST',
        url: CALLBACK,
        headers: signedHeaders(api.config.paymentSecret, body),
        payload: body.replace(String(event.amount), String(event.amount - 1)),
      })
      expect(tampered.statusCode).toBe(401)
      const unsigned = await api.app.inject({
        method: 'POST',
        url: CALLBACK,
        headers: { 'content-type': 'application/json' },
        payload: body,
      })
      expect(unsigned.statusCode).toBe(401)
      const stale = await postEvent(event, { at: Date.now() - 6 * 60_000 })
      expect(stale.statusCode).toBe(401)
      expect(stale.json()).toEqual({ error: 'signature stale' })

      expect(await commerceSnapshot(api.db)).toBe(before)
      // the same event, fresh and genuine, still works afterwards
      expect((await postEvent(event)).json()).toEqual({ result: 'applied' })
    })

    it('ignores a failed event that arrives after the payment: the paid order stays paid', async () => {
      const placed = await cardOrder()
      expect((await postEvent(await eventFor(placed.publicId, 'payment.paid'))).statusCode).toBe(200)
      const before = await commerceSnapshot(api.db)
      const late = await postEvent(
        await eventFor(placed.publicId, 'payment.failed', {
          createdAt: new Date(Date.now() - 60_000).toISOString(),
        }),
      )
      expect(late.statusCode).toBe(200)
      expect(late.json()).toEqual({ result: 'ignored' })
      expect(await commerceSnapshot(api.db)).toBe(before)
      expect(await order(placed.publicId)).toMatchObject({ status: 'received' })
    })

    it('refuses a payment for an order given up meanwhile, so the provider voids it', async () => {
      const placed = await cardOrder()
      const stockBefore = await skuStock(api.db, SKU.inStock)
      const expired = await postEvent(await eventFor(placed.publicId, 'payment.failed'))
      expect(expired.json()).toEqual({ result: 'applied' })
      expect(await order(placed.publicId)).toMatchObject({ status: 'cancelled' })
      expect((await skuStock(api.db, SKU.inStock)).stock_in_stock).toBe(stockBefore.stock_in_stock + 1)

      const late = await postEvent(await eventFor(placed.publicId, 'payment.paid'))
      expect(late.statusCode).toBe(409)
      expect(late.json()).toEqual({ result: 'refused', reason: 'out_of_stock' })
      expect(await order(placed.publicId)).toMatchObject({ status: 'cancelled', paid_at: null })
    })

    it('answers 404 for an event about no order of ours and 400 for a malformed one', async () => {
      const placed = await cardOrder()
      const event = await eventFor(placed.publicId, 'payment.paid', { reference: randomUUID() })
      expect((await postEvent(event)).statusCode).toBe(404)
      expect((await postEvent(event, { body: '{"id":1}' })).statusCode).toBe(400)
    })
  })

  it('voids the payment of a customer blocked after ordering and sends the shopper to the failure page', async () => {
    const email = 'later.blocked@example.com'
    const placed = await cardOrder(undefined, email)
    await api.db
      .insertInto('customer_email_rules')
      .values({ email, status: 'blacklisted', message: 'Customer is blacklisted' })
      .execute()
    const paid = await payWith(placed.publicId, '4242424242424242')
    expect(new URL(String(paid.headers.location)).searchParams.get('reason')).toBe('user_blocked')
    expect(await order(placed.publicId)).toMatchObject({ status: 'cancelled', paid_at: null })
    const session = await paymentsDb(api.db)
      .selectFrom('lumopay_sessions')
      .select(['status', 'failure_reason'])
      .where('reference', '=', placed.publicId)
      .executeTakeFirstOrThrow()
    expect(session).toEqual({ status: 'voided', failure_reason: 'user_blocked' })
  })

  it('expires an unpaid session and gives the stock back through its callback', async () => {
    const placed = await cardOrder()
    const stockBefore = await skuStock(api.db, SKU.inStock)
    const pdb = paymentsDb(api.db)
    await pdb
      .updateTable('lumopay_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('reference', '=', placed.publicId)
      .execute()
    const deps = {
      db: pdb,
      secret: api.config.paymentSecret,
      now: () => new Date(),
      fetch: (async (input: string | URL | Request, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input))
        const response = await api.app.inject({
          method: 'POST',
          url: url.pathname,
          headers: init?.headers as Record<string, string>,
          payload: String(init?.body ?? ''),
        })
        return new Response(response.body, { status: response.statusCode })
      }) as typeof fetch,
    }
    expect(await expireSessions(deps)).toBeGreaterThanOrEqual(1)
    expect(await deliverDue(deps)).toBeGreaterThanOrEqual(1)
    expect(await order(placed.publicId)).toMatchObject({ status: 'cancelled' })
    expect((await skuStock(api.db, SKU.inStock)).stock_in_stock).toBe(stockBefore.stock_in_stock + 1)
    const page = await api.app.inject({ method: 'GET', url: `/pay/orders/${placed.publicId}` })
    expect(page.statusCode).toBe(303)
    expect(new URL(String(page.headers.location)).searchParams.get('reason')).toBe('sold_out')
  })
})

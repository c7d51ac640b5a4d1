/**
 * The loyalty programme on a real database (issue #11): a customer joins, an invoice order earns
 * points pending for 30 days, a refund takes them back, the quarter's payout (admin API, with the
 * test's clock) turns credited points into a bonus voucher, and the commerce API enforces the
 * voucher: owner only, single use, minimum purchase. The admin payout needs the admin key.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMailer, outboxDirectory } from '../../../server/services/mail'
import { confirmOrderPayment } from '../../../server/services/graphql/checkout/payment'
import { FIXTURE_CUSTOMERS, FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { pointsFor } from '../../../src/shared/loyalty'
import { COOKIES } from '../../../src/shared/cookies'
import { CSRF_HEADER } from '../../../src/shared/storefront-api'
import { createAdminCall } from '../../../scripts/admin/client'
import { runAdmin } from '../../../scripts/admin/index'
import {
  ADMIN_KEY,
  daysFromNow,
  startLoyaltyHarness,
  type LoyaltyHarness,
  type Shopper,
} from './loyalty-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const { aino, sven } = FIXTURE_CUSTOMERS
/** size 42 of the satin dress: static stock, 59,95 € */
const DRESS_SKU = FIXTURE_PRODUCTS.satinDress.skus.staticStock
const DRESS_PRICE = FIXTURE_PRODUCTS.satinDress.regularPrice.fi
/** the Finnish market's card payment option (the seed's payment_options) */
const CARD_PAYMENT = 1

const CART = `id promoCode summary { total { sellingPriceIncVat } fixedAmountDiscountIncVat }`

interface Overview {
  contact: { id: string; isMember: boolean; memberNumber: string | null; discoveryKey: string | null }
  level: string | null
  points: number
  pendingPoints: number
  pending: { points: number; creditedAt: string; orderId: number | null }[]
  vouchers: { code: string; amount: number; currency: string; minimumPurchase: number; redeemed: boolean }[]
  history: { kind: string; points: number; orderId: number | null }[]
}

describeEachDatabase('loyalty on %s', (kind) => {
  let h: LoyaltyHarness

  beforeAll(async () => {
    h = await startLoyaltyHarness(kind)
  }, 120_000)
  afterAll(async () => {
    await h?.close()
  })

  async function newCart(shopper: Shopper, quantity: number): Promise<string> {
    const cart = await h.gql<{ getCart: { id: string } }>(shopper, `query { getCart { id } }`)
    const cartId = cart.data!.getCart.id
    if (quantity > 0) {
      const added = await h.gql(
        shopper,
        `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${DRESS_SKU}, quantity: ${quantity} }) { id } }`,
        { id: cartId },
      )
      expect(added.errors).toBeUndefined()
    }
    return cartId
  }

  function setCode(shopper: Shopper | null, cartId: string, code: string) {
    return h.gql<{ setCartPromoCode: { promoCode: string | null } }>(
      shopper,
      `mutation ($id: String!, $code: String!) { setCartPromoCode(id: $id, promoCode: $code) { ${CART} } }`,
      { id: cartId, code },
    )
  }

  async function placeInvoiceOrder(shopper: Shopper, cartId: string, firstName: string, paymentId = 2) {
    const response = await h.gql<{ placeOrder: { orderId: string } }>(
      shopper,
      `mutation ($cartId: String!, $checkout: CheckoutInputType!) { placeOrder(cartId: $cartId, checkout: $checkout) { orderId } }`,
      {
        cartId,
        checkout: {
          email: shopper.email,
          paymentId,
          shippingId: 1,
          billingAddress: {
            firstName,
            lastName: 'Asiakas',
            addressLine1: 'Aleksanterinkatu 5',
            zip: '00100',
            city: 'Helsinki',
          },
        },
      },
    )
    return response
  }

  async function join(shopper: Shopper): Promise<Shopper> {
    const contact = await h.loyalty(
      shopper,
      'GET',
      `/get-contact?email=${encodeURIComponent(shopper.email)}&countryCode=FI&newsletter=false`,
    )
    expect(contact.status).toBe(200)
    const { id } = contact.json() as { id: string }
    const joined = await h.loyalty(
      shopper,
      'POST',
      `/member?id=${id}&isMember=true&date=${new Date().toISOString()}`,
    )
    expect(joined.status).toBe(200)
    expect(joined.json()).toMatchObject({ id, isMember: true })
    // the next token carries the member id (what opens the members-only pages)
    return h.shopper(shopper)
  }

  async function overview(shopper: Shopper): Promise<Overview> {
    const response = await h.loyalty(shopper, 'GET', '/overview')
    expect(response.status).toBe(200)
    return response.json() as Overview
  }

  let ainoMember: Shopper
  let voucherCode: string

  it('a customer reads only their own contact, and joining puts the member id into the next token', async () => {
    const ainoShopper = await h.shopper(aino)
    const svenShopper = await h.shopper(sven)
    expect((await h.loyalty(null, 'GET', `/get-contact?email=${aino.email}`)).status).toBe(401)
    expect((await h.loyalty(svenShopper, 'GET', `/get-contact?email=${aino.email}`)).status).toBe(403)
    ainoMember = await join(ainoShopper)
    const user = await h.database.db
      .selectFrom('users')
      .select('member_id')
      .where('user_id', '=', aino.userId)
      .executeTakeFirstOrThrow()
    expect(user.member_id).toMatch(/^M\d{8}$/)
    // Sven cannot make Aino leave
    const { contact } = await overview(ainoMember)
    expect((await h.loyalty(svenShopper, 'POST', `/member?id=${contact.id}&isMember=false`)).status).toBe(403)
    // the welcome mail is queued with the change
    const mails = await h.database.db
      .selectFrom('mail_messages')
      .select(['recipient', 'language'])
      .where('kind', '=', 'loyalty-joined')
      .execute()
    expect(mails).toEqual([{ recipient: aino.email, language: 'fi' }])
  })

  it("keeps a visitor's discovery key and cart, moves the key to the customer, and refuses cross-site changes", async () => {
    const key = `visitor-${Date.now()}`
    expect((await h.loyalty(null, 'GET', `/set-discovery-key?discoveryKey=${key}`)).status).toBe(200)
    const cartEvent = await h.app.inject({
      method: 'POST',
      url: '/api/loyalty/cart-events',
      headers: { [CSRF_HEADER]: '1', cookie: `${COOKIES.loyaltyDiscovery}=${key}` },
      payload: { kind: 'cart', reason: 'add', market: 'fi', items: [{ skuId: DRESS_SKU, quantity: 1 }] },
    })
    expect(cartEvent.statusCode).toBe(204)
    const events = await h.database.db
      .selectFrom('loyalty_cart_events as e')
      .innerJoin('loyalty_contacts as c', 'c.contact_id', 'e.contact_id')
      .select(['e.kind', 'e.reason', 'e.items'])
      .where('c.discovery_key', '=', key)
      .execute()
    expect(events).toEqual([{ kind: 'cart', reason: 'add', items: [{ skuId: DRESS_SKU, quantity: 1 }] }])

    // the same key from a logged-in customer: it moves to their contact
    expect((await h.loyalty(ainoMember, 'GET', `/set-discovery-key?discoveryKey=${key}`)).json()).toEqual({
      discoveryKey: key,
    })
    expect((await overview(ainoMember)).contact).toMatchObject({ discoveryKey: key })

    // a change without the storefront's header (a form on another site) is refused
    const { contact } = await overview(ainoMember)
    const crossSite = await h.app.inject({
      method: 'POST',
      url: `/api/loyalty/member?id=${contact.id}&isMember=false`,
      headers: { authorization: `Bearer ${ainoMember.token}` },
    })
    expect(crossSite.statusCode).toBe(403)
    expect((await overview(ainoMember)).contact.isMember).toBe(true)
  })

  it('a paid order earns points pending for 30 days; a refund takes them back', async () => {
    const placed = await placeInvoiceOrder(ainoMember, await newCart(ainoMember, 3), 'Aino')
    expect(placed.errors).toBeUndefined()
    const orderId = Number(placed.data!.placeOrder.orderId)
    const earned = pointsFor(3 * DRESS_PRICE, 'EUR')
    let view = await overview(ainoMember)
    expect(view).toMatchObject({ points: 0, pendingPoints: earned, level: 'BRONZE' })
    expect(view.pending).toHaveLength(1)
    const creditedAt = new Date(view.pending[0]!.creditedAt).getTime()
    expect(creditedAt - Date.now()).toBeGreaterThan(29 * 86_400_000)
    expect(creditedAt - Date.now()).toBeLessThanOrEqual(30 * 86_400_000)

    // the shop ships and delivers it, the customer returns one dress, the shop receives and refunds it
    // (the back office's operations, docs/adr/0030-returns.md)
    const back = (path: string, body: object) =>
      h.app.inject({
        method: 'POST',
        url: `/admin/api${path}`,
        headers: { authorization: `Bearer ${h.config.adminKey}` },
        payload: body,
      })
    expect(
      (await back(`/orders/${orderId}/ship`, { carrier: 'posti', trackingNumber: `JJFI${orderId}9` }))
        .statusCode,
    ).toBe(200)
    expect((await back(`/orders/${orderId}/deliver`, {})).statusCode).toBe(200)
    const row = await h.database.db
      .selectFrom('order_rows')
      .select('order_row_id')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    const registered = (await h.gql(
      ainoMember,
      `mutation ($return: ReturnInputType!) { registerReturn(return: $return) { returnNumber } }`,
      {
        return: {
          orderNumber: String(orderId),
          items: [{ itemId: row.order_row_id, quantity: 1, reasonCode: 'too-small' }],
        },
      },
    )) as { data?: { registerReturn: { returnNumber: string } }; errors?: unknown[] }
    expect(registered.errors).toBeUndefined()
    const received = await back(`/returns/${registered.data!.registerReturn.returnNumber}/receive`, {})
    expect(received.statusCode).toBe(200)
    expect(received.json()).toMatchObject({ status: 'refunded' })
    view = await overview(ainoMember)
    expect(view.pendingPoints).toBe(pointsFor(2 * DRESS_PRICE, 'EUR'))
    expect(view.history.map((entry) => [entry.kind, entry.points])).toEqual([
      ['adjust', pointsFor(2 * DRESS_PRICE, 'EUR') - earned],
      ['earn', earned],
    ])
    // reading again books nothing twice
    expect((await overview(ainoMember)).history).toHaveLength(2)
  })

  it('the payout needs the admin key', async () => {
    expect((await h.admin('/payouts', { asOf: daysFromNow(31) }, null)).status).toBe(401)
    expect((await h.admin('/payouts', { asOf: daysFromNow(31) }, 'wrong-key')).status).toBe(401)
    expect((await h.admin('/payouts', { asOf: NOT_A_DATE }, undefined)).status).toBe(400)
  })

  it('the payout after 30 days turns credited points into one bonus voucher, once a quarter', async () => {
    // before the credit date nothing is paid out…
    const early = await h.admin('/payouts', { asOf: daysFromNow(1) })
    expect(early.status).toBe(200)
    expect((early.json() as { vouchers: unknown[] }).vouchers).toEqual([])
    // …and a second payout in a quarter is refused
    const again = await h.admin('/payouts', { asOf: daysFromNow(1) })
    expect(again.status).toBe(409)

    // the quarter after the credit date, through `npm run admin -- payout` (the CLI over HTTP)
    await h.app.listen({ host: '127.0.0.1', port: 0 })
    const address = h.app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const call = createAdminCall({
      baseUrl: `http://127.0.0.1:${address.port}/admin/api`,
      key: ADMIN_KEY,
      actor: 'cli',
    })
    const lines: string[] = []
    const errors: string[] = []
    const cli = (args: string[]) =>
      runAdmin(['payout', ...args], {
        call,
        print: (line) => lines.push(line),
        printError: (line) => errors.push(line),
      })
    expect(await cli(['--as-of', daysFromNow(1)])).toBe(1)
    expect(errors.at(-1)).toMatch(/409 ALREADY_PAID_OUT/)
    expect(await cli(['--as-of', nextQuarterDate(daysFromNow(31)), '--json'])).toBe(0)
    const result = JSON.parse(lines.join('\n')) as {
      vouchers: { code: string; points: number; amount: number; currency: string }[]
    }
    expect(result.vouchers).toHaveLength(1)
    expect(result.vouchers[0]).toMatchObject({ points: 1000, amount: 250, currency: 'EUR' })
    voucherCode = result.vouchers[0]!.code
    expect(voucherCode).toMatch(/^BONUS-[2-9A-Z]{4}-[2-9A-Z]{4}$/)
    const view = await overview(ainoMember)
    expect(view.vouchers).toEqual([
      expect.objectContaining({ code: voucherCode, amount: 250, minimumPurchase: 2500, redeemed: false }),
    ])
    const mail = await h.database.db
      .selectFrom('mail_messages')
      .select(['recipient', 'payload'])
      .where('kind', '=', 'bonus-voucher')
      .executeTakeFirstOrThrow()
    expect(mail.recipient).toBe(aino.email)
    expect(JSON.stringify(mail.payload)).toContain(voucherCode)
    const audit = await h.database.db
      .selectFrom('admin_audit_log' as never)
      .select(['action' as never, 'actor' as never])
      .where('action' as never, '=', 'loyalty.payout' as never)
      .execute()
    expect(audit).toHaveLength(2)
  })

  it("refuses another customer's voucher, a cart below the minimum, and a second use", async () => {
    const svenShopper = await h.shopper(sven)
    const svenCart = await newCart(svenShopper, 1)
    expect((await setCode(svenShopper, svenCart, voucherCode)).errors?.[0]?.extensions?.code).toBe(
      'InvalidPromoCode',
    )
    // nor can a guest use it
    const guestCart = await h.gql<{ getCart: { id: string } }>(null, `query { getCart { id } }`)
    expect((await setCode(null, guestCart.data!.getCart.id, voucherCode)).errors?.[0]?.extensions?.code).toBe(
      'InvalidPromoCode',
    )

    const emptyCart = await newCart(ainoMember, 0)
    expect((await setCode(ainoMember, emptyCart, voucherCode)).errors?.[0]?.extensions?.code).toBe(
      'RequirementsNotMet',
    )

    // a card order holds the voucher until its payment fails, which gives it back
    const cardCart = await newCart(ainoMember, 1)
    expect((await setCode(ainoMember, cardCart, voucherCode)).errors).toBeUndefined()
    const card = await placeInvoiceOrder(ainoMember, cardCart, 'Aino', CARD_PAYMENT)
    expect(card.errors).toBeUndefined()
    const held = await newCart(ainoMember, 1)
    expect((await setCode(ainoMember, held, voucherCode)).errors?.[0]?.extensions?.code).toBe(
      'InvalidPromoCode',
    )
    const failed = await confirmOrderPayment(h.database.db, Number(card.data!.placeOrder.orderId), {
      status: 'failed',
      reason: 'card declined',
    })
    expect(failed).toMatchObject({ changed: true, status: 'cancelled' })

    const cartId = await newCart(ainoMember, 1)
    const applied = await setCode(ainoMember, cartId, voucherCode.toLowerCase())
    expect(applied.errors).toBeUndefined()
    expect(applied.data!.setCartPromoCode.promoCode).toBe(voucherCode)
    const placed = await placeInvoiceOrder(ainoMember, cartId, 'Aino')
    expect(placed.errors).toBeUndefined()
    const order = await h.database.db
      .selectFrom('orders')
      .select(['promo_code', 'discount_inc_vat', 'order_id'])
      .where('order_id', '=', Number(placed.data!.placeOrder.orderId))
      .executeTakeFirstOrThrow()
    expect(order).toMatchObject({ promo_code: voucherCode, discount_inc_vat: 250 })

    const nextCart = await newCart(ainoMember, 1)
    expect((await setCode(ainoMember, nextCart, voucherCode)).errors?.[0]?.extensions?.code).toBe(
      'InvalidPromoCode',
    )
    expect((await overview(ainoMember)).vouchers[0]).toMatchObject({ code: voucherCode, redeemed: true })
  })

  it('the welcome and the voucher mails go out through the mail service, in Finnish, with a text part', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lumo-loyalty-mail-'))
    try {
      const mailer = createMailer({
        database: h.database,
        config: { dataDir, smtpUrl: undefined, publicUrl: h.config.publicUrl },
      })
      await mailer.sendDue()
      const files = await readdir(outboxDirectory(dataDir))
      const mails = await Promise.all(
        files.map(async (file) =>
          (await readFile(path.join(outboxDirectory(dataDir), file), 'utf8'))
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        ),
      )
      const voucherMail = mails.find((mail) => mail.includes(voucherCode))
      expect(voucherMail).toBeDefined()
      expect(voucherMail).toContain('text/plain')
      expect(voucherMail).toContain('/fi/tilini/j')
      const { contact } = await overview(ainoMember)
      expect(mails.some((mail) => mail.includes(contact.memberNumber!))).toBe(true)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('removing the loyalty account, and deleting the customer account, take the loyalty rows with them', async () => {
    const sven1 = await join(await h.shopper(sven))
    const { contact } = await overview(sven1)
    const removed = await h.loyalty(sven1, 'POST', `/save-consent?id=${contact.id}&removeAccount=true`)
    expect(removed.status).toBe(200)
    const svenRow = () =>
      h.database.db
        .selectFrom('users')
        .select('member_id')
        .where('user_id', '=', sven.userId)
        .executeTakeFirst()
    expect((await svenRow())?.member_id).toBeNull()
    expect((await overview(await h.shopper(sven))).contact).toMatchObject({
      isMember: false,
      memberNumber: null,
    })

    // Aino, a member with a used voucher, closes her customer account
    const deleted = await h.gql<{ deleteUser: boolean }>(ainoMember, `mutation { deleteUser }`)
    expect(deleted.data?.deleteUser).toBe(true)
    // her token is still valid for a few minutes: the service finds no account to follow
    const lateEvent = await h.loyalty(ainoMember, 'POST', '/cart-events', {
      kind: 'empty-cart',
      reason: 'logout',
    })
    expect(lateEvent.status).toBe(404)
    const rows = await h.database.db
      .selectFrom('loyalty_contacts')
      .select('contact_id')
      .where('user_id', '=', aino.userId)
      .execute()
    expect(rows).toEqual([])
    expect(
      await h.database.db
        .selectFrom('loyalty_vouchers')
        .select('code')
        .where('user_id', '=', aino.userId)
        .execute(),
    ).toEqual([])
  })
})

/** an asOf the admin API refuses with 400 */
const NOT_A_DATE = 'not-a-date'

/** A date in the quarter after the one `date` is in, so the test's payouts never meet one already made. */
function nextQuarterDate(date: string): string {
  const day = new Date(`${date}T12:00:00Z`)
  const firstOfNextQuarter = new Date(
    Date.UTC(day.getUTCFullYear(), Math.floor(day.getUTCMonth() / 3) * 3 + 3, 1),
  )
  return firstOfNextQuarter.toISOString().slice(0, 10)
}

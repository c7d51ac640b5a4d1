/**
 * One host for a shopper's journey (issue 27 part 5, ADR 0057) on the production app without
 * PUBLIC_URL: a shopper who opened the shop at 127.0.0.1 pays by card on 127.0.0.1, comes back
 * to 127.0.0.1 and gets mails that link to 127.0.0.1; the same shop at localhost stays on
 * localhost. A forged Host header is never reflected in a page, a payment page or a mail.
 *
 * Before: every card order was sent to http://localhost:PORT/pay/… (and back to localhost, where
 * the 127.0.0.1 shopper's cookies do not exist), and every mail said localhost.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { createMailer, outboxDirectory } from '../../../server/services/mail'
import { passwordDigest } from '../../../src/shared/password-digest'
import { startProductionApp, type ProductionApp } from './production-app'
import { registerAndLogInThroughShop } from '../helpers/auth'

const PORT = '3000'
const LOOPBACK = `127.0.0.1:${PORT}`
const LOCALHOST = `localhost:${PORT}`
const FORGED = `evil.example:${PORT}`
const SKU = FIXTURE_PRODUCTS.satinDress.skus.inStock
const FI = { shipping: 1, card: 1 }

let shop: ProductionApp
let dataDir: string

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lumo-origin-'))
  // no PUBLIC_URL: the default a developer's `npm start` has
  shop = await startProductionApp({ PORT, DATA_DIR: dataDir })
}, 240_000)

afterAll(async () => {
  await shop?.close()
})

async function gql<T>(host: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { host, 'x-lumo-csrf': '1', 'content-type': 'application/json' },
    payload: { query, variables: { channelId: '1|fi', marketId: 'fi', languageId: 'fi-FI', ...variables } },
  })
  expect(response.statusCode).toBe(200)
  const body = response.json<{ data?: T; errors?: unknown[] }>()
  expect(body.errors).toBeUndefined()
  return body.data as T
}

/** A card order placed through the storefront's /api/graphql as a browser on `host` would. */
async function placeCardOrder(host: string, email: string) {
  const { getCart } = await gql<{ getCart: { id: string } }>(
    host,
    `query ($channelId: String, $marketId: String, $languageId: String) {
      getCart(channelId: $channelId, marketId: $marketId, languageId: $languageId) { id } }`,
  )
  await gql(
    host,
    `mutation ($id: String!, $skuId: Int!, $marketId: String) {
      addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, marketId: $marketId) { id } }`,
    { id: getCart.id, skuId: SKU },
  )
  const { placeOrder } = await gql<{
    placeOrder: { orderId: string; publicId: string; redirectUrl: string }
  }>(
    host,
    `mutation ($cartId: String!, $checkout: CheckoutInputType!, $marketId: String, $languageId: String) {
      placeOrder(cartId: $cartId, checkout: $checkout, marketId: $marketId, languageId: $languageId) {
        orderId publicId redirectUrl } }`,
    {
      cartId: getCart.id,
      checkout: {
        email,
        paymentId: FI.card,
        shippingId: FI.shipping,
        billingAddress: {
          firstName: 'Aino',
          lastName: 'Virtanen',
          addressLine1: 'Aleksanterinkatu 5',
          zip: '00100',
          city: 'Helsinki',
          country: 'FI',
        },
        // what the checkout page sends: its own origin (window.location.origin)
        checkoutUrls: {
          redirectUrl: `http://${host}/fi/checkout/confirm`,
          checkoutPageUrl: `http://${host}/fi/kassa`,
        },
      },
    },
  )
  return placeOrder
}

function payOnHostedPage(host: string, publicId: string) {
  return shop.app.inject({
    method: 'POST',
    url: `/pay/orders/${publicId}`,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }).toString(),
  })
}

/** The order's confirmation mail as written to the outbox (by this mailer or the app's own timer). */
async function confirmationMail(orderId: string): Promise<string> {
  // the mailer's own default would say localhost: the link must come from the order
  const mailer = createMailer({
    database: shop.database,
    config: { dataDir, smtpUrl: undefined, publicUrl: `http://${LOCALHOST}` },
  })
  await mailer.sendDue()
  await expect
    .poll(async () =>
      shop.database.db
        .selectFrom('mail_messages')
        .select(['status', 'location'])
        .where('order_id', '=', Number(orderId))
        .where('kind', '=', 'order-confirmation')
        .executeTakeFirst(),
    )
    .toMatchObject({ status: 'sent' })
  const row = await shop.database.db
    .selectFrom('mail_messages')
    .select('location')
    .where('order_id', '=', Number(orderId))
    .where('kind', '=', 'order-confirmation')
    .executeTakeFirstOrThrow()
  return readFileSync(path.join(outboxDirectory(dataDir), row.location!), 'utf8')
}

describe('without PUBLIC_URL the shop answers on the address the shopper came from', () => {
  it.each([LOOPBACK, LOCALHOST])('pages opened at %s link to it', async (host) => {
    const page = await shop.app.inject({ method: 'GET', url: '/fi/', headers: { host } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(`<link rel="canonical" href="http://${host}/fi/"`)
    const robots = await shop.app.inject({ method: 'GET', url: '/robots.txt', headers: { host } })
    expect(robots.body).toContain(`Sitemap: http://${host}/sitemap.xml`)
  })

  it('never reflects a forged Host header: the page, and the page cached for it, keep the default address', async () => {
    for (let round = 0; round < 2; round++) {
      const page = await shop.app.inject({ method: 'GET', url: '/fi/', headers: { host: FORGED } })
      expect(page.body).not.toContain('evil.example')
      expect(page.body).toContain(`<link rel="canonical" href="http://${LOCALHOST}/fi/"`)
    }
    // the shopper at 127.0.0.1 is not served an entry another host's request left behind
    const after = await shop.app.inject({ method: 'GET', url: '/fi/', headers: { host: LOOPBACK } })
    expect(after.body).toContain(`<link rel="canonical" href="http://${LOOPBACK}/fi/"`)
  })

  it('pays by card at 127.0.0.1 and comes back to 127.0.0.1; the mail links to 127.0.0.1', async () => {
    const placed = await placeCardOrder(LOOPBACK, 'aino.origin@example.com')
    expect(placed.redirectUrl).toBe(`http://${LOOPBACK}/pay/orders/${placed.publicId}`)

    const paid = await payOnHostedPage(LOOPBACK, placed.publicId)
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toMatch(new RegExp(`^http://${LOOPBACK}/fi/checkout/confirm\\?`))

    const stored = await shop.database.db
      .selectFrom('orders')
      .select('shop_url')
      .where('public_id', '=', placed.publicId)
      .executeTakeFirstOrThrow()
    expect(stored.shop_url).toBe(`http://${LOOPBACK}`)
    const mail = await confirmationMail(placed.orderId)
    expect(mail).toContain(`http://${LOOPBACK}`)
    expect(mail).not.toContain('localhost')
  })

  it('a forged Host places the order on the default address, never on the forged one', async () => {
    const placed = await placeCardOrder(FORGED, 'aino.forged@example.com')
    expect(placed.redirectUrl).toBe(`http://${LOCALHOST}/pay/orders/${placed.publicId}`)
    const paid = await payOnHostedPage(LOOPBACK, placed.publicId)
    expect(paid.headers.location).toMatch(new RegExp(`^http://${LOCALHOST}/fi/checkout/confirm\\?`))
    const mail = await confirmationMail(placed.orderId)
    expect(mail).not.toContain('evil.example')
  })

  it('a password-reset mail asked for at 127.0.0.1 links to 127.0.0.1', async () => {
    const register = await registerAndLogInThroughShop(shop.app, {
      headers: { host: LOOPBACK, 'x-lumo-csrf': '1' },
      payload: { username: 'aino.reset@example.com', password: await passwordDigest('salasana1') },
    })
    expect(register.statusCode).toBe(200)
    for (const host of [LOOPBACK, FORGED]) {
      await gql(host, `mutation ($email: String!) { requestPasswordReset(email: $email) }`, {
        email: 'aino.reset@example.com',
      })
    }
    const rows = await shop.database.db
      .selectFrom('mail_messages')
      .select('payload')
      .where('kind', '=', 'password-reset')
      .where('recipient', '=', 'aino.reset@example.com')
      .orderBy('message_id')
      .execute()
    const payloads = rows.map((row) => row.payload as { actionUrl: string; shopUrl: string })
    expect(payloads).toHaveLength(2)
    expect(payloads[0]!.actionUrl).toMatch(new RegExp(`^http://${LOOPBACK}/fi/`))
    expect(payloads[0]!.shopUrl).toBe(`http://${LOOPBACK}`)
    expect(payloads[1]!.actionUrl).toMatch(new RegExp(`^http://${LOCALHOST}/fi/`))
    expect(JSON.stringify(payloads[1])).not.toContain('evil.example')
  })
})

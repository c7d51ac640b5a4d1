/**
 * Order-confirmation e-mails on a seeded database: one per order, when an invoice order is
 * placed or a card order is paid, in the order's language, written to DATA_DIR/outbox as .eml;
 * the seed's old orders and unpaid or cancelled orders get none.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { confirmOrderPayment } from '../../../server/services/graphql/checkout/payment'
import {
  createMailer,
  MAX_SEND_ATTEMPTS,
  outboxDirectory,
  SEND_LEASE_MS,
  type Mailer,
} from '../../../server/services/mail'
import { startCommerceApi, type CommerceApi } from '../graphql/commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const SKU = FIXTURE_PRODUCTS.satinDress.skus
/** Seeded Swedish options: shipping 3, card 3, invoice 4. */
const SE = { shipping: 3, card: 3, invoice: 4 }

const GET_CART = `query { getCart(marketId: "se") { id } }`
const ADD = `mutation ($id: String!, $skuId: Int!) {
  addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, marketId: "se") { id } }`
const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout, marketId: "se", languageId: "sv-SE") { orderId publicId status } }`

describeEachDatabase('order e-mails on %s', (kind) => {
  let api: CommerceApi
  let dataDir: string
  let mailer: Mailer

  beforeAll(async () => {
    api = await startCommerceApi(kind)
    dataDir = await mkdtemp(path.join(tmpdir(), 'lumo-mail-'))
    mailer = createMailer({
      database: api.database,
      config: { dataDir, smtpUrl: undefined, publicUrl: 'https://lumo.example' },
    })
    await mailer.start()
  })
  afterAll(async () => {
    await api?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  async function place(paymentId: number, firstName: string) {
    const cartId = (await api.gql<{ getCart: { id: string } }>(GET_CART)).data!.getCart.id
    expect((await api.gql(ADD, { id: cartId, skuId: SKU.inStock })).errors).toBeUndefined()
    const placed = await api.gql<{ placeOrder: { orderId: string; status: string } }>(PLACE, {
      cartId,
      checkout: {
        email: `${firstName.toLowerCase()}@example.se`,
        paymentId,
        shippingId: SE.shipping,
        billingAddress: {
          firstName,
          lastName: 'Svensson <b>',
          addressLine1: 'Drottninggatan 1',
          zip: '11151',
          city: 'Stockholm',
          country: 'SE',
        },
      },
    })
    expect(placed.errors).toBeUndefined()
    return Number(placed.data!.placeOrder.orderId)
  }

  async function outbox(): Promise<string[]> {
    try {
      return (await readdir(outboxDirectory(dataDir))).sort()
    } catch {
      return []
    }
  }

  it('mails an invoice order at once and a card order only once it is paid, each once', async () => {
    // the seed's history is not mailed
    expect(await mailer.sendDue()).toBe(0)

    const invoiceOrder = await place(SE.invoice, 'Sara')
    const cardOrder = await place(SE.card, 'Karin')
    expect(await mailer.sendDue()).toBe(1)
    let files = await outbox()
    expect(files).toHaveLength(1)
    expect(files[0]).toContain(`-order-${invoiceOrder}-confirmation.eml`)

    await confirmOrderPayment(api.db, cardOrder, { status: 'paid', transactionId: 'lp_mail_test' })
    expect(await mailer.sendDue()).toBe(1)
    expect(await mailer.sendDue()).toBe(0)
    files = await outbox()
    expect(files).toHaveLength(2)

    const eml = await readFile(path.join(outboxDirectory(dataDir), files[0]!), 'utf8')
    expect(eml).toMatch(/^To: sara@example\.se$/m)
    expect(eml).toMatch(/^Content-Language: sv$/m)
    expect(eml).toContain(`Subject: =?UTF-8?Q?Orderbekr=C3=A4ftelse_=E2=80=93_order_${invoiceOrder}?=`)
    expect(eml).toContain('Content-Type: text/plain')
    expect(eml).toContain('Content-Type: text/html')
    // the HTML part escapes what the shopper typed (quoted-printable: soft line breaks removed)
    const unfolded = eml.replace(/=\n/g, '')
    expect(unfolded).toContain('Sara Svensson &lt;b&gt;<br>Drottninggatan 1')
    expect(unfolded).toMatch(/^Sara Svensson <b>$/m)
    const rows = await api.db
      .selectFrom('mail_messages' as never)
      .select(['order_id', 'status', 'transport', 'language'] as never[])
      .orderBy('order_id' as never)
      .execute()
    expect(rows).toEqual([
      { order_id: invoiceOrder, status: 'sent', transport: 'outbox', language: 'sv' },
      { order_id: cardOrder, status: 'sent', transport: 'outbox', language: 'sv' },
    ])
  })

  it('sends nothing for a card order whose payment failed', async () => {
    const cardOrder = await place(SE.card, 'Olle')
    await confirmOrderPayment(api.db, cardOrder, { status: 'failed', reason: 'test' })
    const before = (await outbox()).length
    expect(await mailer.sendDue()).toBe(0)
    expect(await outbox()).toHaveLength(before)
  })

  it('sends a mail left in sending by a crash once its lease is over, once (issue #15, finding 13)', async () => {
    const orderId = await place(SE.invoice, 'Lars')
    // the sender claimed the row and died before the transport was done: no file, no 'sent'
    const row = await api.db
      .insertInto('mail_messages')
      .values({
        order_id: orderId,
        kind: 'order-confirmation',
        recipient: 'lars@example.se',
        language: 'sv',
        status: 'sending',
        claimed_at: new Date(),
      })
      .returning('message_id')
      .executeTakeFirstOrThrow()
    let clock = Date.now()
    const later = createMailer({
      database: api.database,
      config: { dataDir, smtpUrl: undefined, publicUrl: 'https://lumo.example' },
      now: () => new Date(clock),
    })
    const filesOf = async () =>
      (await outbox()).filter((file) => file.endsWith(`-order-${orderId}-confirmation.eml`))

    // still within the lease: the sender may yet finish, nobody else sends it
    clock += SEND_LEASE_MS - 60_000
    expect(await later.sendDue()).toBe(0)
    expect(await mailer.sendDue()).toBe(0)
    expect(await filesOf()).toHaveLength(0)

    clock += 2 * 60_000
    expect(await later.sendDue()).toBe(1)
    expect(await filesOf()).toHaveLength(1)
    const sent = await api.db
      .selectFrom('mail_messages')
      .select(['status', 'attempts'])
      .where('message_id', '=', row.message_id)
      .executeTakeFirstOrThrow()
    expect(sent).toEqual({ status: 'sent', attempts: 2 })
    clock += 2 * SEND_LEASE_MS
    expect(await later.sendDue()).toBe(0)
    expect(await filesOf()).toHaveLength(1)
  })

  it('gives up a mail whose last attempt died mid-send: failed, not sent again', async () => {
    const orderId = await place(SE.invoice, 'Nils')
    await api.db
      .insertInto('mail_messages')
      .values({
        order_id: orderId,
        kind: 'order-confirmation',
        recipient: 'nils@example.se',
        language: 'sv',
        status: 'sending',
        attempts: MAX_SEND_ATTEMPTS,
        claimed_at: new Date(Date.now() - 2 * SEND_LEASE_MS),
      })
      .execute()
    const before = (await outbox()).length
    expect(await mailer.sendDue()).toBe(0)
    expect(await outbox()).toHaveLength(before)
    const row = await api.db
      .selectFrom('mail_messages')
      .select(['status', 'last_error'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('failed')
    expect(row.last_error).toMatch(/lease expired/)
  })
})

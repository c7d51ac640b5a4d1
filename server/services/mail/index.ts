/**
 * The mail service (docs/architecture.md#one-process-many-services): order-confirmation e-mails in the shopper's language, sent
 * once per order — when an invoice order is placed or a card order is paid — and the account
 * mails other services queue in `mail_messages` (the user API's password-reset link).
 *
 * It watches the orders (every few seconds, and whenever asked through `sendDue`): an order that
 * is confirmed (invoice, or card with paid_at) and not cancelled gets its message. Claiming the
 * `mail_messages` row (UNIQUE order + kind) is what makes it go out once, whichever instance of
 * the service sees it first. Without SMTP_URL the message is written as an .eml file to
 * DATA_DIR/outbox/ (open it with any mail program, or read it as text); with SMTP_URL it is sent
 * through nodemailer.
 *
 * Delivery is at least once (docs/adr/0025-order-abuse-and-outbox.md): a claimed row is
 * 'sending' with its `claimed_at`; a failed send, and a row left in 'sending' longer than
 * SEND_LEASE_MS (its sender died mid-send), is claimed again on a later round, at most
 * MAX_SEND_ATTEMPTS claims in all. A crash after the transport took the mail but before the row
 * said 'sent' therefore sends it a second time; a crash before that sends it once, late.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely'
import nodemailer from 'nodemailer'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { startPeriodicJob } from '../shared/periodic'
import type { DB, MailMessagesTable } from '../../db/schema'
import type { NoticeMailPayload } from '../../contracts/mail'
import { orderMoneyFromPlacedOrder } from '../../../src/shared/order-money'
import {
  renderNoticeMail,
  renderOrderConfirmation,
  type MailLanguage,
  type OrderMail,
  type RenderedMail,
} from './render'
import { kindsSettledBy } from '../../../src/shared/payment-kinds'

export type { MailMessagesTable }

export interface MailWatermarksTable {
  kind: 'order-confirmation'
  after_order_id: number
}

/** The shared DB (which holds mail_messages, written by other services too) plus the watermarks. */
export type MailDB = DB & { mail_watermarks: MailWatermarksTable }

export const MAX_SEND_ATTEMPTS = 5
/**
 * How long a claimed row may stay in 'sending' before another round claims it again: longer
 * than a send can take (the SMTP timeouts below end every send well within it).
 */
export const SEND_LEASE_MS = 5 * 60_000
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }

const CLAIMED_COLUMNS = ['message_id', 'order_id', 'kind', 'recipient', 'language', 'payload'] as const
type ClaimedMessage = Pick<Selectable<MailMessagesTable>, (typeof CLAIMED_COLUMNS)[number]>
export const SENDER = 'Lumo <tilaukset@lumo.example>'

export interface MailServiceOptions {
  database: Database
  config: Pick<Config, 'dataDir' | 'smtpUrl' | 'publicUrl'>
  /** How often to look for orders to confirm; 0 turns the timer off (tests call sendDue). */
  intervalMs?: number
  /** The clock of the claims and leases (tests move it on). */
  now?: () => Date
}

export function outboxDirectory(dataDir: string): string {
  return path.join(dataDir, 'outbox')
}

/** What is kept of a failed send's error (mail_messages.last_error). */
function errorText(error: unknown): string {
  return String(error instanceof Error ? error.message : error).slice(0, 500)
}

function languageOf(value: string): MailLanguage {
  return value === 'sv' || value === 'nb' || value === 'da' ? value : 'fi'
}

export interface Mailer {
  /** Marks the orders that exist before the first start (the seed's history) as not to be mailed. */
  start(): Promise<void>
  /** Sends (or writes) every confirmation and queued account mail that is due; returns how many went out. */
  sendDue(): Promise<number>
}

export function createMailer({
  database,
  config,
  now = () => new Date(),
}: Omit<MailServiceOptions, 'intervalMs'>): Mailer {
  const db = database.db as unknown as Kysely<MailDB>
  const transport = config.smtpUrl
    ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

  async function watermark(): Promise<number> {
    await db
      .insertInto('mail_watermarks')
      .values({
        kind: 'order-confirmation',
        after_order_id: sql<number>`coalesce((select max(order_id) from orders), 0)`,
      })
      .onConflict((oc) => oc.column('kind').doNothing())
      .execute()
    const row = await db
      .selectFrom('mail_watermarks')
      .select('after_order_id')
      .where('kind', '=', 'order-confirmation')
      .executeTakeFirstOrThrow()
    return row.after_order_id
  }

  async function load(orderId: number): Promise<OrderMail | undefined> {
    const order = await db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirst()
    if (!order) return undefined
    const rows = await db
      .selectFrom('order_rows')
      .select([
        'product_name',
        'brand_name',
        'sku_name',
        'quantity',
        'unit_price_inc_vat',
        'regular_unit_price_inc_vat',
      ])
      .where('order_id', '=', orderId)
      .orderBy('order_row_id')
      .execute()
    const payment = order.payment_option_id
      ? await db
          .selectFrom('payment_options')
          .select('display_names')
          .where('payment_option_id', '=', order.payment_option_id)
          .executeTakeFirst()
      : undefined
    const language = languageOf(order.language)
    const names = (payment?.display_names ?? {}) as Record<string, string>
    return {
      orderNumber: String(order.order_id),
      language,
      currency: order.currency_code,
      email: order.email,
      firstName: order.first_name,
      rows: rows.map((row) => ({
        name: row.product_name,
        brand: row.brand_name,
        size: row.sku_name,
        quantity: row.quantity,
        totalIncVat: row.unit_price_inc_vat * row.quantity,
      })),
      money: orderMoneyFromPlacedOrder({
        rows: rows.map((row) => ({
          quantity: row.quantity,
          unitPriceIncVat: row.unit_price_inc_vat,
          regularUnitPriceIncVat: row.regular_unit_price_inc_vat,
        })),
        discountIncVat: order.discount_inc_vat,
        promoCode: order.promo_code,
        shippingFeeIncVat: order.shipping_fee_inc_vat,
        paymentFeeIncVat: order.payment_fee_inc_vat,
        fromBalance: order.from_balance,
        totalIncVat: order.total_inc_vat,
        vatTotal: order.vat_total,
      }),
      shippingMethod: order.shipping_method,
      paymentMethod: names[language] ?? Object.values(names)[0] ?? order.payment_kind,
      shippingAddress: order.shipping_address,
      // the host the order was placed on: a journey never switches host (ADR 0057)
      shopUrl: order.shop_url ?? config.publicUrl,
    }
  }

  async function deliver(
    rendered: RenderedMail,
    to: { email: string; language: MailLanguage; unsubscribeUrl?: string },
    fileLabel: string,
  ): Promise<{ transport: 'outbox' | 'smtp'; location: string }> {
    const info = (await transport.sendMail({
      from: SENDER,
      to: to.email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      headers: {
        'Content-Language': to.language,
        // RFC 8058: a mail program's own button POSTs to the link (server/ssr/one-click-unsubscribe.ts)
        ...(to.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
      },
      ...(to.unsubscribeUrl
        ? { list: { unsubscribe: { url: to.unsubscribeUrl, comment: 'unsubscribe' } } }
        : {}),
    })) as { message?: Buffer; messageId?: string }
    if (config.smtpUrl) return { transport: 'smtp', location: info.messageId ?? '' }
    const directory = outboxDirectory(config.dataDir)
    await mkdir(directory, { recursive: true })
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = `${stamp}-${fileLabel}.eml`
    await writeFile(path.join(directory, file), info.message ?? Buffer.alloc(0))
    return { transport: 'outbox', location: file }
  }

  /** Renders a claimed row's mail: the order's confirmation, or a queued notice from its payload. */
  async function render(
    message: ClaimedMessage,
  ): Promise<{ mail: RenderedMail; language: MailLanguage; unsubscribeUrl?: string }> {
    if (message.kind === 'order-confirmation') {
      const order = message.order_id === null ? undefined : await load(message.order_id)
      if (!order) throw new Error(`order ${message.order_id} of an order confirmation is gone`)
      return { mail: renderOrderConfirmation(order), language: order.language }
    }
    const language = languageOf(message.language)
    const payload = (message.payload ?? {}) as NoticeMailPayload
    const shopUrl = payload.shopUrl ?? config.publicUrl
    const mail = renderNoticeMail({ kind: message.kind, language, payload, shopUrl })
    return { mail, language, unsubscribeUrl: payload.unsubscribeUrl }
  }

  /** Sends one claimed row and records the outcome; true when it went out. */
  async function sendClaimed(message: ClaimedMessage): Promise<boolean> {
    try {
      const { mail, language, unsubscribeUrl } = await render(message)
      const label =
        message.kind === 'order-confirmation'
          ? `order-${message.order_id}-confirmation`
          : `${message.kind}-${message.message_id}`
      const sent = await deliver(mail, { email: message.recipient, language, unsubscribeUrl }, label)
      await db
        .updateTable('mail_messages')
        .set({
          status: 'sent',
          transport: sent.transport,
          location: sent.location,
          sent_at: now(),
          last_error: null,
          // links with keys (a password reset) are not kept once sent
          payload: null,
        })
        .where('message_id', '=', message.message_id)
        .execute()
      return true
    } catch (error) {
      await db
        .updateTable('mail_messages')
        .set({ status: 'failed', last_error: errorText(error) })
        .where('message_id', '=', message.message_id)
        .execute()
      return false
    }
  }

  /** A new order confirmation: inserting its row (UNIQUE order + kind) is the claim. */
  async function claimConfirmation(orderId: number): Promise<ClaimedMessage | undefined> {
    const order = await db
      .selectFrom('orders')
      .select(['email', 'language'])
      .where('order_id', '=', orderId)
      .executeTakeFirst()
    if (!order) return undefined
    return db
      .insertInto('mail_messages')
      .values({
        order_id: orderId,
        kind: 'order-confirmation',
        recipient: order.email,
        language: languageOf(order.language),
        status: 'sending',
        claimed_at: now(),
      })
      .onConflict((oc) => oc.columns(['order_id', 'kind']).doNothing())
      .returning(CLAIMED_COLUMNS)
      .executeTakeFirst()
  }

  /**
   * Rows due again, claimed by one UPDATE that moves them to 'sending' (so each goes out from one
   * instance only; on PostgreSQL a concurrent claim re-checks the condition on the row it waited
   * for and skips it): queued account mails, failed sends with tries left, and rows left in
   * 'sending' longer than the lease, whose sender died mid-send. Every claim but a queued row's
   * first counts as an attempt; after MAX_SEND_ATTEMPTS a row stays failed.
   */
  async function claimDue(): Promise<ClaimedMessage[]> {
    const leaseEnd = new Date(now().getTime() - SEND_LEASE_MS)
    const due = (w: ExpressionBuilder<MailDB, 'mail_messages'>) =>
      w.or([
        w('status', '=', 'queued'),
        w.and([
          w('attempts', '<', MAX_SEND_ATTEMPTS),
          w.or([
            w('status', '=', 'failed'),
            w.and([w('status', '=', 'sending'), w('claimed_at', '<', leaseEnd)]),
          ]),
        ]),
      ])
    // a row whose last attempt died mid-send has no tries left: it is failed, for the operator
    await db
      .updateTable('mail_messages')
      .set({ status: 'failed', last_error: 'the sender stopped while sending (lease expired)' })
      .where('status', '=', 'sending')
      .where('claimed_at', '<', leaseEnd)
      .where('attempts', '>=', MAX_SEND_ATTEMPTS)
      .execute()
    return db
      .updateTable('mail_messages')
      .set((eb) => ({
        status: 'sending',
        claimed_at: now(),
        attempts: sql<number>`CASE WHEN ${eb.ref('status')} = 'queued' THEN ${eb.ref('attempts')} ELSE ${eb.ref('attempts')} + 1 END`,
      }))
      .where('message_id', 'in', (eb) =>
        eb.selectFrom('mail_messages').select('message_id').where(due).orderBy('message_id').limit(20),
      )
      .where(due)
      .returning(CLAIMED_COLUMNS)
      .execute()
  }

  return {
    async start() {
      await watermark()
    },
    async sendDue() {
      const after = await watermark()
      const due = await db
        .selectFrom('orders as o')
        .select('o.order_id')
        .where('o.order_id', '>', after)
        .where('o.status', '<>', 'cancelled')
        .where((eb) =>
          eb.or([eb('o.payment_kind', 'in', kindsSettledBy('invoiced')), eb('o.paid_at', 'is not', null)]),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('mail_messages as m')
                .select('m.message_id')
                .whereRef('m.order_id', '=', 'o.order_id')
                .where('m.kind', '=', 'order-confirmation'),
            ),
          ),
        )
        .orderBy('o.order_id')
        .limit(20)
        .execute()
      let sent = 0
      for (const { order_id } of due) {
        const claimed = await claimConfirmation(order_id)
        if (claimed && (await sendClaimed(claimed))) sent++
      }
      for (const claimed of await claimDue()) if (await sendClaimed(claimed)) sent++
      return sent
    },
  }
}

export default async function mailService(app: FastifyInstance, options: MailServiceOptions) {
  const mailer = createMailer(options)
  await mailer.start()
  startPeriodicJob(app, 'mail: sending due mails', options.intervalMs ?? 5_000, () => mailer.sendDue())
}

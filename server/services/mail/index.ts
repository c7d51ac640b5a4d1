/**
 * The mail service (DESIGN.md §1): order-confirmation e-mails in the shopper's language, sent
 * once per order — when an invoice order is placed or a card order is paid — and the account
 * mails other services queue in `mail_messages` (the user API's password-reset link).
 *
 * It watches the orders (every few seconds, and whenever asked through `sendDue`): an order that
 * is confirmed (invoice, or card with paid_at) and not cancelled gets its message. Claiming the
 * `mail_messages` row (UNIQUE order + kind) is what makes it go out once, whichever instance of
 * the service sees it first. Without SMTP_URL the message is written as an .eml file to
 * DATA_DIR/outbox/ (open it with any mail program, or read it as text); with SMTP_URL it is sent
 * through nodemailer. A failed send is retried on the next rounds (at most 5 tries).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import nodemailer from 'nodemailer'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { startPeriodicJob } from '../shared/periodic'
import type { DB, MailMessagesTable, PasswordResetMailPayload } from '../../db/schema'
import {
  renderOrderConfirmation,
  renderPasswordReset,
  type MailLanguage,
  type OrderMail,
  type RenderedMail,
} from './render'

export type { MailMessagesTable }

export interface MailWatermarksTable {
  kind: 'order-confirmation'
  after_order_id: number
}

/** The shared DB (which holds mail_messages, written by other services too) plus the watermarks. */
export type MailDB = DB & { mail_watermarks: MailWatermarksTable }

export const MAX_SEND_ATTEMPTS = 5
export const SENDER = 'Lumo <tilaukset@lumo.example>'

export interface MailServiceOptions {
  database: Database
  config: Pick<Config, 'dataDir' | 'smtpUrl' | 'publicUrl'>
  /** How often to look for orders to confirm; 0 turns the timer off (tests call sendDue). */
  intervalMs?: number
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

export function createMailer({ database, config }: Omit<MailServiceOptions, 'intervalMs'>): Mailer {
  const db = database.db as unknown as Kysely<MailDB>
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
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
      .select(['product_name', 'brand_name', 'sku_name', 'quantity', 'total_inc_vat'])
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
        totalIncVat: row.total_inc_vat,
      })),
      itemValueIncVat: order.item_value_inc_vat,
      discountIncVat: order.discount_inc_vat,
      shippingFeeIncVat: order.shipping_fee_inc_vat,
      paymentFeeIncVat: order.payment_fee_inc_vat,
      fromBalance: order.from_balance,
      totalIncVat: order.total_inc_vat,
      vatTotal: order.vat_total,
      shippingMethod: order.shipping_method,
      paymentMethod: names[language] ?? Object.values(names)[0] ?? order.payment_kind,
      shippingAddress: order.shipping_address,
      shopUrl: config.publicUrl,
    }
  }

  async function deliver(
    rendered: RenderedMail,
    to: { email: string; language: MailLanguage },
    fileLabel: string,
  ): Promise<{ transport: 'outbox' | 'smtp'; location: string }> {
    const info = (await transport.sendMail({
      from: SENDER,
      to: to.email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      headers: { 'Content-Language': to.language },
    })) as { message?: Buffer; messageId?: string }
    if (config.smtpUrl) return { transport: 'smtp', location: info.messageId ?? '' }
    const directory = outboxDirectory(config.dataDir)
    await mkdir(directory, { recursive: true })
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = `${stamp}-${fileLabel}.eml`
    await writeFile(path.join(directory, file), info.message ?? Buffer.alloc(0))
    return { transport: 'outbox', location: file }
  }

  async function sendOne(orderId: number, retry: boolean): Promise<boolean> {
    const mail = await load(orderId)
    if (!mail) return false
    if (!retry) {
      const claimed = await db
        .insertInto('mail_messages')
        .values({
          order_id: orderId,
          kind: 'order-confirmation',
          recipient: mail.email,
          language: mail.language,
          status: 'sending',
        })
        .onConflict((oc) => oc.columns(['order_id', 'kind']).doNothing())
        .returning('message_id')
        .executeTakeFirst()
      if (!claimed) return false
    }
    try {
      const sent = await deliver(renderOrderConfirmation(mail), mail, `order-${orderId}-confirmation`)
      await db
        .updateTable('mail_messages')
        .set({
          status: 'sent',
          transport: sent.transport,
          location: sent.location,
          sent_at: new Date(),
          last_error: null,
        })
        .where('order_id', '=', orderId)
        .where('kind', '=', 'order-confirmation')
        .execute()
      return true
    } catch (error) {
      await db
        .updateTable('mail_messages')
        .set((eb) => ({
          status: 'failed',
          last_error: errorText(error),
          attempts: retry ? eb('attempts', '+', 1) : eb.ref('attempts'),
        }))
        .where('order_id', '=', orderId)
        .where('kind', '=', 'order-confirmation')
        .execute()
      return false
    }
  }

  /**
   * Account mails (password reset): queued rows, and failed ones with tries left, are claimed by
   * one UPDATE that moves them to 'sending', so each goes out from one instance only. The payload
   * (which holds the reset link) is cleared once the message is sent.
   */
  async function sendAccountMails(): Promise<number> {
    const claimed = await db
      .updateTable('mail_messages')
      .set((eb) => ({
        status: 'sending',
        attempts: sql<number>`CASE WHEN ${eb.ref('status')} = 'failed' THEN ${eb.ref('attempts')} + 1 ELSE ${eb.ref('attempts')} END`,
      }))
      .where('message_id', 'in', (eb) =>
        eb
          .selectFrom('mail_messages')
          .select('message_id')
          .where('kind', '<>', 'order-confirmation')
          .where((w) =>
            w.or([
              w('status', '=', 'queued'),
              w.and([w('status', '=', 'failed'), w('attempts', '<', MAX_SEND_ATTEMPTS)]),
            ]),
          )
          .orderBy('message_id')
          .limit(20),
      )
      .where('status', 'in', ['queued', 'failed'])
      .returning(['message_id', 'kind', 'recipient', 'language', 'payload'])
      .execute()
    let sent = 0
    for (const message of claimed) {
      try {
        const payload = (message.payload ?? {}) as Partial<PasswordResetMailPayload>
        if (typeof payload.resetUrl !== 'string') throw new Error('password-reset mail without a link')
        const language = languageOf(message.language)
        const rendered = renderPasswordReset({
          language,
          firstName: payload.firstName ?? null,
          resetUrl: payload.resetUrl,
          shopUrl: config.publicUrl,
        })
        const delivered = await deliver(
          rendered,
          { email: message.recipient, language },
          `${message.kind}-${message.message_id}`,
        )
        await db
          .updateTable('mail_messages')
          .set({
            status: 'sent',
            transport: delivered.transport,
            location: delivered.location,
            sent_at: new Date(),
            last_error: null,
            payload: null,
          })
          .where('message_id', '=', message.message_id)
          .execute()
        sent++
      } catch (error) {
        await db
          .updateTable('mail_messages')
          .set({
            status: 'failed',
            last_error: errorText(error),
          })
          .where('message_id', '=', message.message_id)
          .execute()
      }
    }
    return sent
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
        .where((eb) => eb.or([eb('o.payment_kind', '=', 'invoice'), eb('o.paid_at', 'is not', null)]))
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
      const retries = await db
        .selectFrom('mail_messages')
        .select('order_id')
        .where('kind', '=', 'order-confirmation')
        .where('status', '=', 'failed')
        .where('attempts', '<', MAX_SEND_ATTEMPTS)
        .orderBy('order_id')
        .limit(20)
        .execute()
      let sent = 0
      for (const { order_id } of due) if (await sendOne(order_id, false)) sent++
      for (const { order_id } of retries) if (order_id !== null && (await sendOne(order_id, true))) sent++
      return sent + (await sendAccountMails())
    },
  }
}

export default async function mailService(app: FastifyInstance, options: MailServiceOptions) {
  const mailer = createMailer(options)
  await mailer.start()
  startPeriodicJob(app, 'mail: sending due mails', options.intervalMs ?? 5_000, () => mailer.sendDue())
}

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
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { startPeriodicJob } from '../shared/periodic'
import type { NoticeMailPayload } from '../../contracts/mail'
import { renderNoticeMail, renderOrderConfirmation, type MailLanguage, type RenderedMail } from './render'
import { claimConfirmation, claimDue, confirmationsDue, watermark, type ClaimedMessage } from './claims'
import type { MailDB } from './db'
import type { DB } from '../../db/schema'
import { createDelivery } from './delivery'
import { languageOf, loadOrderMail } from './order-mail'

export type { MailDB, MailMessagesTable, MailWatermarksTable } from './db'
export { MAX_SEND_ATTEMPTS, SEND_LEASE_MS } from './claims'
export { outboxDirectory, SENDER } from './delivery'

export interface MailServiceOptions {
  database: Database
  config: Pick<Config, 'dataDir' | 'smtpUrl' | 'publicUrl'>
  /** How often to look for orders to confirm; 0 turns the timer off (tests call sendDue). */
  intervalMs?: number
  /** The clock of the claims and leases (tests move it on). */
  now?: () => Date
}

/** What is kept of a failed send's error (mail_messages.last_error). */
function errorText(error: unknown): string {
  return String(error instanceof Error ? error.message : error).slice(0, 500)
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
  const db: Kysely<MailDB> = database.db.withTables<Omit<MailDB, keyof DB>>()
  const deliver = createDelivery(config)

  /** Renders a claimed row's mail: the order's confirmation, or a queued notice from its payload. */
  async function render(
    message: ClaimedMessage,
  ): Promise<{ mail: RenderedMail; language: MailLanguage; unsubscribeUrl?: string }> {
    if (message.kind === 'order-confirmation') {
      const order =
        message.order_id === null ? undefined : await loadOrderMail(db, message.order_id, config.publicUrl)
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

  return {
    async start() {
      await watermark(db)
    },
    async sendDue() {
      const due = await confirmationsDue(db, await watermark(db))
      let sent = 0
      for (const { order_id } of due) {
        const claimed = await claimConfirmation(db, now, order_id)
        if (claimed && (await sendClaimed(claimed))) sent++
      }
      for (const claimed of await claimDue(db, now)) if (await sendClaimed(claimed)) sent++
      return sent
    },
  }
}

export default async function mailService(app: FastifyInstance, options: MailServiceOptions) {
  const mailer = createMailer(options)
  await mailer.start()
  startPeriodicJob(app, 'mail: sending due mails', options.intervalMs ?? 5_000, () => mailer.sendDue())
}

/**
 * Claiming a mail_messages row is what makes a mail go out once, whichever instance sees it
 * first (docs/adr/0025-order-abuse-and-outbox.md).
 */
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely'
import { kindsSettledBy } from '../../../src/shared/payment-kinds'
import type { MailDB, MailMessagesTable } from './db'
import { languageOf } from './order-mail'

export const MAX_SEND_ATTEMPTS = 5
/**
 * How long a claimed row may stay in 'sending' before another round claims it again: longer
 * than a send can take (the SMTP timeouts of delivery.ts end every send well within it).
 */
export const SEND_LEASE_MS = 5 * 60_000

const CLAIMED_COLUMNS = ['message_id', 'order_id', 'kind', 'recipient', 'language', 'payload'] as const
export type ClaimedMessage = Pick<Selectable<MailMessagesTable>, (typeof CLAIMED_COLUMNS)[number]>

/** The last order before the first start (the seed's history): orders up to it are not mailed. */
export async function watermark(db: Kysely<MailDB>): Promise<number> {
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

/** Orders after the watermark that are confirmed (invoiced, or paid) and have no confirmation yet. */
export async function confirmationsDue(db: Kysely<MailDB>, after: number): Promise<{ order_id: number }[]> {
  return db
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
}

/** A new order confirmation: inserting its row (UNIQUE order + kind) is the claim. */
export async function claimConfirmation(
  db: Kysely<MailDB>,
  now: () => Date,
  orderId: number,
): Promise<ClaimedMessage | undefined> {
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
export async function claimDue(db: Kysely<MailDB>, now: () => Date): Promise<ClaimedMessage[]> {
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

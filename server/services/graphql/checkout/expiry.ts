/**
 * The card-payment window (docs/adr/0025-order-abuse-and-outbox.md): a card order holds its stock
 * only while the shopper can still pay. Its payment session at the provider expires
 * CARD_PAYMENT_MINUTES after the order was placed (startCardPayment never asks for more), and the
 * provider then reports `payment.failed`. But an order whose session was never created (provider
 * unreachable, the shopper closed the tab before the redirect) or whose failure callback never
 * arrived would hold its stock forever; this sweep cancels every card order still unpaid
 * EXPIRY_GRACE_MINUTES after its window closed, through confirmOrderPayment's failed path, which
 * gives back the stock, promo use and balances (orders/release.ts, shared with the operator's
 * cancel of orders/cancel.ts).
 *
 * Several instances may sweep at once: the candidates are read without locks, and each is
 * cancelled in confirmOrderPayment's own transaction, which locks the cart and the order and
 * re-checks them, so an order is cancelled once and a payment that arrived meanwhile wins.
 * Invoice orders are never swept (they are confirmed orders awaiting the invoice; see the ADR).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { CARD_PAYMENT_MINUTES } from './card-payment'
import { confirmOrderPayment } from './payment'
import { kindsSettledBy } from '../../../../src/shared/payment-kinds'

/** Slack after the window for a payment callback in flight, so it is not refused needlessly. */
export const EXPIRY_GRACE_MINUTES = 5
/** Orders cancelled per sweep round; the next round takes the rest. */
export const EXPIRY_BATCH = 50
export const EXPIRED_REASON = 'payment window expired'

/** The moment before which an unpaid card order has outlived its payment window. */
export function cardOrderDeadline(now: Date): Date {
  return new Date(now.getTime() - (CARD_PAYMENT_MINUTES + EXPIRY_GRACE_MINUTES) * 60_000)
}

/** Cancels the card orders whose payment window has passed; returns how many it cancelled. */
export async function cancelExpiredCardOrders(
  db: Kysely<DB>,
  now: Date = new Date(),
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  const due = await db
    .selectFrom('orders')
    .select('order_id')
    .where('payment_kind', 'in', kindsSettledBy('provider'))
    .where('paid_at', 'is', null)
    .where('status', '=', 'received')
    .where('created_at', '<=', cardOrderDeadline(now))
    .orderBy('order_id')
    .limit(EXPIRY_BATCH)
    .execute()
  let cancelled = 0
  for (const { order_id } of due) {
    try {
      const result = await confirmOrderPayment(db, order_id, { status: 'failed', reason: EXPIRED_REASON })
      if (result.changed) cancelled++
    } catch (error) {
      // paid meanwhile (CONFLICT) or a passing database error: the next round looks again
      log?.warn({ err: error, orderId: order_id }, 'card order expiry: order not cancelled')
    }
  }
  return cancelled
}

/**
 * An operator cancels an order that has not shipped (`POST /admin/api/orders/{id}/cancel`,
 * docs/adr/0075-operator-cancel-and-approval.md), in the caller's transaction:
 *
 * - locked as every cancel locks it (orders/release.ts): a second cancel, concurrent or later,
 *   waits and then finds the order cancelled (409 ORDER_ALREADY_CANCELLED), so the stock, the
 *   refund and the mail happen once;
 * - refused when a parcel has left (409 ORDER_SHIPPED) or the order is delivered;
 * - everything it took goes back (releaseOrder: stock, promo use or voucher, gift code, balance);
 * - a card order already paid is refunded through its provider the way a return is refunded
 *   (ADR 0030: one `order_events` 'refund' row naming the provider and its transaction; Lumopay's
 *   contract has no refund call yet); an unpaid card order's payment, if it still arrives, is
 *   refused by confirmOrderPayment and voided; an invoice is void (nothing was paid);
 * - the customer gets `order-cancelled` in the order's language.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Order } from '../../../db/schema'
import { paidAtProvider, providerOf } from '../../../../src/shared/payment-kinds'
import { AdminRefusal } from '../../shared/admin'
import type { CommerceDB } from '../cart/db'
import { queueOrderCancelledMail } from '../returns/mails'
import { lockOrderAndCart, releaseOrder, type Released } from './release'

type Trx = Transaction<CommerceDB>

/** Whether the order left the warehouse: its shipped event (ADR 0027). */
export async function hasShipped(trx: Kysely<CommerceDB>, orderId: number): Promise<boolean> {
  const shipped = await trx
    .selectFrom('order_events')
    .select('event_id')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'shipped')
    .executeTakeFirst()
  return shipped !== undefined
}

export interface CancelledOrder {
  orderId: number
  status: 'cancelled'
  /** units back in stock */
  restocked: number
  /** refunded to the card at its provider (minor units); 0 when nothing was paid there */
  refunded: number
  released: Released
}

/** The order's unrefunded share paid at its provider: what a cancel gives back to the card. */
async function providerRefundDue(trx: Trx, order: Order): Promise<number> {
  if (!paidAtProvider(order.payment_kind) || order.paid_at === null) return 0
  const earlier = await trx
    .selectFrom('order_events')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_inc_vat'), eb.lit(0)).as('total'))
    .where('order_id', '=', order.order_id)
    .where('kind', '=', 'refund')
    .where('to_balance', '=', false)
    .executeTakeFirstOrThrow()
  return Math.max(0, order.total_inc_vat - Number(earlier.total))
}

export async function cancelOrder(
  trx: Trx,
  orderId: number,
  { reason, now }: { reason: string; now: Date },
): Promise<CancelledOrder> {
  const order = await lockOrderAndCart(trx, orderId)
  if (!order) throw new AdminRefusal(404, 'ORDER_NOT_FOUND', `No order ${orderId}`)
  if (order.status === 'cancelled')
    throw new AdminRefusal(409, 'ORDER_ALREADY_CANCELLED', `Order ${orderId} was already cancelled`)
  if ((await hasShipped(trx, orderId)) || order.delivered_at)
    throw new AdminRefusal(
      409,
      'ORDER_SHIPPED',
      `Order ${orderId} has been shipped; it can no longer be cancelled (register a return instead)`,
    )

  const refunded = await providerRefundDue(trx, order)
  const released = await releaseOrder(trx, order, reason, now)
  if (refunded > 0) {
    const paidTotal = order.total_inc_vat + order.from_balance
    await trx
      .insertInto('order_events')
      .values({
        order_id: orderId,
        kind: 'refund',
        amount_inc_vat: refunded,
        // the refund's share of the order's VAT
        vat_amount: paidTotal > 0 ? Math.round((order.vat_total * refunded) / paidTotal) : 0,
        to_balance: false,
        reason: 'Order cancelled',
        data: JSON.stringify({
          cancelled: true,
          method: order.payment_kind,
          provider: providerOf(order.payment_kind),
          providerReference: order.payment_reference,
        }),
        created_at: now,
      })
      .execute()
  }
  await queueOrderCancelledMail(trx, order, { released, refunded })
  return { orderId, status: 'cancelled', restocked: released.units, refunded, released }
}

/**
 * The operator lets a guest's large invoice order ship (it waited since placement, ADR 0075).
 * Refused for a cancelled order and for one that does not wait; the flag is cleared in a
 * conditional UPDATE on the locked row, so two approvals approve once.
 */
export async function approveOrder(trx: Trx, orderId: number, now: Date): Promise<{ orderId: number }> {
  const order = await trx
    .selectFrom('orders')
    .select(['order_id', 'status', 'awaiting_approval'])
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst()
  if (!order) throw new AdminRefusal(404, 'ORDER_NOT_FOUND', `No order ${orderId}`)
  if (order.status === 'cancelled')
    throw new AdminRefusal(409, 'ORDER_CANCELLED', `Order ${orderId} was cancelled`)
  if (!order.awaiting_approval)
    throw new AdminRefusal(409, 'ORDER_NOT_AWAITING_APPROVAL', `Order ${orderId} is not awaiting approval`)
  await trx
    .updateTable('orders')
    .set({ awaiting_approval: false, updated_at: now })
    .where('order_id', '=', orderId)
    .where('awaiting_approval', '=', true)
    .execute()
  await trx
    .insertInto('order_events')
    .values({ order_id: orderId, kind: 'note', reason: 'approved for shipping' })
    .execute()
  return { orderId }
}

/**
 * The seam for the payment provider: a card order is placed with its payment pending, and the
 * provider's signed callback (the payments service) confirms it here. Paid → the order is paid
 * and stays 'received' for fulfilment; failed → the order is cancelled and everything it took
 * (stock, promo-code use, gift-code and account balance) is given back by releaseOrder
 * (orders/release.ts, the one cancel every path shares), in the same lock order as placeOrder.
 * Calling it again with the same outcome changes nothing.
 */
import type { Kysely } from 'kysely'
import { toJson, type DB } from '../../../db/schema'
import { apiError, ERROR_CODES, notFound } from '../errors'
import { commerceDb } from '../cart/db'
import { lockOrderAndCart, releaseOrder } from '../orders/release'
import { paidAtProvider } from '../../../../src/shared/payment-kinds'

export type PaymentOutcome =
  { status: 'paid'; transactionId: string; paidAt?: Date } | { status: 'failed'; reason: string }

export interface ConfirmedOrder {
  orderId: number
  publicId: string
  status: 'received' | 'processing' | 'completed' | 'cancelled'
  paidAt: Date | null
  /** False when the call repeated an outcome already recorded. */
  changed: boolean
}

export async function confirmOrderPayment(
  database: Kysely<DB>,
  orderId: number,
  outcome: PaymentOutcome,
): Promise<ConfirmedOrder> {
  const db = commerceDb(database)
  return db.transaction().execute(async (trx) => {
    // cart first, as in placeOrder, then the order itself
    const order = await lockOrderAndCart(trx, orderId)
    if (!order) throw notFound(`No order was found with the id ${orderId}`)
    const result = (changed: boolean, status = order.status, paidAt = order.paid_at): ConfirmedOrder => ({
      orderId,
      publicId: order.public_id,
      status,
      paidAt,
      changed,
    })
    if (!paidAtProvider(order.payment_kind)) {
      throw apiError(ERROR_CODES.CONFLICT, `Order ${orderId} is not paid at a payment provider`)
    }

    if (outcome.status === 'paid') {
      if (order.paid_at) return result(false)
      if (order.status === 'cancelled') {
        throw apiError(ERROR_CODES.CONFLICT, `Order ${orderId} was cancelled before its payment arrived`)
      }
      const paidAt = outcome.paidAt ?? new Date()
      await trx
        .updateTable('orders')
        .set({ paid_at: paidAt, payment_reference: outcome.transactionId, updated_at: new Date() })
        .where('order_id', '=', orderId)
        .execute()
      await trx
        .insertInto('order_events')
        .values({
          order_id: orderId,
          kind: 'payment',
          data: toJson({ transactionId: outcome.transactionId }),
        })
        .execute()
      return result(true, order.status, paidAt)
    }

    if (order.status === 'cancelled') return result(false)
    if (order.paid_at) throw apiError(ERROR_CODES.CONFLICT, `Order ${orderId} is already paid`)
    await releaseOrder(trx, order, outcome.reason, new Date())
    return result(true, 'cancelled')
  })
}

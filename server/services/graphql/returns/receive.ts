/**
 * The shop receives a return and refunds it (the back office, `POST /admin/api/returns/{n}/receive`
 * and `/refund`). Receiving records how many of each row came back and puts them back in stock;
 * refunding records one `order_events` 'refund' row per refunded order row (`amount_inc_vat`,
 * `vat_amount`, `order_row_id`, `to_balance`, `data.quantity`, `data.returnNumber`): the facts
 * OrderType.refunds shows and the loyalty service reverses points from. The money goes back to the
 * original payment method (a card refund recorded as the Lumopay provider's refund of the
 * order's transaction, an invoice credited) or to the customer's account balance, and the
 * customer gets `return-refunded`. Everything in the caller's transaction.
 */
import type { Transaction } from 'kysely'
import type { Order, OrderRow } from '../../../db/schema'
import { paidAtProvider, providerOf } from '../../../../src/shared/payment-kinds'
import { AdminRefusal } from '../../shared/admin'
import type { CommerceDB } from '../cart/db'
import { queueReturnRefundedMail } from './mails'
import { loadOrderRows, loadReturnByNumber, type StoredReturn } from './store'

type Trx = Transaction<CommerceDB>

export type RefundDestination = 'payment' | 'balance'

export interface ReceivedItem {
  itemId: number
  quantity: number
}

/** A row's refund: its share of what the row cost (discounts included), VAT split at its rate. */
export function rowRefund(row: OrderRow, quantity: number): { incVat: number; vat: number } {
  const incVat = Math.round((row.total_inc_vat * quantity) / row.quantity)
  const exVat = Math.round((incVat * 10_000) / (10_000 + row.vat_rate_bp))
  return { incVat, vat: incVat - exVat }
}

async function lockReturn(trx: Trx, returnNumber: string): Promise<{ entry: StoredReturn; order: Order }> {
  const entry = await loadReturnByNumber(trx, returnNumber)
  if (!entry) throw new AdminRefusal(404, 'RETURN_NOT_FOUND', `No return ${returnNumber}`)
  // the order first, as registerReturn locks it: one change of an order's returns at a time
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('order_id', '=', entry.orderId)
    .forUpdate()
    .executeTakeFirstOrThrow()
  const fresh = await loadReturnByNumber(trx, returnNumber)
  return { entry: fresh ?? entry, order }
}

/**
 * Marks the goods of a registered return received (all of them unless `items` says how many of
 * which came back) and, with `restock`, back in stock.
 */
export async function receiveReturn(
  trx: Trx,
  returnNumber: string,
  { items, restock, now }: { items?: ReceivedItem[]; restock: boolean; now: Date },
): Promise<{ entry: StoredReturn; order: Order }> {
  const { entry, order } = await lockReturn(trx, returnNumber)
  if (entry.status !== 'registered')
    throw new AdminRefusal(409, 'ALREADY_RECEIVED', `Return ${returnNumber} was already received`)
  const received = new Map(entry.items.map((item) => [item.orderRowId, item.quantity]))
  if (items) {
    for (const item of entry.items) received.set(item.orderRowId, 0)
    for (const item of items) {
      const registered = entry.items.find((candidate) => candidate.orderRowId === item.itemId)
      if (!registered)
        throw new AdminRefusal(422, 'NOT_ON_RETURN', `Item ${item.itemId} is not on return ${returnNumber}`)
      if (item.quantity > registered.quantity)
        throw new AdminRefusal(
          422,
          'TOO_MANY_RECEIVED',
          `Item ${item.itemId}: ${item.quantity} received but ${registered.quantity} registered`,
        )
      received.set(item.itemId, item.quantity)
    }
  }
  const rows = await loadOrderRows(trx, order.order_id)
  for (const [orderRowId, quantity] of received) {
    await trx
      .updateTable('order_return_items')
      .set({ received_quantity: quantity })
      .where('return_id', '=', entry.returnId)
      .where('order_row_id', '=', orderRowId)
      .execute()
    const skuId = rows.find((row) => row.order_row_id === orderRowId)?.sku_id
    if (restock && quantity > 0 && skuId != null) {
      await trx
        .updateTable('skus')
        .set((eb) => ({ stock_in_stock: eb('stock_in_stock', '+', quantity) }))
        .where('sku_id', '=', skuId)
        .execute()
    }
  }
  await trx
    .updateTable('order_returns')
    .set({ status: 'received', received_at: now })
    .where('return_id', '=', entry.returnId)
    .execute()
  const stored = await loadReturnByNumber(trx, returnNumber)
  return { entry: stored ?? entry, order }
}

/** Refunds what the shop received of a return, to the original payment method or the balance. */
export async function refundReturn(
  trx: Trx,
  returnNumber: string,
  { refundTo, now }: { refundTo: RefundDestination; now: Date },
): Promise<{ entry: StoredReturn; total: number }> {
  const { entry, order } = await lockReturn(trx, returnNumber)
  if (entry.status === 'registered')
    throw new AdminRefusal(409, 'NOT_RECEIVED', `Return ${returnNumber} has not been received yet`)
  if (entry.status === 'refunded')
    throw new AdminRefusal(409, 'ALREADY_REFUNDED', `Return ${returnNumber} was already refunded`)
  if (refundTo === 'balance' && !order.user_id)
    throw new AdminRefusal(
      422,
      'NO_ACCOUNT',
      `Order ${order.order_id} has no customer account; refund it to the payment method`,
    )
  const rows = await loadOrderRows(trx, order.order_id)
  const refunded = entry.items.flatMap((item) => {
    const row = rows.find((candidate) => candidate.order_row_id === item.orderRowId)
    const quantity = item.receivedQuantity ?? 0
    return row && quantity > 0 ? [{ row, quantity, amount: rowRefund(row, quantity) }] : []
  })
  // never more than the order's paid value over all its refunds (rounding, or earlier refunds)
  const earlier = await trx
    .selectFrom('order_events')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_inc_vat'), eb.lit(0)).as('total'))
    .where('order_id', '=', order.order_id)
    .where('kind', '=', 'refund')
    .executeTakeFirstOrThrow()
  let room = Math.max(0, order.total_inc_vat + order.from_balance - Number(earlier.total))
  const paymentData =
    refundTo === 'balance'
      ? { method: 'balance' }
      : paidAtProvider(order.payment_kind)
        ? {
            method: order.payment_kind,
            provider: providerOf(order.payment_kind),
            providerReference: order.payment_reference,
          }
        : { method: order.payment_kind }
  let total = 0
  for (const { row, quantity, amount } of refunded) {
    const incVat = Math.min(amount.incVat, room)
    room -= incVat
    total += incVat
    await trx
      .insertInto('order_events')
      .values({
        order_id: order.order_id,
        kind: 'refund',
        order_row_id: row.order_row_id,
        amount_inc_vat: incVat,
        vat_amount: Math.min(amount.vat, incVat),
        to_balance: refundTo === 'balance',
        reason: `Return ${returnNumber}`,
        data: JSON.stringify({ returnNumber, quantity, ...paymentData }),
        created_at: now,
      })
      .execute()
  }
  if (refundTo === 'balance' && order.user_id && total > 0) {
    await trx
      .insertInto('user_balances')
      .values({ user_id: order.user_id, currency_code: order.currency_code, amount: total })
      .onConflict((oc) =>
        oc.columns(['user_id', 'currency_code']).doUpdateSet((eb) => ({
          amount: eb('user_balances.amount', '+', total),
        })),
      )
      .execute()
  }
  await trx
    .updateTable('order_returns')
    .set({ status: 'refunded', refund_to: refundTo, refund_inc_vat: total, refunded_at: now })
    .where('return_id', '=', entry.returnId)
    .execute()
  await trx.updateTable('orders').set({ updated_at: now }).where('order_id', '=', order.order_id).execute()
  await queueReturnRefundedMail(trx, order, {
    returnNumber,
    refundTo,
    total,
    items: refunded.map(({ row, quantity }) => ({ row, quantity })),
  })
  const stored = await loadReturnByNumber(trx, returnNumber)
  return { entry: stored ?? entry, total }
}

/**
 * The seam for the payment provider: a card order is placed with its payment pending, and the
 * provider's signed callback (the payments service) confirms it here. Paid → the order is paid
 * and stays 'received' for fulfilment; failed → the order is cancelled and everything it took
 * (stock, promo-code use, gift-code and account balance) is given back, in the same lock order
 * as placeOrder. Calling it again with the same outcome changes nothing.
 */
import type { Kysely } from 'kysely'
import { toJson, type DB } from '../../../db/schema'
import { apiError, ERROR_CODES, notFound } from '../errors'
import { commerceDb } from '../cart/db'
import { isVoucherCode, releaseVoucher } from '../cart/bonus-voucher'
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

interface StockDrawn {
  fromInStock: number
  fromOversellable: number
}

function stockDrawn(snapshot: Record<string, unknown>): StockDrawn {
  const drawn = snapshot['stockDrawn'] as Partial<StockDrawn> | undefined
  return { fromInStock: drawn?.fromInStock ?? 0, fromOversellable: drawn?.fromOversellable ?? 0 }
}

export async function confirmOrderPayment(
  database: Kysely<DB>,
  orderId: number,
  outcome: PaymentOutcome,
): Promise<ConfirmedOrder> {
  const db = commerceDb(database)
  return db.transaction().execute(async (trx) => {
    const head = await trx
      .selectFrom('orders')
      .select(['cart_id'])
      .where('order_id', '=', orderId)
      .executeTakeFirst()
    if (!head) throw notFound(`No order was found with the id ${orderId}`)
    // cart first, as in placeOrder, then the order itself
    await trx.selectFrom('carts').select('cart_id').where('cart_id', '=', head.cart_id).forUpdate().execute()
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .forUpdate()
      .executeTakeFirstOrThrow()
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
    const rows = await trx
      .selectFrom('order_rows')
      .select(['sku_id', 'product_id', 'quantity', 'product_snapshot'])
      .where('order_id', '=', orderId)
      .execute()
    const skuIds = [...new Set(rows.flatMap((row) => (row.sku_id === null ? [] : [row.sku_id])))].sort(
      (a, b) => a - b,
    )
    if (skuIds.length > 0) {
      await trx
        .selectFrom('skus')
        .select('sku_id')
        .where('sku_id', 'in', skuIds)
        .orderBy('sku_id')
        .forUpdate()
        .execute()
    }
    const soldPerProduct = new Map<number, number>()
    for (const row of rows) {
      const drawn = stockDrawn(row.product_snapshot)
      if (row.sku_id !== null && (drawn.fromInStock > 0 || drawn.fromOversellable > 0)) {
        await trx
          .updateTable('skus')
          .set((eb) => ({
            stock_in_stock: eb('stock_in_stock', '+', drawn.fromInStock),
            stock_oversellable: eb('stock_oversellable', '+', drawn.fromOversellable),
          }))
          .where('sku_id', '=', row.sku_id)
          .execute()
      }
      if (row.product_id !== null) {
        soldPerProduct.set(row.product_id, (soldPerProduct.get(row.product_id) ?? 0) + row.quantity)
      }
    }
    // ascending product ids, as placeOrder locks them
    for (const [productId, sold] of [...soldPerProduct].sort(([a], [b]) => a - b)) {
      await trx
        .updateTable('products')
        .set((eb) => ({ sales_count: eb.fn('greatest', [eb.lit(0), eb('sales_count', '-', sold)]) }))
        .where('product_id', '=', productId)
        .execute()
    }
    if (order.promo_code && isVoucherCode(order.promo_code)) await releaseVoucher(trx, orderId)
    else if (order.promo_code) {
      await trx
        .updateTable('promo_codes')
        .set((eb) => ({ used_count: eb.fn('greatest', [eb.lit(0), eb('used_count', '-', 1)]) }))
        .where('code', '=', order.promo_code)
        .execute()
    }
    const spent = await trx
      .selectFrom('gift_code_transactions')
      .select(['code', 'amount'])
      .where('order_id', '=', orderId)
      .execute()
    for (const entry of spent) {
      await trx
        .updateTable('gift_codes')
        .set((eb) => ({ balance: eb('balance', '-', entry.amount) }))
        .where('code', '=', entry.code)
        .execute()
      await trx
        .insertInto('gift_code_transactions')
        .values({ code: entry.code, order_id: orderId, amount: -entry.amount })
        .execute()
    }
    const fromGift = spent.reduce((sum, entry) => sum - entry.amount, 0)
    const fromAccount = order.from_balance - fromGift
    if (fromAccount > 0 && order.user_id) {
      await trx
        .updateTable('user_balances')
        .set((eb) => ({ amount: eb('amount', '+', fromAccount) }))
        .where('user_id', '=', order.user_id)
        .where('currency_code', '=', order.currency_code)
        .execute()
    }
    await trx
      .updateTable('orders')
      .set({ status: 'cancelled', updated_at: new Date() })
      .where('order_id', '=', orderId)
      .execute()
    await trx
      .insertInto('order_events')
      .values({
        order_id: orderId,
        kind: 'status',
        status: 'cancelled',
        reason: outcome.reason.slice(0, 500),
      })
      .execute()
    return result(true, 'cancelled')
  })
}

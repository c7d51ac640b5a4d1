/**
 * Cancelling an order, in one place (docs/adr/0075-operator-cancel-and-approval.md): whoever
 * cancels — a failed or expired card payment (checkout/payment.ts, checkout/expiry.ts) or an
 * operator (orders/cancel.ts) — locks the order the same way and gives back the same things:
 * the stock it drew from each counter, its sales count, its promo-code use or bonus voucher, the
 * gift-code and account balance it spent. The stock update is what tells the page cache and live
 * stock (the triggers of migrations 0600 and 0990 fire on `skus`), so no caller notifies anyone.
 *
 * Lock order, as placeOrder's: the cart, then the order, then the SKUs by id, then the products
 * by id; so a cancel, a payment callback and a checkout of the same cart never wait in a cycle.
 */
import type { Transaction } from 'kysely'
import type { Order } from '../../../db/schema'
import { isVoucherCode, releaseVoucher } from '../cart/bonus-voucher'
import type { CommerceDB } from '../cart/db'

type Trx = Transaction<CommerceDB>

interface StockDrawn {
  fromInStock: number
  fromOversellable: number
}

function stockDrawn(snapshot: Record<string, unknown>): StockDrawn {
  const drawn = snapshot['stockDrawn'] as Partial<StockDrawn> | undefined
  return { fromInStock: drawn?.fromInStock ?? 0, fromOversellable: drawn?.fromOversellable ?? 0 }
}

/** The order, locked for a change of its state after its cart (placeOrder's order); undefined when none. */
export async function lockOrderAndCart(trx: Trx, orderId: number): Promise<Order | undefined> {
  const head = await trx
    .selectFrom('orders')
    .select(['cart_id'])
    .where('order_id', '=', orderId)
    .executeTakeFirst()
  if (!head) return undefined
  await trx.selectFrom('carts').select('cart_id').where('cart_id', '=', head.cart_id).forUpdate().execute()
  return trx.selectFrom('orders').selectAll().where('order_id', '=', orderId).forUpdate().executeTakeFirst()
}

/** What a cancel gave back, for the customer's mail. */
export interface Released {
  /** units put back on the shelf */
  units: number
  /** gift codes credited back, with the amount (minor units) */
  giftCodes: { code: string; amount: number }[]
  /** the account balance credited back (minor units) */
  toAccount: number
}

/**
 * Cancels an order locked by lockOrderAndCart and not cancelled yet: everything it took goes back,
 * its status becomes 'cancelled' with a status event carrying the reason. The caller decides
 * whether the order may be cancelled at all (paid, shipped) and what else follows (a refund, a mail).
 */
export async function releaseOrder(trx: Trx, order: Order, reason: string, now: Date): Promise<Released> {
  const orderId = order.order_id
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
  let units = 0
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
      units += drawn.fromInStock + drawn.fromOversellable
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
  // what the order spent of each gift code (a refund row earlier would net it out)
  const spent = await trx
    .selectFrom('gift_code_transactions')
    .select(['code', 'amount'])
    .where('order_id', '=', orderId)
    .execute()
  const perCode = new Map<string, number>()
  for (const entry of spent) perCode.set(entry.code, (perCode.get(entry.code) ?? 0) - Number(entry.amount))
  const giftCodes: Released['giftCodes'] = []
  for (const [code, amount] of perCode) {
    if (amount <= 0) continue
    await trx
      .updateTable('gift_codes')
      .set((eb) => ({ balance: eb('balance', '+', amount) }))
      .where('code', '=', code)
      .execute()
    await trx.insertInto('gift_code_transactions').values({ code, order_id: orderId, amount }).execute()
    giftCodes.push({ code, amount })
  }
  const fromGift = giftCodes.reduce((sum, entry) => sum + entry.amount, 0)
  const fromAccount = order.user_id ? Math.max(0, order.from_balance - fromGift) : 0
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
    .set({ status: 'cancelled', awaiting_approval: false, updated_at: now })
    .where('order_id', '=', orderId)
    .execute()
  await trx
    .insertInto('order_events')
    .values({ order_id: orderId, kind: 'status', status: 'cancelled', reason: reason.slice(0, 500) })
    .execute()
  return { units, giftCodes, toAccount: fromAccount }
}

/**
 * Returns in the database (migration 0930, docs/adr/0030-returns.md): the order a return is
 * registered against, what of it can still be returned, the window of its market, and the
 * returns with their rows. Shared by the shopper's API (resolvers.ts) and the back office
 * (admin.ts); authorisation is the caller's (see `findOrderForReturn`).
 */
import type { Kysely, Transaction } from 'kysely'
import type { Order, OrderRow } from '../../../db/schema'
import { RETURN_NUMBER_PATTERN, returnDeadline } from '../../../../src/shared/returns'
import type { CommerceDB } from '../cart/db'
import { marketReturnWindowDays } from '../../../../src/shared/markets'

export type ReturnsDb = Kysely<CommerceDB> | Transaction<CommerceDB>

/** The shop definition's window, for a market with no row in market_return_windows. */
export const definedReturnWindowDays = marketReturnWindowDays

export interface StoredReturnItem {
  orderRowId: number
  quantity: number
  reasonCode: string
  receivedQuantity: number | null
}

export interface StoredReturn {
  returnId: number
  returnNumber: string
  orderId: number
  status: 'registered' | 'received' | 'refunded'
  registeredBy: 'customer' | 'guest'
  refundTo: 'payment' | 'balance' | null
  refundIncVat: number | null
  createdAt: Date
  receivedAt: Date | null
  refundedAt: Date | null
  items: StoredReturnItem[]
}

export async function returnWindowDays(db: ReturnsDb, marketAlias: string): Promise<number> {
  const row = await db
    .selectFrom('market_return_windows')
    .select('days')
    .where('market_alias', '=', marketAlias as Order['market_alias'])
    .executeTakeFirst()
  return row?.days ?? definedReturnWindowDays(marketAlias)
}

/** The order number the shopper types (`1042`, also `#1042`) → the order id, or null. */
export function orderIdFromNumber(orderNumber: string): number | null {
  const digits = orderNumber.trim().replace(/^#/, '')
  if (!/^[0-9]{1,9}$/.test(digits)) return null
  const id = Number(digits)
  return id > 0 ? id : null
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

export type ReturnRequester = { kind: 'customer'; userId: string } | { kind: 'guest'; email: string }

/**
 * The order a shopper may register a return for: theirs when signed in, or the one whose number
 * and e-mail both match. Anything else is null, whatever the reason, so a wrong number and a
 * wrong e-mail cannot be told apart.
 */
export async function findOrderForReturn(
  db: ReturnsDb,
  orderNumber: string,
  requester: ReturnRequester,
): Promise<Order | null> {
  const orderId = orderIdFromNumber(orderNumber)
  if (orderId === null) return null
  const order = await db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirst()
  if (!order) return null
  if (requester.kind === 'customer') return order.user_id === requester.userId ? order : null
  return normaliseEmail(order.email) === normaliseEmail(requester.email) ? order : null
}

export async function loadReturns(db: ReturnsDb, orderIds: number[]): Promise<StoredReturn[]> {
  if (orderIds.length === 0) return []
  const [returns, items] = await Promise.all([
    db
      .selectFrom('order_returns')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('created_at')
      .orderBy('return_id')
      .execute(),
    db
      .selectFrom('order_return_items')
      .innerJoin('order_returns', 'order_returns.return_id', 'order_return_items.return_id')
      .select([
        'order_return_items.return_id',
        'order_return_items.order_row_id',
        'order_return_items.quantity',
        'order_return_items.reason_code',
        'order_return_items.received_quantity',
      ])
      .where('order_returns.order_id', 'in', orderIds)
      .orderBy('order_return_items.order_row_id')
      .execute(),
  ])
  return returns.map((row) => ({
    returnId: row.return_id,
    returnNumber: row.return_number,
    orderId: row.order_id,
    status: row.status,
    registeredBy: row.registered_by,
    refundTo: row.refund_to,
    refundIncVat: row.refund_inc_vat === null ? null : Number(row.refund_inc_vat),
    createdAt: row.created_at,
    receivedAt: row.received_at,
    refundedAt: row.refunded_at,
    items: items
      .filter((item) => item.return_id === row.return_id)
      .map((item) => ({
        orderRowId: item.order_row_id,
        quantity: item.quantity,
        reasonCode: item.reason_code,
        receivedQuantity: item.received_quantity,
      })),
  }))
}

export async function loadReturnByNumber(db: ReturnsDb, returnNumber: string): Promise<StoredReturn | null> {
  if (!RETURN_NUMBER_PATTERN.test(returnNumber)) return null
  const row = await db
    .selectFrom('order_returns')
    .select('order_id')
    .where('return_number', '=', returnNumber)
    .executeTakeFirst()
  if (!row) return null
  return (await loadReturns(db, [row.order_id])).find((entry) => entry.returnNumber === returnNumber) ?? null
}

export async function loadOrderRows(db: ReturnsDb, orderId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('order_rows')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('order_row_id')
    .execute()
}

/**
 * How many of each order row are already on a return. A return the shop received counts what
 * came back; one still on its way counts what was registered.
 */
export function returnedQuantities(returns: StoredReturn[]): Map<number, number> {
  const counted = new Map<number, number>()
  for (const entry of returns)
    for (const item of entry.items) {
      const quantity = entry.status === 'registered' ? item.quantity : (item.receivedQuantity ?? 0)
      counted.set(item.orderRowId, (counted.get(item.orderRowId) ?? 0) + quantity)
    }
  return counted
}

export type NotReturnableReason = 'NOT_DELIVERED' | 'WINDOW_CLOSED' | 'CANCELLED'

export interface ReturnWindow {
  days: number
  deliveredAt: Date | null
  /** the last moment to register a return; null before delivery */
  until: Date | null
  /** why no return can be registered now; null when one can */
  closedBecause: NotReturnableReason | null
}

export async function returnWindowOf(db: ReturnsDb, order: Order, now: Date): Promise<ReturnWindow> {
  const days = await returnWindowDays(db, order.market_alias)
  const deliveredAt = order.delivered_at
  const until = deliveredAt ? returnDeadline(deliveredAt, days) : null
  const closedBecause: NotReturnableReason | null =
    order.status === 'cancelled'
      ? 'CANCELLED'
      : !until
        ? 'NOT_DELIVERED'
        : now.getTime() > until.getTime()
          ? 'WINDOW_CLOSED'
          : null
  return { days, deliveredAt, until, closedBecause }
}

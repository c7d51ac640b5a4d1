/**
 * Reading orders with their rows, payment option names, shipments, returns and refunds. Orders
 * are read by owner (user), by public id (the confirmation link) or by cart; every reader states
 * which, so that object-level authorisation is decided by the query itself.
 */
import type { Kysely } from 'kysely'
import type { Order, OrderRow } from '../../../db/schema'
import type { LocaleCode } from '../../../../src/shared/markets'
import type { CommerceDB } from '../cart/db'
import { isUuid } from '../../../../src/shared/validation/ids'

export interface RefundEvent {
  eventId: number
  orderRowId: number | null
  amountIncVat: number
  vatAmount: number
  toBalance: boolean
  reason: string | null
  reasonCode: string | null
  createdAt: Date
}

export interface ReturnEvent {
  eventId: number
  orderRowId: number | null
  reason: string | null
  reasonCode: string | null
  createdAt: Date
}

export interface ShipmentEvent {
  eventId: number
  parcelNumber: string | null
  trackingLink: string | null
  createdAt: Date
}

export interface LoadedOrder {
  order: Order
  rows: OrderRow[]
  paymentMethod: string
  refunds: RefundEvent[]
  returns: ReturnEvent[]
  shipments: ShipmentEvent[]
}

function stringField(data: Record<string, unknown> | null, name: string): string | null {
  const value = data?.[name]
  return typeof value === 'string' && value !== '' ? value : null
}

export type OrderSelector =
  | { by: 'user'; userId: string; orderId?: number }
  | { by: 'publicId'; publicId: string }
  | { by: 'cart'; cartId: string }
  | { by: 'id'; orderId: number }

type Db = Kysely<CommerceDB>

export async function loadOrders(
  db: Db,
  selector: OrderSelector,
  language: LocaleCode,
): Promise<LoadedOrder[]> {
  let query = db.selectFrom('orders').selectAll()
  switch (selector.by) {
    case 'user':
      query = query.where('user_id', '=', selector.userId)
      if (selector.orderId !== undefined) query = query.where('order_id', '=', selector.orderId)
      break
    case 'publicId':
      if (!isUuid(selector.publicId)) return []
      query = query.where('public_id', '=', selector.publicId)
      break
    case 'cart':
      if (!isUuid(selector.cartId)) return []
      query = query.where('cart_id', '=', selector.cartId)
      break
    case 'id':
      query = query.where('order_id', '=', selector.orderId)
      break
  }
  const orders = await query.orderBy('created_at', 'desc').orderBy('order_id', 'desc').execute()
  if (orders.length === 0) return []
  const orderIds = orders.map((o) => o.order_id)
  const paymentOptionIds = [
    ...new Set(orders.flatMap((o) => (o.payment_option_id === null ? [] : [o.payment_option_id]))),
  ]
  const [rows, payments, events] = await Promise.all([
    db
      .selectFrom('order_rows')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('order_row_id')
      .execute(),
    paymentOptionIds.length > 0
      ? db
          .selectFrom('payment_options')
          .select(['payment_option_id', 'display_names'])
          .where('payment_option_id', 'in', paymentOptionIds)
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .where('kind', 'in', ['refund', 'return_registered', 'shipped'])
      .orderBy('created_at')
      .orderBy('event_id')
      .execute(),
  ])
  const paymentNames = new Map(
    payments.map((p) => [
      p.payment_option_id,
      p.display_names[language] ?? Object.values(p.display_names)[0],
    ]),
  )
  return orders.map((order) => {
    const own = events.filter((event) => event.order_id === order.order_id)
    return {
      order,
      rows: rows.filter((row) => row.order_id === order.order_id),
      paymentMethod:
        (order.payment_option_id !== null ? paymentNames.get(order.payment_option_id) : undefined) ??
        order.payment_kind,
      returns: own
        .filter((event) => event.kind === 'return_registered')
        .map((event) => ({
          eventId: event.event_id,
          orderRowId: event.order_row_id,
          reason: event.reason,
          reasonCode: event.reason_code,
          createdAt: event.created_at,
        })),
      shipments: own
        .filter((event) => event.kind === 'shipped')
        .map((event) => ({
          eventId: event.event_id,
          parcelNumber: stringField(event.data, 'parcelNumber'),
          trackingLink: stringField(event.data, 'trackingLink'),
          createdAt: event.created_at,
        })),
      refunds: own
        .filter((event) => event.kind === 'refund')
        .map((event) => ({
          eventId: event.event_id,
          orderRowId: event.order_row_id,
          amountIncVat: event.amount_inc_vat ?? 0,
          vatAmount: event.vat_amount ?? 0,
          toBalance: event.to_balance,
          reason: event.reason,
          reasonCode: event.reason_code,
          createdAt: event.created_at,
        })),
    }
  })
}

/** How many orders the shopper (same user, else same e-mail) had placed up to and including this one. */
export async function nthPurchase(db: Db, order: Order): Promise<number> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_id', '<=', order.order_id)
    .where('status', '<>', 'cancelled')
  query = order.user_id ? query.where('user_id', '=', order.user_id) : query.where('email', '=', order.email)
  const row = await query.executeTakeFirst()
  return Number(row?.count ?? 1)
}

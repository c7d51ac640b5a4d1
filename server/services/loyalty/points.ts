/**
 * The points ledger (docs/adr/0028-loyalty-service.md). Points come from the commerce tables, read
 * here: every confirmed order (paid card order, or invoice order) a member placed while a member
 * earns points in its own currency, pending for 30 days. A cancellation or a refund (an
 * `order_events` row of kind 'refund', written by whoever refunds) takes them back by an 'adjust'
 * row. `syncContactPoints` reconciles one contact's ledger with the orders: it is idempotent and
 * runs before every read of a balance and for every member before a payout, so the ledger follows
 * the orders without either side calling the other.
 */
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { isCurrencyCode, type CurrencyCode } from '../../../src/shared/markets'
import { creditedAt, membershipLevel, pointsFor, type MembershipLevel } from '../../../src/shared/loyalty'
import { paymentSecured } from '../../../src/shared/payment-kinds'

type Db = Kysely<DB> | Transaction<DB>

export interface LedgerContact {
  contact_id: string
  user_id: string | null
  is_member: boolean
  joined_at: Date | null
}

interface OrderForPoints {
  order_id: number
  currency_code: string
  status: string
  payment_kind: string
  paid_at: Date | null
  created_at: Date
  item_value_inc_vat: number
  discount_inc_vat: number
}

/** What an order is worth in points now: nothing when cancelled, else its goods less refunds. */
export function orderPoints(order: OrderForPoints, refunded: number): number {
  if (order.status === 'cancelled') return 0
  const currency: CurrencyCode = isCurrencyCode(order.currency_code) ? order.currency_code : 'EUR'
  return pointsFor(order.item_value_inc_vat - order.discount_inc_vat - refunded, currency)
}

/**
 * Brings a contact's ledger in line with their orders: an 'earn' row for each confirmed order
 * placed as a member, an 'adjust' row whenever what an order is worth changed since. An adjust
 * row of points still pending shares their credit date (the pending amount shrinks); of points
 * already credited it counts from `now`.
 */
export async function syncContactPoints(
  trx: Transaction<DB>,
  contact: LedgerContact,
  now: Date,
): Promise<void> {
  if (!contact.user_id) return
  const booked = await trx
    .selectFrom('loyalty_point_transactions')
    .select(['order_id', 'kind', 'points', 'valid_from'])
    .where('contact_id', '=', contact.contact_id)
    .where('order_id', 'is not', null)
    .execute()
  const bookedOrderIds = [...new Set(booked.map((row) => row.order_id as number))]
  const joinedAt = contact.is_member ? contact.joined_at : null
  if (!joinedAt && bookedOrderIds.length === 0) return

  const orders = (await trx
    .selectFrom('orders')
    .select([
      'order_id',
      'currency_code',
      'status',
      'payment_kind',
      'paid_at',
      'created_at',
      'item_value_inc_vat',
      'discount_inc_vat',
    ])
    .where('user_id', '=', contact.user_id)
    .where((eb) => {
      const since = joinedAt ? [eb('created_at', '>=', joinedAt)] : []
      const earlier = bookedOrderIds.length > 0 ? [eb('order_id', 'in', bookedOrderIds)] : []
      return eb.or([...since, ...earlier])
    })
    .execute()) as OrderForPoints[]
  if (orders.length === 0) return

  const refunds = await trx
    .selectFrom('order_events')
    .select(['order_id', (eb) => eb.fn.sum<number>('amount_inc_vat').as('refunded')])
    .where('kind', '=', 'refund')
    .where(
      'order_id',
      'in',
      orders.map((order) => order.order_id),
    )
    .groupBy('order_id')
    .execute()
  const refundedByOrder = new Map(refunds.map((row) => [row.order_id, Number(row.refunded ?? 0)]))

  for (const order of orders) {
    const rows = booked.filter((row) => row.order_id === order.order_id)
    const earn = rows.find((row) => row.kind === 'earn')
    const target = orderPoints(order, refundedByOrder.get(order.order_id) ?? 0)
    if (!earn) {
      if (!paymentSecured(order) || order.status === 'cancelled' || target <= 0) continue
      await trx
        .insertInto('loyalty_point_transactions')
        .values({
          contact_id: contact.contact_id,
          kind: 'earn',
          order_id: order.order_id,
          points: target,
          valid_from: creditedAt(order.paid_at ?? order.created_at),
        })
        .execute()
      continue
    }
    const current = rows.reduce((sum, row) => sum + row.points, 0)
    if (current === target) continue
    await trx
      .insertInto('loyalty_point_transactions')
      .values({
        contact_id: contact.contact_id,
        kind: 'adjust',
        order_id: order.order_id,
        points: target - current,
        valid_from: earn.valid_from > now ? earn.valid_from : now,
      })
      .execute()
  }
}

export interface PendingPoints {
  points: number
  /** when they are credited */
  creditedAt: Date
  orderId: number | null
}

export interface PointsBalance {
  /** credited points not yet paid out */
  points: number
  pendingPoints: number
  pending: PendingPoints[]
  level: MembershipLevel
}

/** A contact's balance at a moment: credited (valid_from reached) and pending, with their dates. */
export async function pointsBalance(db: Db, contactId: string, at: Date): Promise<PointsBalance> {
  const [credited, pendingRows, earnedLastYear] = await Promise.all([
    db
      .selectFrom('loyalty_point_transactions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), sql<number>`0`).as('points'))
      .where('contact_id', '=', contactId)
      .where('valid_from', '<=', at)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('loyalty_point_transactions')
      .select(['order_id', 'valid_from', (eb) => eb.fn.sum<number>('points').as('points')])
      .where('contact_id', '=', contactId)
      .where('valid_from', '>', at)
      .where('kind', '!=', 'payout')
      .groupBy(['order_id', 'valid_from'])
      .orderBy('valid_from')
      .execute(),
    db
      .selectFrom('loyalty_point_transactions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), sql<number>`0`).as('points'))
      .where('contact_id', '=', contactId)
      .where('kind', '!=', 'payout')
      .where('created_at', '>', new Date(at.getTime() - 365 * 86_400_000))
      .executeTakeFirstOrThrow(),
  ])
  const pending = pendingRows
    .map((row) => ({ points: Number(row.points), creditedAt: row.valid_from, orderId: row.order_id }))
    .filter((row) => row.points > 0)
  return {
    points: Number(credited.points),
    pendingPoints: pending.reduce((sum, row) => sum + row.points, 0),
    pending,
    level: membershipLevel(Number(earnedLastYear.points)),
  }
}

/** The membership page's data (docs/product-rules.md#loyalty Loyalty contact): level, points, pending points, vouchers, history. */
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { LoyaltyOverview } from '../../../src/shared/loyalty-api'
import { contactView, type Contact } from './contacts'
import { pointsBalance, syncContactPoints } from './points'

const HISTORY_LIMIT = 50

export async function loyaltyOverview(db: Kysely<DB>, contact: Contact, now: Date): Promise<LoyaltyOverview> {
  await db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('loyalty_contacts')
      .selectAll()
      .where('contact_id', '=', contact.contact_id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    await syncContactPoints(trx, locked, now)
  })
  const [balance, vouchers, history] = await Promise.all([
    pointsBalance(db, contact.contact_id, now),
    db
      .selectFrom('loyalty_vouchers')
      .select([
        'code',
        'amount',
        'currency_code',
        'minimum_purchase',
        'expires_at',
        'redeemed_order_id',
        'market_alias',
      ])
      .where('contact_id', '=', contact.contact_id)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('loyalty_point_transactions')
      .select(['kind', 'points', 'order_id', 'created_at', 'valid_from'])
      .where('contact_id', '=', contact.contact_id)
      .orderBy('created_at', 'desc')
      .orderBy('transaction_id', 'desc')
      .limit(HISTORY_LIMIT)
      .execute(),
  ])
  return {
    contact: contactView(contact),
    level: contact.is_member ? balance.level : null,
    points: balance.points,
    pendingPoints: balance.pendingPoints,
    pending: balance.pending.map((row) => ({
      points: row.points,
      creditedAt: row.creditedAt.toISOString(),
      orderId: row.orderId,
    })),
    vouchers: vouchers.map((voucher) => ({
      code: voucher.code,
      amount: Number(voucher.amount),
      currency: voucher.currency_code,
      minimumPurchase: Number(voucher.minimum_purchase),
      expiresAt: voucher.expires_at.toISOString(),
      redeemed: voucher.redeemed_order_id !== null,
      market: voucher.market_alias,
    })),
    history: history.map((row) => ({
      kind: row.kind,
      points: row.points,
      orderId: row.order_id,
      at: row.created_at.toISOString(),
      creditedAt: row.valid_from.toISOString(),
    })),
  }
}

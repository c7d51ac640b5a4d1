/**
 * Bonus vouchers in the cart (docs/adr/0029-bonus-vouchers.md): a code with the voucher prefix is
 * not a promo code but a row of the loyalty service's `loyalty_vouchers`, read here. It applies
 * like a fixed-amount promo code, with three rules the commerce API enforces:
 * - owner only: the signed-in customer it was paid out to (anyone else: invalid, as for a code
 *   that does not exist, so a code cannot be probed);
 * - single use: a voucher redeemed by an order is invalid; placeOrder redeems it in the order's
 *   transaction and a failed payment gives it back (checkout/payment.ts);
 * - minimum purchase: 25 € or the market's equivalent of goods (RequirementsNotMet below it).
 */
import type { Kysely } from 'kysely'
import type { MarketAlias } from '../../../../src/shared/markets'
import type { PromoCodeRule } from '../pricing/promo'
import type { CommerceDB } from './db'

export { isVoucherCode } from '../../../../src/shared/loyalty'

/** The voucher as a fixed-amount rule, or undefined when it is not this customer's in this market. */
export async function loadVoucherRule(
  db: Kysely<CommerceDB>,
  code: string,
  market: MarketAlias,
  userId: string | null | undefined,
): Promise<PromoCodeRule | undefined> {
  if (!userId) return undefined
  const voucher = await db
    .selectFrom('loyalty_vouchers')
    .select(['code', 'amount', 'minimum_purchase', 'expires_at', 'redeemed_order_id', 'created_at'])
    .where('code', '=', code)
    .where('user_id', '=', userId)
    .where('market_alias', '=', market)
    .executeTakeFirst()
  if (!voucher) return undefined
  return {
    code: voucher.code,
    campaignName: voucher.code,
    discount: { type: 'FIXED_AMOUNT', amountIncVat: Number(voucher.amount) },
    minOrderValue: Number(voucher.minimum_purchase),
    active: voucher.redeemed_order_id === null,
    validFrom: null,
    validTo: voucher.expires_at,
  }
}

/** Marks the voucher used by the order; false when another order got it first. */
export async function redeemVoucher(
  db: Kysely<CommerceDB>,
  code: string,
  orderId: number,
  userId: string | null,
): Promise<boolean> {
  if (!userId) return false
  const redeemed = await db
    .updateTable('loyalty_vouchers')
    .set({ redeemed_order_id: orderId, redeemed_at: new Date() })
    .where('code', '=', code)
    .where('user_id', '=', userId)
    .where('redeemed_order_id', 'is', null)
    .returning('code')
    .executeTakeFirst()
  return redeemed !== undefined
}

/** A failed or cancelled payment gives the order's voucher back to its owner. */
export async function releaseVoucher(db: Kysely<CommerceDB>, orderId: number): Promise<void> {
  await db
    .updateTable('loyalty_vouchers')
    .set({ redeemed_order_id: null, redeemed_at: null })
    .where('redeemed_order_id', '=', orderId)
    .execute()
}

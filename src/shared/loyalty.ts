/**
 * The loyalty programme's rules both sides read (docs/product-rules.md#loyalty; docs/adr/0028-loyalty-service.md):
 * how many points an order earns in its market's currency, when they are credited, what a payout
 * of points is worth as a bonus voucher, the voucher's minimum purchase and its code prefix.
 *
 * The spec states the money rules in euro (2.50 € per 1,000 points, 25 € minimum purchase). The
 * other markets use fixed, rounded equivalents in their own currency, so that a member's points
 * are worth the same in every market and a voucher's value never moves with an exchange rate.
 */
import { CURRENCY_CODES, type CurrencyCode } from './markets'
import type { Minor } from './money'
import { SHOP_DATA } from './shop-definition'

/** Bonus vouchers are promo codes with this prefix (docs/product-rules.md#loyalty keep-or-drop rule). */
export const LOYALTY_VOUCHER_PREFIX = 'BONUS'

/** docs/product-rules.md#loyalty: points stay pending this many days after the purchase, then they are credited. */
export const POINTS_PENDING_DAYS: number = SHOP_DATA.loyalty.pendingDays

/** docs/product-rules.md#loyalty: a payout converts each full step of points into voucher value. */
export const POINTS_PER_PAYOUT_STEP: number = SHOP_DATA.loyalty.pointsPerPayoutStep

/** How long a bonus voucher can be used after its payout. */
export const VOUCHER_VALID_DAYS: number = SHOP_DATA.loyalty.voucherValidDays

/**
 * Money per currency, in minor units: what one point costs (10 points per euro, the same value in
 * the other currencies), the voucher value of 1,000 points (2.50 €) and the voucher's minimum
 * purchase (25 €).
 */
export const LOYALTY_MONEY = Object.fromEntries(
  CURRENCY_CODES.map((code) => [code, SHOP_DATA.currencies[code].loyalty]),
) as Record<CurrencyCode, { minorPerPoint: Minor; valuePerStep: Minor; voucherMinimumPurchase: Minor }>

/** Points an amount paid earns: whole points only, never negative. */
export function pointsFor(amount: Minor, currency: CurrencyCode): number {
  if (amount <= 0) return 0
  return Math.floor(amount / LOYALTY_MONEY[currency].minorPerPoint)
}

/** When points earned at `paidAt` are credited (docs/product-rules.md#loyalty: 30 days after the purchase). */
export function creditedAt(paidAt: Date): Date {
  return new Date(paidAt.getTime() + POINTS_PENDING_DAYS * 86_400_000)
}

export interface PayoutAmount {
  /** points converted (full steps only; the rest stays on the account) */
  points: number
  /** the voucher's value in the currency's minor units */
  value: Minor
}

/** A payout of a credited balance: full 1,000-point steps, each worth the currency's step value. */
export function payoutFor(creditedPoints: number, currency: CurrencyCode): PayoutAmount {
  const steps = Math.max(0, Math.floor(creditedPoints / POINTS_PER_PAYOUT_STEP))
  return { points: steps * POINTS_PER_PAYOUT_STEP, value: steps * LOYALTY_MONEY[currency].valuePerStep }
}

/** docs/product-rules.md#loyalty: four payouts a year, one per calendar quarter ("2026-Q4"). */
export function payoutPeriod(asOf: Date): string {
  return `${asOf.getUTCFullYear()}-Q${Math.floor(asOf.getUTCMonth() / 3) + 1}`
}

export type MembershipLevel = keyof typeof SHOP_DATA.loyalty.levels
export const MEMBERSHIP_LEVELS = Object.keys(SHOP_DATA.loyalty.levels) as MembershipLevel[]

/** Points earned (not spent) in the last 12 months a level needs. */
export const LEVEL_THRESHOLDS: Record<MembershipLevel, number> = SHOP_DATA.loyalty.levels

/** The member's level from the points they earned in the last 12 months. */
export function membershipLevel(pointsEarnedLastYear: number): MembershipLevel {
  if (pointsEarnedLastYear >= LEVEL_THRESHOLDS.GOLD) return 'GOLD'
  if (pointsEarnedLastYear >= LEVEL_THRESHOLDS.SILVER) return 'SILVER'
  return 'BRONZE'
}

/** Whether a promo code is a bonus voucher code (case and blanks do not matter). */
export function isVoucherCode(code: string): boolean {
  return code.trim().toUpperCase().startsWith(LOYALTY_VOUCHER_PREFIX)
}

/**
 * Promo-code rules: whether a code may be applied to a cart, and the discount it gives.
 * The storefront tells "requirements not met" from "invalid code" by `extensions.code`
 * (docs/service-contracts.md#commerce-api), so every refusal carries one of the two codes below.
 */
import type { Minor } from './money'

export const PROMO_REQUIREMENTS_NOT_MET = 'RequirementsNotMet'
export const PROMO_CODE_INVALID = 'InvalidPromoCode'

export type PromoDiscount =
  { type: 'PERCENTAGE'; percentBp: number } | { type: 'FIXED_AMOUNT'; amountIncVat: Minor }

export interface PromoCodeRule {
  code: string
  campaignName: string
  discount: PromoDiscount
  /** Minimum goods value (after campaign prices, in the customer's own VAT view); null = none. */
  minOrderValue: Minor | null
  active: boolean
  validFrom: Date | null
  validTo: Date | null
}

export type PromoCheck =
  | { ok: true; rule: PromoCodeRule }
  | { ok: false; code: typeof PROMO_REQUIREMENTS_NOT_MET | typeof PROMO_CODE_INVALID; message: string }

/** Codes are compared case-insensitively and without surrounding blanks. */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase()
}

export function isPromoCodeLive(rule: PromoCodeRule, now: Date): boolean {
  if (!rule.active) return false
  if (rule.validFrom && now < rule.validFrom) return false
  if (rule.validTo && now > rule.validTo) return false
  return true
}

/**
 * Checks a code against the cart. `rule` is undefined when no code of that name exists for the
 * cart's market. `goodsValue` is the goods value after campaign prices in the customer's VAT view.
 */
export function checkPromoCode(
  code: string,
  rule: PromoCodeRule | undefined,
  goodsValue: Minor,
  now: Date,
  formatAmount: (amount: Minor) => string,
): PromoCheck {
  if (!rule || !isPromoCodeLive(rule, now)) {
    return {
      ok: false,
      code: PROMO_CODE_INVALID,
      message: `The promo code ${normalisePromoCode(code)} is not valid`,
    }
  }
  if (rule.minOrderValue !== null && goodsValue < rule.minOrderValue) {
    return {
      ok: false,
      code: PROMO_REQUIREMENTS_NOT_MET,
      message: `The promo code ${rule.code} requires an order value of at least ${formatAmount(rule.minOrderValue)}`,
    }
  }
  return { ok: true, rule }
}

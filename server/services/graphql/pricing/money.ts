/**
 * Money arithmetic for the commerce API. Every amount is an integer number of minor units
 * (cents, öre) so that sums are exact; VAT rates are integers in basis points (25.5 % = 2550)
 * for the same reason. Decimals exist only at the GraphQL boundary (`toDecimal`).
 */
import { formatMoney, fromDecimal, toDecimal, type Minor } from '../../../../src/shared/money'

/** The shared money basics, for the API's modules that already import their arithmetic here. */
export { formatMoney, fromDecimal, toDecimal, type Minor }

const BASIS = 10_000

export function assertMinor(value: number, what: string): Minor {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be an integer amount of minor units`)
  return value
}

/** Integer division rounding half away from zero (amounts here are never negative). */
export function divRound(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator)
  const remainder = numerator - quotient * denominator
  return remainder * 2 >= denominator ? quotient + 1 : quotient
}

export interface VatSplit {
  incVat: Minor
  exVat: Minor
  vat: Minor
}

/** Splits a VAT-inclusive amount; `exVat + vat === incVat` holds exactly by construction. */
export function splitIncVat(incVat: Minor, vatRateBp: number): VatSplit {
  const exVat = divRound(incVat * BASIS, BASIS + vatRateBp)
  return { incVat, exVat, vat: incVat - exVat }
}

/** Percentage in basis points of an amount, rounded to the minor unit (1500 bp = 15 %). */
export function percentOf(amount: Minor, basisPoints: number): Minor {
  return divRound(amount * basisPoints, BASIS)
}

/**
 * Spreads `total` over `weights` in proportion, so the parts add up to exactly `total`
 * (largest-remainder method; ties go to the earlier weight). With all weights 0 it spreads evenly
 * by position only if there is something to spread, which callers avoid by capping first.
 */
export function allocate(total: Minor, weights: readonly Minor[]): Minor[] {
  const weightSum = weights.reduce((sum, w) => sum + w, 0)
  if (weights.length === 0 || total === 0) return weights.map(() => 0)
  if (weightSum === 0) throw new RangeError('cannot allocate an amount over zero weights')
  const parts = weights.map((w) => Math.floor((total * w) / weightSum))
  let left = total - parts.reduce((sum, p) => sum + p, 0)
  const byRemainder = weights
    .map((w, index) => ({ index, remainder: (total * w) % weightSum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of byRemainder) {
    if (left === 0) break
    parts[index] = (parts[index] ?? 0) + 1
    left -= 1
  }
  return parts
}

/** VAT rate in percent for the API (2550 → 25.5). */
export function vatRatePercent(vatRateBp: number): number {
  return vatRateBp / 100
}

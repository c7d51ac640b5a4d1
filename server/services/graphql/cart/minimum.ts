/**
 * The market's minimum order value (docs/product-rules.md#cart: "minimum order value is shown"): compared
 * with the goods after campaign prices and promo discounts, VAT included, before shipping, fees
 * and any gift-card or account balance (a means of payment, not a discount). The cart shows it;
 * placeOrder refuses an order below it.
 */
import { ERROR_CODES, apiError } from '../errors'
import type { Minor } from '../pricing/money'

export interface MinimumOrderCheck {
  amount: Minor
  left: Minor
  /** an empty cart never reaches it */
  isReached: boolean
}

export function minimumOrderCheck(
  minimum: Minor | null | undefined,
  goodsIncVat: Minor,
  itemCount: number,
): MinimumOrderCheck | null {
  if (minimum === null || minimum === undefined) return null
  const left = Math.max(0, minimum - goodsIncVat)
  return { amount: minimum, left, isReached: itemCount > 0 && left === 0 }
}

export function minimumOrderValueNotReached(formattedMinimum: string) {
  return apiError(
    ERROR_CODES.MINIMUM_ORDER_VALUE_NOT_REACHED,
    `The order value is below the minimum order value of ${formattedMinimum}`,
  )
}

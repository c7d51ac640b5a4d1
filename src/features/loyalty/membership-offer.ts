/**
 * What membership pays, in the shopper's currency and language: the bonus amount per payout step
 * and the points of one step (docs/product-rules.md#loyalty: 2.50 € per 1,000 points, or the market's equivalent). The
 * member page, its description and the members-only notice say it the same way.
 */
import type { IntlShape } from 'react-intl'
import { formatMoney } from '../../shared/money'
import { LOYALTY_MONEY, POINTS_PER_PAYOUT_STEP } from '../../shared/loyalty'
import type { CurrencyCode } from '../../shared/markets'

export function membershipOfferValues(intl: IntlShape, currency: CurrencyCode) {
  return {
    amount: formatMoney(LOYALTY_MONEY[currency].valuePerStep, currency, intl.locale, {
      trimWholeAmounts: true,
    }),
    points: intl.formatNumber(POINTS_PER_PAYOUT_STEP),
  }
}

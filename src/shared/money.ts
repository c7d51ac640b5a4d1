/**
 * Money as both sides show it. Amounts travel as integer minor units (cents, öre; whole krónur
 * for ISK, whose minor unit is 0) so that sums are exact; each currency's minor unit is in the
 * shop definition. Formatting is the market's currency in the shopper's language, the same in the
 * commerce API, the storefront, the payment page and the order e-mail.
 */
import { CURRENCIES, type CurrencyCode } from './markets'

/** An integer amount in the currency's minor unit. */
export type Minor = number

/** How many decimals the currency's amounts have (EUR 2, ISK 0). */
export function minorUnitOf(currency: CurrencyCode): number {
  return CURRENCIES[currency]?.minorUnit ?? 2
}

function scaleOf(currency: CurrencyCode | undefined): number {
  return currency === undefined ? 100 : 10 ** minorUnitOf(currency)
}

/**
 * Minor units as the decimal the API gives (4995 EUR → 49.95; 4995 ISK → 4995). Without a
 * currency, two decimals (every currency of the shop's first four markets).
 */
export function toDecimal(amount: Minor, currency?: CurrencyCode): number {
  return amount / scaleOf(currency)
}

/** A decimal amount from the API (49.95 EUR → 4995) in minor units; ISK rounds to whole krónur. */
export function fromDecimal(amount: number, currency?: CurrencyCode): Minor {
  return Math.round(amount * scaleOf(currency))
}

export interface MoneyFormatOptions {
  /** Leave out the decimals of a whole amount ("69 €" rather than "69,00 €"), for shop promises. */
  trimWholeAmounts?: boolean
}

const formatters = new Map<string, Intl.NumberFormat>()

function formatterFor(locale: string, currency: CurrencyCode, trim: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${trim}`
  let formatter = formatters.get(key)
  if (!formatter) {
    const digits = trim ? 0 : minorUnitOf(currency)
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    formatters.set(key, formatter)
  }
  return formatter
}

/** "1 234,50 €", "1 999,00 kr", "4.990 kr." (ISK): an amount in minor units, in a locale such as 'fi-FI'. */
export function formatMoney(
  amount: Minor,
  currency: CurrencyCode,
  locale: string,
  options: MoneyFormatOptions = {},
): string {
  const trim = options.trimWholeAmounts === true && amount % scaleOf(currency) === 0
  return formatterFor(locale, currency, trim).format(toDecimal(amount, currency))
}

/**
 * Money as both sides show it. Amounts travel as integer minor units (cents, öre) so that sums
 * are exact; all four shop currencies have two decimals. Formatting is the market's currency in
 * the shopper's language, the same in the commerce API, the storefront, the payment page and the
 * order e-mail.
 */
import type { CurrencyCode } from './markets'

/** An integer amount in the currency's minor unit. */
export type Minor = number

/** Minor units as the decimal the API gives (4995 → 49.95). */
export function toDecimal(amount: Minor): number {
  return amount / 100
}

/** A decimal amount from the API (e.g. 49.95) in minor units. */
export function fromDecimal(amount: number): Minor {
  return Math.round(amount * 100)
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
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(trim ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    })
    formatters.set(key, formatter)
  }
  return formatter
}

/** "1 234,50 €", "1 999,00 kr": an amount in minor units, in a locale such as 'fi-FI'. */
export function formatMoney(
  amount: Minor,
  currency: CurrencyCode,
  locale: string,
  options: MoneyFormatOptions = {},
): string {
  const trim = options.trimWholeAmounts === true && amount % 100 === 0
  return formatterFor(locale, currency, trim).format(toDecimal(amount))
}

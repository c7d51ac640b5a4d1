/**
 * The mobile numbers a phone wallet's test page takes: the session's market (found by its
 * currency) decides the country, and the number must be a mobile number there, written
 * nationally (070 123 45 67) or with the country code (+46 70 123 45 67, 0046…). The provider
 * keeps only the last digits.
 */
import { MARKETS, MARKET_ALIASES, type MarketConfig } from '../../../src/shared/markets'

type Country = MarketConfig['countryCode']

interface MobileRule {
  callingCode: string
  /** the national number without the trunk 0, as digits */
  mobile: RegExp
  /** the country writes a trunk 0 before national numbers */
  trunkZero: boolean
}

const MOBILE_RULES: Record<Country, MobileRule> = {
  SE: { callingCode: '46', mobile: /^7[02369]\d{7}$/, trunkZero: true },
  FI: { callingCode: '358', mobile: /^(4\d{7,8}|50\d{6,7})$/, trunkZero: true },
  NO: { callingCode: '47', mobile: /^[49]\d{7}$/, trunkZero: false },
  DK: { callingCode: '45', mobile: /^[2-9]\d{7}$/, trunkZero: false },
}

/** The country whose market pays in this currency. */
export function countryOfCurrency(currency: string): Country | null {
  const alias = MARKET_ALIASES.find((market) => MARKETS[market].currency === currency)
  return alias ? MARKETS[alias].countryCode : null
}

/** The national mobile number (without the trunk 0), or null when it is not a mobile number there. */
export function mobileNumber(input: unknown, country: Country): string | null {
  if (typeof input !== 'string' || input.length > 30) return null
  const rule = MOBILE_RULES[country]
  let digits = input.replace(/[\s\-().]/g, '')
  if (digits.startsWith('+')) digits = `00${digits.slice(1)}`
  if (!/^\d+$/.test(digits)) return null
  if (digits.startsWith(`00${rule.callingCode}`)) digits = digits.slice(2 + rule.callingCode.length)
  else if (rule.trunkZero) {
    if (!digits.startsWith('0')) return null
    digits = digits.slice(1)
  }
  return rule.mobile.test(digits) ? digits : null
}

/** What the provider keeps of a number: its last two digits. */
export function lastDigits(number: string): string {
  return number.slice(-2)
}

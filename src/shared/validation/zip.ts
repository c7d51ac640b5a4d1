/**
 * Postal codes per country: Finland 5 digits (00100), Sweden 3 + 2 digits with an optional space
 * (114 55, 11455; Swedish codes never start with 0), Norway 4 digits (0150), Denmark 4 digits
 * (1050; special codes such as 0800 exist, so a leading 0 is allowed).
 */
import type { CountryCode } from './country'

const ZIP: Record<CountryCode, RegExp> = {
  FI: /^\d{5}$/,
  SE: /^[1-9]\d{2} ?\d{2}$/,
  NO: /^\d{4}$/,
  DK: /^\d{4}$/,
}

export function isValidZip(country: CountryCode, value: string): boolean {
  return ZIP[country].test(value.trim())
}

/** The zip as the API compares it: white space removed ('114 55' → '11455'). */
export function normaliseZip(value: string): string {
  return value.replace(/\s+/g, '')
}

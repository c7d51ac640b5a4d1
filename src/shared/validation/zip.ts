/**
 * Postal codes per country: each market's `zipPattern` in the shop definition (Finland 5 digits,
 * Sweden 3 + 2 digits with an optional space, Norway and Denmark 4 digits).
 */
import { marketOfCountry } from '../markets'
import type { CountryCode } from './country'

export function isValidZip(country: CountryCode, value: string): boolean {
  return marketOfCountry(country)?.zipPattern.test(value.trim()) ?? false
}

/** The zip as the API compares it: white space removed ('114 55' → '11455'). */
export function normaliseZip(value: string): string {
  return value.replace(/\s+/g, '')
}

/** The shop countries (ISO 3166-1 alpha-2) are the markets' `countryCode` (the shop definition). */
export { isCountryCode, type CountryCode } from '../markets'

/** Whether year-month-day is a date of the Gregorian calendar (month 1-12). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false
  if (month < 1 || month > 12 || day < 1) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear keeps them
  date.setUTCFullYear(year)
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Year-month-day as a number (yyyymmdd) for comparisons. */
export function dateKey(year: number, month: number, day: number): number {
  return year * 10000 + month * 100 + day
}

export function todayKey(today: Date): number {
  return dateKey(today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate())
}

/** Drops spaces (and other white space) that shoppers type between groups of digits. */
export function withoutSpaces(value: string): string {
  return value.replace(/\s+/g, '')
}

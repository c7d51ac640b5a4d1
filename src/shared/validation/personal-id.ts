/**
 * National personal identity numbers of the four shop countries (docs/product-rules.md#checkout: 'Sinun on syötettävä
 * voimassa oleva sosiaaliturvatunnus'). Each check is the issuing authority's published rule;
 * a number must also name a real date of birth that is not in the future. `today` is a parameter
 * so the rules are testable; it defaults to now.
 *
 * - Finland, henkilötunnus (DVV): DDMMYY, a century sign, a three-digit individual number and a
 *   check character: the remainder of the nine digits DDMMYYZZZ divided by 31 picks a character
 *   of 0123456789ABCDEFHJKLMNPRSTUVWXY. Century signs: + for the 1800s; - and, since 2023,
 *   Y X W V U for the 1900s; A and, since 2023, B C D E F for the 2000s (the new signs were added
 *   because the individual numbers of a day could run out). Individual numbers 002-899; 900-999
 *   are temporary identifiers that a shop does not accept.
 * - Sweden, personnummer (Skatteverket): YYMMDD-NNNC, or YYYYMMDDNNNC, with the Luhn check digit
 *   computed over the ten digits YYMMDDNNN. The separator is + from the year the holder turns
 *   100. A samordningsnummer (coordination number) adds 60 to the day.
 * - Norway, fødselsnummer (Skatteetaten): DDMMYY, a three-digit individual number whose range
 *   gives the century, and two mod-11 check digits (weights 3 7 6 1 8 9 4 5 2, then
 *   5 4 3 2 7 6 5 4 3 2; a remainder giving 10 makes the number impossible). A D-nummer adds 40
 *   to the day. H-numbers (month + 40, health service only) and synthetic test numbers (month
 *   + 80) are not identities a customer has, and are refused.
 * - Denmark, CPR-nummer (CPR-kontoret): DDMMYY-SSSS, where the seventh digit and the year give the
 *   century. The modulus-11 check is NOT applied: since 1 October 2007 the CPR office issues
 *   numbers that fail it (the date's numbers without a valid check ran out for some birth
 *   dates), so a shop that demanded it would refuse real customers. The format and the date
 *   are checked.
 */
import { dateKey, isRealDate, todayKey, withoutSpaces, type CountryCode } from './country'

const FI_CHECK_CHARACTERS = '0123456789ABCDEFHJKLMNPRSTUVWXY'
const FI_CENTURY: Record<string, number> = {
  '+': 1800,
  '-': 1900,
  Y: 1900,
  X: 1900,
  W: 1900,
  V: 1900,
  U: 1900,
  A: 2000,
  B: 2000,
  C: 2000,
  D: 2000,
  E: 2000,
  F: 2000,
}

function notInFuture(year: number, month: number, day: number, today: Date): boolean {
  return isRealDate(year, month, day) && dateKey(year, month, day) <= todayKey(today)
}

export function isValidFinnishPersonalId(value: string, today: Date = new Date()): boolean {
  const match = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Y])$/.exec(value.trim().toUpperCase())
  if (!match) return false
  const [, dd = '', mm = '', yy = '', sign = '', individual = '', check = ''] = match
  const century = FI_CENTURY[sign]
  if (century === undefined) return false
  const individualNumber = Number(individual)
  if (individualNumber < 2 || individualNumber > 899) return false
  if (!notInFuture(century + Number(yy), Number(mm), Number(dd), today)) return false
  return FI_CHECK_CHARACTERS[Number(`${dd}${mm}${yy}${individual}`) % 31] === check
}

/** The Luhn (mod 10) check over a string of digits, the last of which is the check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export function isValidSwedishPersonalId(value: string, today: Date = new Date()): boolean {
  const compact = withoutSpaces(value)
  const match = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{3})(\d)$/.exec(compact)
  if (!match) return false
  // the century digits are optional (undefined in the 10-digit form)
  const [, cc, yy = '', mm = '', ddRaw = '', separator = '', serial = '', check = ''] = match
  if (!luhnValid(`${yy}${mm}${ddRaw}${serial}${check}`)) return false
  const month = Number(mm)
  let day = Number(ddRaw)
  if (day > 60) day -= 60 // samordningsnummer
  let year: number
  if (cc !== undefined) {
    // the 12-digit form names its century; + is not used with it
    if (separator === '+') return false
    year = Number(`${cc}${yy}`)
  } else {
    // 10 digits: the most recent such year not after today, a century earlier with +
    const currentYear = today.getUTCFullYear()
    year = currentYear - ((((currentYear - Number(yy)) % 100) + 100) % 100)
    if (dateKey(year, month, day) > todayKey(today)) year -= 100
    if (separator === '+') year -= 100
  }
  return notInFuture(year, month, day, today)
}

const NO_WEIGHTS_1 = [3, 7, 6, 1, 8, 9, 4, 5, 2]
const NO_WEIGHTS_2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]

/** A mod-11 check digit for the weights; undefined when the remainder makes none possible. */
export function mod11CheckDigit(digits: string, weights: readonly number[]): number | undefined {
  let sum = 0
  weights.forEach((weight, index) => {
    sum += weight * Number(digits[index])
  })
  const check = 11 - (sum % 11)
  if (check === 11) return 0
  return check === 10 ? undefined : check
}

/** The birth year of a Norwegian number from its two-digit year and individual number. */
function norwegianYear(yy: number, individual: number): number | undefined {
  if (individual <= 499) return 1900 + yy
  if (individual <= 749 && yy >= 54) return 1800 + yy
  if (yy <= 39) return 2000 + yy
  if (individual >= 900) return 1900 + yy
  return undefined
}

export function isValidNorwegianPersonalId(value: string, today: Date = new Date()): boolean {
  const digits = withoutSpaces(value)
  if (!/^\d{11}$/.test(digits)) return false
  if (mod11CheckDigit(digits, NO_WEIGHTS_1) !== Number(digits[9])) return false
  if (mod11CheckDigit(digits, NO_WEIGHTS_2) !== Number(digits[10])) return false
  let day = Number(digits.slice(0, 2))
  const month = Number(digits.slice(2, 4))
  if (day > 40) day -= 40 // D-nummer
  const year = norwegianYear(Number(digits.slice(4, 6)), Number(digits.slice(6, 9)))
  return year !== undefined && notInFuture(year, month, day, today)
}

/** The birth year of a Danish number from its two-digit year and the seventh digit. */
function danishYear(yy: number, seventh: number): number {
  if (seventh <= 3) return 1900 + yy
  if (seventh === 4 || seventh === 9) return yy <= 36 ? 2000 + yy : 1900 + yy
  return yy <= 57 ? 2000 + yy : 1800 + yy
}

export function isValidDanishPersonalId(value: string, today: Date = new Date()): boolean {
  const match = /^(\d{2})(\d{2})(\d{2})-?(\d)(\d{3})$/.exec(withoutSpaces(value))
  if (!match) return false
  const [, dd = '', mm = '', yy = '', seventh = ''] = match
  const year = danishYear(Number(yy), Number(seventh))
  return notInFuture(year, Number(mm), Number(dd), today)
}

/**
 * The countries whose personal identity numbers the shop can check (the invoice's credit check):
 * one algorithm per country, so a market without one here checks no personal id (false).
 */
// eslint-disable-next-line shop-definition/no-literal-list -- a checker per country's algorithm
const PERSONAL_ID: Partial<Record<CountryCode, (value: string, today?: Date) => boolean>> = {
  FI: isValidFinnishPersonalId,
  SE: isValidSwedishPersonalId,
  NO: isValidNorwegianPersonalId,
  DK: isValidDanishPersonalId,
}

/** Whether the value is a valid personal identity number of the country. */
export function isValidPersonalId(country: CountryCode, value: string, today: Date = new Date()): boolean {
  return PERSONAL_ID[country]?.(value, today) ?? false
}

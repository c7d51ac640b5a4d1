/**
 * Organisation numbers of the four shop countries (docs/product-rules.md#checkout: 'organization number must be valid').
 *
 * - Finland, Y-tunnus (PRH / Verohallinto): seven digits, a hyphen and a check digit. The digits
 *   are weighted 7 9 10 5 8 4 2; remainder 0 gives check 0, remainder 1 is never issued, otherwise
 *   the check is 11 − remainder. (Old six-digit numbers are written with a leading 0.)
 * - Sweden, organisationsnummer (Bolagsverket / Skatteverket): ten digits NNNNNN-NNNN with a
 *   Luhn check digit; a legal person's third digit is at least 2 (the "month" of a personnummer
 *   cannot be), and the 12-digit form carries the prefix 16. A sole trader (enskild
 *   näringsidkare) has no number of its own and uses the owner's personnummer, so that is
 *   accepted too.
 * - Norway, organisasjonsnummer (Brønnøysundregistrene): nine digits starting with 8 or 9, the
 *   last a mod-11 check digit over weights 3 2 7 6 5 4 3 2 (a remainder giving 10 is never
 *   issued). A trailing "MVA" (VAT registration) is allowed.
 * - Denmark, CVR-nummer (Erhvervsstyrelsen): eight digits not starting with 0 whose weighted sum
 *   (2 7 6 5 4 3 2 1) is divisible by 11.
 */
import { withoutSpaces, type CountryCode } from './country'
import { isValidSwedishPersonalId, luhnValid, mod11CheckDigit } from './personal-id'

export function isValidFinnishOrganisationId(value: string): boolean {
  const match = /^(\d{7})-(\d)$/.exec(value.trim())
  if (!match) return false
  const [, digits = '', check = ''] = match
  const weights = [7, 9, 10, 5, 8, 4, 2]
  const remainder = weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0) % 11
  if (remainder === 1) return false
  return (remainder === 0 ? 0 : 11 - remainder) === Number(check)
}

export function isValidSwedishOrganisationId(value: string, today: Date = new Date()): boolean {
  const compact = withoutSpaces(value)
  const match = /^(16)?(\d{6})-?(\d{4})$/.exec(compact)
  if (match) {
    const digits = `${match[2]}${match[3]}`
    if (Number(digits[2]) >= 2 && luhnValid(digits)) return true
  }
  return isValidSwedishPersonalId(compact, today)
}

export function isValidNorwegianOrganisationId(value: string): boolean {
  const digits = withoutSpaces(value).replace(/MVA$/i, '')
  if (!/^[89]\d{8}$/.test(digits)) return false
  return mod11CheckDigit(digits, [3, 2, 7, 6, 5, 4, 3, 2]) === Number(digits[8])
}

export function isValidDanishOrganisationId(value: string): boolean {
  const digits = withoutSpaces(value)
  if (!/^[1-9]\d{7}$/.test(digits)) return false
  const weights = [2, 7, 6, 5, 4, 3, 2, 1]
  return weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0) % 11 === 0
}

/** Whether the value is a valid organisation number of the country. */
export function isValidOrganisationId(
  country: CountryCode,
  value: string,
  today: Date = new Date(),
): boolean {
  switch (country) {
    case 'FI':
      return isValidFinnishOrganisationId(value)
    case 'SE':
      return isValidSwedishOrganisationId(value, today)
    case 'NO':
      return isValidNorwegianOrganisationId(value)
    case 'DK':
      return isValidDanishOrganisationId(value)
    default:
      // a country without a checker here: no organisation number is taken as valid
      return false
  }
}

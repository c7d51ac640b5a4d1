/**
 * The card form of the hosted page: field checks (Luhn, expiry in the future, CVC) and the test
 * cards that decide the outcome. Lumopay is a test provider: only its test cards are taken, so a
 * real card number never reaches it by mistake.
 */

export type CardOutcome = 'approved' | 'card_refused' | 'serial_returner'

/** The documented test cards (README, docs/adr/0012-payments.md and the hosted page itself). */
export const TEST_CARDS: readonly { number: string; outcome: CardOutcome }[] = [
  { number: '4242424242424242', outcome: 'approved' },
  { number: '5555555555554444', outcome: 'approved' },
  { number: '4000000000000002', outcome: 'card_refused' },
  { number: '4100000000000019', outcome: 'serial_returner' },
]

export type CardField = 'cardNumber' | 'expiry' | 'cvc'
export type CardError = 'invalid' | 'unknownCard' | 'expired'

export interface CardInput {
  cardNumber?: unknown
  expiry?: unknown
  cvc?: unknown
}

export type CardCheck =
  | { ok: true; outcome: CardOutcome; last4: string }
  | { ok: false; errors: Partial<Record<CardField, CardError>> }

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** MM/YY (or MM/YYYY); valid through the last day of that month. */
export function expiryValid(value: string, now: Date): 'ok' | 'invalid' | 'expired' {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value)
  if (!match) return 'invalid'
  const month = Number(match[1])
  const yearText = match[2] ?? ''
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText)
  if (month < 1 || month > 12) return 'invalid'
  const endOfMonth = Date.UTC(year, month, 1)
  return endOfMonth > now.getTime() ? 'ok' : 'expired'
}

export function checkCard(input: CardInput, now = new Date()): CardCheck {
  const errors: Partial<Record<CardField, CardError>> = {}
  const number = text(input.cardNumber).replace(/[\s-]/g, '')
  let outcome: CardOutcome | undefined
  if (!luhnValid(number)) errors.cardNumber = 'invalid'
  else {
    outcome = TEST_CARDS.find((card) => card.number === number)?.outcome
    if (!outcome) errors.cardNumber = 'unknownCard'
  }
  const expiry = expiryValid(text(input.expiry), now)
  if (expiry !== 'ok') errors.expiry = expiry
  if (!/^\d{3,4}$/.test(text(input.cvc).trim())) errors.cvc = 'invalid'
  if (Object.keys(errors).length > 0 || !outcome) return { ok: false, errors }
  return { ok: true, outcome, last4: number.slice(-4) }
}

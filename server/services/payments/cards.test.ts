import { describe, expect, it } from 'vitest'
import { checkCard, expiryValid, luhnValid, TEST_CARDS } from './cards'

const NOW = new Date('2026-11-23T12:00:00Z')

describe('card checks', () => {
  it('accepts the Luhn-valid test cards only', () => {
    for (const card of TEST_CARDS) expect(luhnValid(card.number)).toBe(true)
    expect(luhnValid('4242424242424241')).toBe(false)
    expect(luhnValid('42')).toBe(false)
  })

  it('reads MM/YY expiries valid through the end of the month', () => {
    expect(expiryValid('11/26', NOW)).toBe('ok')
    expect(expiryValid('10/26', NOW)).toBe('expired')
    expect(expiryValid('12/2030', NOW)).toBe('ok')
    expect(expiryValid('13/30', NOW)).toBe('invalid')
    expect(expiryValid('soon', NOW)).toBe('invalid')
  })

  it('decides the outcome by test card and names every bad field', () => {
    expect(checkCard({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, NOW)).toEqual({
      ok: true,
      outcome: 'approved',
      last4: '4242',
    })
    expect(checkCard({ cardNumber: '4000000000000002', expiry: '12/30', cvc: '123' }, NOW)).toMatchObject({
      outcome: 'card_refused',
    })
    expect(checkCard({ cardNumber: '4100000000000019', expiry: '12/30', cvc: '1234' }, NOW)).toMatchObject({
      outcome: 'serial_returner',
    })
    // a Luhn-valid number that is not a test card
    expect(checkCard({ cardNumber: '4111111111111111', expiry: '01/20', cvc: 'x' }, NOW)).toEqual({
      ok: false,
      errors: { cardNumber: 'unknownCard', expiry: 'expired', cvc: 'invalid' },
    })
    expect(checkCard({}, NOW)).toEqual({
      ok: false,
      errors: { cardNumber: 'invalid', expiry: 'invalid', cvc: 'invalid' },
    })
  })
})

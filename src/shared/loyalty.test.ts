import { describe, expect, it } from 'vitest'
import {
  LOYALTY_MONEY,
  creditedAt,
  isVoucherCode,
  membershipLevel,
  payoutFor,
  payoutPeriod,
  pointsFor,
} from './loyalty'
import { CURRENCY_CODES } from './markets'

describe('points', () => {
  it('are 10 a euro, whole points only, and the same value in every currency', () => {
    expect(pointsFor(5995, 'EUR')).toBe(599)
    expect(pointsFor(11990, 'EUR')).toBe(1199)
    expect(pointsFor(9, 'EUR')).toBe(0)
    expect(pointsFor(0, 'EUR')).toBe(0)
    expect(pointsFor(-500, 'EUR')).toBe(0)
    // 649 kr ≈ 57,95 €: about 579 points, never more than its euro value gives
    expect(pointsFor(64900, 'SEK')).toBe(579)
    expect(pointsFor(69900, 'NOK')).toBe(597)
    expect(pointsFor(44900, 'DKK')).toBe(598)
  })

  it('are credited 30 days after the purchase', () => {
    const paid = new Date('2026-11-25T20:40:00Z')
    expect(creditedAt(paid).toISOString()).toBe('2026-12-25T20:40:00.000Z')
  })
})

describe('payout', () => {
  it('pays full 1,000-point steps at 2.50 € and keeps the rest', () => {
    expect(payoutFor(999, 'EUR')).toEqual({ points: 0, value: 0 })
    expect(payoutFor(1000, 'EUR')).toEqual({ points: 1000, value: 250 })
    expect(payoutFor(2499, 'EUR')).toEqual({ points: 2000, value: 500 })
    expect(payoutFor(-40, 'EUR')).toEqual({ points: 0, value: 0 })
  })

  it('rounds to whole crowns in the other currencies', () => {
    expect(payoutFor(1000, 'SEK')).toEqual({ points: 1000, value: 2800 })
    expect(payoutFor(3500, 'NOK')).toEqual({ points: 3000, value: 8700 })
    expect(payoutFor(1999, 'DKK')).toEqual({ points: 1000, value: 1900 })
    for (const currency of CURRENCY_CODES) {
      expect(LOYALTY_MONEY[currency].valuePerStep % 100, currency).toBe(currency === 'EUR' ? 50 : 0)
      expect(LOYALTY_MONEY[currency].voucherMinimumPurchase % 100, currency).toBe(0)
    }
  })

  it('happens once a quarter: four periods a year', () => {
    expect(payoutPeriod(new Date('2026-01-01T00:00:00Z'))).toBe('2026-Q1')
    expect(payoutPeriod(new Date('2026-03-31T23:59:59Z'))).toBe('2026-Q1')
    expect(payoutPeriod(new Date('2026-04-01T00:00:00Z'))).toBe('2026-Q2')
    expect(payoutPeriod(new Date('2026-12-31T23:59:59Z'))).toBe('2026-Q4')
  })
})

describe('levels and vouchers', () => {
  it('raises the level with the points of the last 12 months', () => {
    expect(membershipLevel(0)).toBe('BRONZE')
    expect(membershipLevel(1999)).toBe('BRONZE')
    expect(membershipLevel(2000)).toBe('SILVER')
    expect(membershipLevel(6000)).toBe('GOLD')
  })

  it('knows a voucher code by its prefix, whatever the case', () => {
    expect(isVoucherCode(' bonus-ab12-cd34 ')).toBe(true)
    expect(isVoucherCode('WELCOME15')).toBe(false)
  })
})

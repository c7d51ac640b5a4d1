import { describe, expect, it } from 'vitest'
import {
  checkPromoCode,
  normalisePromoCode,
  PROMO_CODE_INVALID,
  PROMO_REQUIREMENTS_NOT_MET,
  type PromoCodeRule,
} from './promo'

const now = new Date('2026-11-23T10:00:00Z')
const format = (amount: number) => `${(amount / 100).toFixed(2)} €`
const rule: PromoCodeRule = {
  code: 'WELCOME15',
  campaignName: 'Welcome 15 %',
  discount: { type: 'PERCENTAGE', percentBp: 1_500 },
  minOrderValue: 2_500,
  active: true,
  validFrom: new Date('2026-01-01T00:00:00Z'),
  validTo: new Date('2026-12-31T23:59:59Z'),
}

describe('checkPromoCode', () => {
  it('accepts a live code whose minimum is reached', () => {
    expect(checkPromoCode('welcome15', rule, 2_500, now, format)).toEqual({ ok: true, rule })
  })

  it('refuses a code below its minimum order value with RequirementsNotMet', () => {
    const result = checkPromoCode('WELCOME15', rule, 2_499, now, format)
    expect(result).toEqual({
      ok: false,
      code: PROMO_REQUIREMENTS_NOT_MET,
      message: 'The promo code WELCOME15 requires an order value of at least 25.00 €',
    })
  })

  it('calls unknown, inactive, not yet valid and expired codes invalid', () => {
    const cases: (PromoCodeRule | undefined)[] = [
      undefined,
      { ...rule, active: false },
      { ...rule, validFrom: new Date('2026-12-01T00:00:00Z') },
      { ...rule, validTo: new Date('2026-11-01T00:00:00Z') },
    ]
    for (const candidate of cases) {
      const result = checkPromoCode(' nope ', candidate, 10_000, now, format)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.code).toBe(PROMO_CODE_INVALID)
    }
  })

  it('normalises codes', () => {
    expect(normalisePromoCode('  welcome15 ')).toBe('WELCOME15')
  })
})

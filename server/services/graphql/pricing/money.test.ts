import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { STANDARD_VAT_RATE_BP } from '../../../../src/shared/markets'
import { allocate, divRound, percentOf, splitIncVat } from './money'

describe('splitIncVat', () => {
  it('splits Finnish 25.5 % and Swedish 25 % VAT', () => {
    expect(splitIncVat(12_550, STANDARD_VAT_RATE_BP.fi)).toEqual({
      incVat: 12_550,
      exVat: 10_000,
      vat: 2_550,
    })
    expect(splitIncVat(12_500, STANDARD_VAT_RATE_BP.se)).toEqual({
      incVat: 12_500,
      exVat: 10_000,
      vat: 2_500,
    })
    expect(splitIncVat(4_995, 2_500)).toEqual({ incVat: 4_995, exVat: 3_996, vat: 999 })
  })

  it('keeps inc = ex + VAT exactly, with ex within half a cent of inc / (1 + rate)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        (inc, rate) => {
          const split = splitIncVat(inc, rate)
          expect(split.exVat + split.vat).toBe(inc)
          expect(split.vat).toBeGreaterThanOrEqual(0)
          expect(Math.abs(split.exVat - (inc * 10_000) / (10_000 + rate))).toBeLessThanOrEqual(0.5)
        },
      ),
    )
  })
})

describe('rounding helpers', () => {
  it('rounds half up', () => {
    expect(divRound(5, 2)).toBe(3)
    expect(divRound(4, 3)).toBe(1)
    expect(percentOf(999, 1_500)).toBe(150)
  })

  it('allocate gives parts that add up exactly and stay proportional within one unit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (weights, wanted) => {
          const sum = weights.reduce((a, b) => a + b, 0)
          const total = Math.min(wanted, sum)
          const parts = allocate(total, weights)
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total)
          parts.forEach((part, i) => {
            const exact = (total * (weights[i] ?? 0)) / sum
            expect(Math.abs(part - exact)).toBeLessThan(1)
            expect(part).toBeLessThanOrEqual(weights[i] ?? 0)
          })
        },
      ),
    )
  })

  it('allocate refuses zero weights with something to spread', () => {
    expect(() => allocate(10, [0, 0])).toThrow(RangeError)
    expect(allocate(0, [0, 0])).toEqual([0, 0])
  })
})

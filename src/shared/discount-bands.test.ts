import { describe, expect, it } from 'vitest'
import { DISCOUNT_BANDS, discountBandOf } from './discount-bands'

describe('discountBandOf', () => {
  it.each([
    [0, [0, 5]],
    [0.4, [0, 5]],
    [5.4, [0, 5]],
    [5.5, [6, 10]],
    [30, [21, 30]],
    [100, [81, 100]],
  ])('%s %% → %j', (percentage, band) => {
    expect(discountBandOf(percentage)).toEqual(band)
  })

  it.each([-1, 100.5, Number.NaN, Number.POSITIVE_INFINITY])('%s %% is in no band', (percentage) => {
    expect(discountBandOf(percentage)).toBeUndefined()
  })

  it('covers every whole percent from 0 to 100 exactly once', () => {
    for (let percent = 0; percent <= 100; percent++) {
      expect(DISCOUNT_BANDS.filter(([from, to]) => percent >= from && percent <= to)).toHaveLength(1)
    }
  })
})

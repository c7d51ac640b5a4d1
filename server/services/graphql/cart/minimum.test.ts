import { describe, expect, it } from 'vitest'
import { minimumOrderCheck } from './minimum'

describe('minimum order value', () => {
  it('is absent when the market has none', () => {
    expect(minimumOrderCheck(null, 5000, 1)).toBeNull()
    expect(minimumOrderCheck(undefined, 5000, 1)).toBeNull()
  })

  it('tells what is left, and is reached at the minimum exactly', () => {
    expect(minimumOrderCheck(1000, 999, 1)).toEqual({ amount: 1000, left: 1, isReached: false })
    expect(minimumOrderCheck(1000, 1000, 1)).toEqual({ amount: 1000, left: 0, isReached: true })
    expect(minimumOrderCheck(1000, 5995, 2)).toEqual({ amount: 1000, left: 0, isReached: true })
  })

  it('an empty cart never reaches it, even with a zero minimum', () => {
    expect(minimumOrderCheck(0, 0, 0)).toEqual({ amount: 0, left: 0, isReached: false })
  })
})

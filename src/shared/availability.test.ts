import { describe, expect, it } from 'vitest'
import { AVAILABILITY_TIERS, availabilityRank, type AvailabilityFacts } from './availability'

const today = '2026-12-02'
const released: AvailabilityFacts = {
  firstAvailableOn: '2026-10-01',
  stockInStock: 0,
  stockStatic: 0,
  stockTotal: 0,
  lastIncomingOn: null,
}
const tier = (facts: Partial<AvailabilityFacts>) =>
  AVAILABILITY_TIERS[availabilityRank({ ...released, ...facts }, today)]

describe('availabilityRank', () => {
  it('puts plenty in stock and static stock first', () => {
    expect(tier({ stockInStock: 7, stockTotal: 7 })).toBe('IN_STOCK')
    expect(tier({ stockStatic: 1, stockTotal: 1 })).toBe('IN_STOCK')
  })

  it('puts few left (≤ 6) and made to order second', () => {
    expect(tier({ stockInStock: 6, stockTotal: 6 })).toBe('FEW_LEFT')
    expect(tier({ stockInStock: 1, stockTotal: 1 })).toBe('FEW_LEFT')
    expect(tier({ stockTotal: 3 })).toBe('FEW_LEFT') // oversellable only
  })

  it('counts a product not released yet as incoming, whatever its stock', () => {
    expect(tier({ firstAvailableOn: '2026-12-03', stockInStock: 50, stockTotal: 50 })).toBe('INCOMING')
  })

  it('counts a sold-out product with a restock date ahead as incoming, a past one as sold out', () => {
    expect(tier({ lastIncomingOn: today })).toBe('INCOMING')
    expect(tier({ lastIncomingOn: '2026-12-20' })).toBe('INCOMING')
    expect(tier({ lastIncomingOn: '2026-11-30' })).toBe('SOLD_OUT')
    expect(tier({})).toBe('SOLD_OUT')
  })
})

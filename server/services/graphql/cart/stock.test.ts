import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { MAX_UNITS_PER_SKU } from '../../../../src/shared/order-limits'
import { maxOrderableQuantity, planStockDecrement } from './stock'

describe('stock rules', () => {
  it('limits ordinary stock to what is in stock', () => {
    expect(maxOrderableQuantity({ inStock: 5, oversellable: 0, static: 0 })).toBe(5)
    expect(planStockDecrement({ inStock: 5, oversellable: 0, static: 0 }, 6)).toBeNull()
    expect(planStockDecrement({ inStock: 5, oversellable: 0, static: 0 }, 5)).toEqual({
      fromInStock: 5,
      fromOversellable: 0,
    })
  })

  it('sells beyond stock up to the oversellable amount, capped at the order limit', () => {
    expect(maxOrderableQuantity({ inStock: 2, oversellable: 3, static: 0 })).toBe(5)
    expect(planStockDecrement({ inStock: 2, oversellable: 3, static: 0 }, 4)).toEqual({
      fromInStock: 2,
      fromOversellable: 2,
    })
    expect(maxOrderableQuantity({ inStock: 0, oversellable: 500, static: 0 })).toBe(MAX_UNITS_PER_SKU)
  })

  it('never lets one order take more than the per-size limit, however much is in stock', () => {
    expect(maxOrderableQuantity({ inStock: 157, oversellable: 0, static: 0 })).toBe(MAX_UNITS_PER_SKU)
    expect(planStockDecrement({ inStock: 157, oversellable: 0, static: 0 }, MAX_UNITS_PER_SKU + 1)).toBeNull()
  })

  it('never decrements static stock', () => {
    expect(maxOrderableQuantity({ inStock: 0, oversellable: 0, static: 1 })).toBe(MAX_UNITS_PER_SKU)
    expect(planStockDecrement({ inStock: 3, oversellable: 0, static: 1 }, MAX_UNITS_PER_SKU)).toEqual({
      fromInStock: 0,
      fromOversellable: 0,
    })
  })

  it('never plans a decrement that leaves a counter negative', () => {
    fc.assert(
      fc.property(
        fc.record({ inStock: fc.nat(200), oversellable: fc.nat(200), static: fc.nat(3) }),
        fc.nat(150),
        (stock, quantity) => {
          const plan = planStockDecrement(stock, quantity)
          if (!plan) {
            expect(quantity).toBeGreaterThan(maxOrderableQuantity(stock))
            return
          }
          expect(plan.fromInStock).toBeLessThanOrEqual(stock.inStock)
          expect(plan.fromOversellable).toBeLessThanOrEqual(stock.oversellable)
          expect(plan.fromInStock + plan.fromOversellable).toBe(stock.static > 0 ? 0 : quantity)
        },
      ),
    )
  })
})

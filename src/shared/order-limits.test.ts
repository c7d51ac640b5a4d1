import { describe, expect, it } from 'vitest'
import { MAX_UNITS_PER_ORDER, MAX_UNITS_PER_SKU, quantityLimitBreach } from './order-limits'

describe('quantityLimitBreach', () => {
  it('accepts up to the limits', () => {
    expect(quantityLimitBreach([{ skuId: 1, quantity: MAX_UNITS_PER_SKU }])).toBeNull()
    const full = Array.from({ length: MAX_UNITS_PER_ORDER / MAX_UNITS_PER_SKU }, (_, skuId) => ({
      skuId,
      quantity: MAX_UNITS_PER_SKU,
    }))
    expect(quantityLimitBreach(full)).toBeNull()
  })

  it('names the size over the per-size limit, counting its lines together', () => {
    expect(quantityLimitBreach([{ skuId: 7, quantity: MAX_UNITS_PER_SKU + 1 }])).toEqual({
      per: 'sku',
      limit: MAX_UNITS_PER_SKU,
      skuId: 7,
    })
    expect(
      quantityLimitBreach([
        { skuId: 7, quantity: 6 },
        { skuId: 7, quantity: 5 },
      ]),
    ).toMatchObject({ per: 'sku', skuId: 7 })
  })

  it('refuses more units in all than the per-order limit', () => {
    const lines = Array.from({ length: MAX_UNITS_PER_ORDER + 1 }, (_, skuId) => ({ skuId, quantity: 1 }))
    expect(quantityLimitBreach(lines)).toEqual({ per: 'order', limit: MAX_UNITS_PER_ORDER })
  })
})

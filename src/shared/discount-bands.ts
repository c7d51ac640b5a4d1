/**
 * The discount bands of docs/product-rules.md#catalogue-and-lists, in whole percent: analytics' `sales_type` and the product list's
 * discount facet (`di_0-5`) use the same ones. The first band starts at 0 as the spec writes it:
 * a price cut under half a percent rounds to 0 and still belongs to a band (the facet counts only
 * products whose price is actually cut, so a full price never lands in `0-5`).
 */
export type DiscountBand = readonly [from: number, to: number]

export const DISCOUNT_BANDS: readonly DiscountBand[] = [
  [0, 5],
  [6, 10],
  [11, 15],
  [16, 20],
  [21, 30],
  [31, 40],
  [41, 50],
  [51, 60],
  [61, 70],
  [71, 80],
  [81, 100],
]

/** The band a discount falls in, rounded to whole percent; undefined outside 0–100 %. */
export function discountBandOf(percentage: number): DiscountBand | undefined {
  if (!Number.isFinite(percentage)) return undefined
  const rounded = Math.round(percentage)
  return DISCOUNT_BANDS.find(([from, to]) => rounded >= from && rounded <= to)
}

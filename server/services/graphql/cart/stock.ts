/**
 * Stock rules for one SKU (Geins StockType): `inStock` is sold first and decremented; an
 * `oversellable` amount may be sold beyond it (made to order) and is decremented next; `static`
 * stock is never decremented (always available). No counter ever goes below zero.
 * One order takes at most MAX_UNITS_PER_SKU of a size (src/shared/order-limits.ts, ADR 0025).
 */
import { MAX_UNITS_PER_SKU } from '../../../../src/shared/order-limits'

export interface SkuStock {
  inStock: number
  oversellable: number
  static: number
}

/** The most a shopper may order of one SKU: what the stock allows, never more than the order limit. */
export function maxOrderableQuantity(stock: SkuStock): number {
  if (stock.static > 0) return MAX_UNITS_PER_SKU
  if (stock.oversellable > 0) return Math.min(MAX_UNITS_PER_SKU, stock.inStock + stock.oversellable)
  return Math.min(MAX_UNITS_PER_SKU, Math.max(0, stock.inStock))
}

export interface StockDecrement {
  fromInStock: number
  fromOversellable: number
}

/** How an order of `quantity` draws on the stock, or null when it cannot be served. */
export function planStockDecrement(stock: SkuStock, quantity: number): StockDecrement | null {
  if (quantity > maxOrderableQuantity(stock)) return null
  if (stock.static > 0) return { fromInStock: 0, fromOversellable: 0 }
  const fromInStock = Math.min(quantity, stock.inStock)
  return { fromInStock, fromOversellable: quantity - fromInStock }
}

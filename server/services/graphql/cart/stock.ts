/**
 * Stock rules for one SKU (Geins StockType): `inStock` is sold first and decremented; an
 * `oversellable` amount may be sold beyond it (made to order) and is decremented next; `static`
 * stock is never decremented (always available). No counter ever goes below zero.
 */
export interface SkuStock {
  inStock: number
  oversellable: number
  static: number
}

/** The most a shopper may order of one SKU: static and oversellable items are capped at 99. */
export const MAX_LINE_QUANTITY = 99

export function maxOrderableQuantity(stock: SkuStock): number {
  if (stock.static > 0) return MAX_LINE_QUANTITY
  if (stock.oversellable > 0) return Math.min(MAX_LINE_QUANTITY, stock.inStock + stock.oversellable)
  return Math.max(0, stock.inStock)
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

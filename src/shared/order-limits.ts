/**
 * How much one order may hold (docs/adr/0025-order-abuse-and-outbox.md): a size (SKU) at most
 * MAX_UNITS_PER_SKU times and MAX_UNITS_PER_ORDER units in all, so one order cannot buy out a size.
 * The commerce API enforces them when the cart changes and again in placeOrder; the cart UI stops
 * its + button at the same numbers.
 */
export const MAX_UNITS_PER_SKU = 10
export const MAX_UNITS_PER_ORDER = 50

/** The GraphQL error's `extensions.reason` when a quantity is over one of the limits. */
export const QUANTITY_LIMIT_REASON = 'QUANTITY_LIMIT'

export interface QuantityLimitBreach {
  per: 'sku' | 'order'
  limit: number
  skuId?: number
}

/** The first limit the lines break, or null when they keep both. */
export function quantityLimitBreach(
  lines: readonly { skuId: number; quantity: number }[],
): QuantityLimitBreach | null {
  const perSku = new Map<number, number>()
  let total = 0
  for (const line of lines) {
    perSku.set(line.skuId, (perSku.get(line.skuId) ?? 0) + line.quantity)
    total += line.quantity
  }
  for (const [skuId, quantity] of perSku) {
    if (quantity > MAX_UNITS_PER_SKU) return { per: 'sku', limit: MAX_UNITS_PER_SKU, skuId }
  }
  return total > MAX_UNITS_PER_ORDER ? { per: 'order', limit: MAX_UNITS_PER_ORDER } : null
}

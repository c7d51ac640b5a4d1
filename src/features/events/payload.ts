/**
 * Reading the loosely typed payloads shop events carry (src/features/events/listeners.ts lists
 * them), and the cart line the cart's and the checkout's events share. Kept apart from the
 * delivery, which is a chunk of its own loaded once there is an event to deliver: these run where
 * the events are recorded.
 */

export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

/** One cart line as the events carry it: the product with the line's unit price, and the size. */
export function cartEventLine(item: {
  product?: unknown
  unitPrice?: unknown
  quantity: number
  skuId?: unknown
}): { product: Record<string, unknown>; quantity: number; variant?: string } {
  const product = record(item.product)
  const skus = Array.isArray(product.skus) ? product.skus.map(record) : []
  const size = text(skus.find((sku) => String(sku.skuId) === String(item.skuId))?.name)
  const line: { product: Record<string, unknown>; quantity: number; variant?: string } = {
    product: {
      productId: product.productId,
      articleNumber: product.articleNumber,
      name: product.name,
      brand: product.brand,
      primaryCategory: product.primaryCategory,
      unitPrice: item.unitPrice ?? product.unitPrice,
    },
    quantity: item.quantity,
  }
  if (size) line.variant = size
  return line
}

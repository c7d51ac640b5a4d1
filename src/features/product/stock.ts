/** The stock line of a size (docs/product-rules.md#product-page: in stock, few left, out of stock, made to order, static). */
import type { ProductSku, StockStatus } from './types'

/** The message id of each stock status. Static stock is always available: it reads as in stock. */
export const STOCK_MESSAGE_ID: Record<StockStatus, string> = {
  IN_STOCK: 'product.stock.inStock',
  FEW_LEFT: 'product.stock.fewLeft',
  OUT_OF_STOCK: 'product.stock.outOfStock',
  OVERSELLABLE: 'product.stock.madeToOrder',
  STATIC: 'product.stock.inStock',
}

/** A size without a status from the API counts as sold out: never offer what may not exist. */
export function statusOf(sku: Pick<ProductSku, 'stockStatus'>): StockStatus {
  return sku.stockStatus ?? 'OUT_OF_STOCK'
}

/** Whether the size can go into the cart (everything but sold out). */
export function isPurchasable(sku: Pick<ProductSku, 'stockStatus'>): boolean {
  return statusOf(sku) !== 'OUT_OF_STOCK'
}

/** The size a page opens with: the only size of a one-size product, else none (the shopper picks). */
export function initialSkuId(skus: readonly ProductSku[]): number | null {
  const only = skus.length === 1 ? skus[0] : undefined
  return only && isPurchasable(only) ? only.skuId : null
}

export type AddToCartCheck = { ok: true; skuId: number } | { ok: false; messageId: string }

/**
 * docs/product-rules.md#product-page: a size must be chosen first ('Sinun on ensin valittava koko'); a sold-out size cannot
 * be added (its back-in-stock form is offered instead).
 */
export function checkAddToCart(skus: readonly ProductSku[], selectedSkuId: number | null): AddToCartCheck {
  const sku = skus.find((candidate) => candidate.skuId === selectedSkuId)
  if (!sku) return { ok: false, messageId: 'validation.size' }
  if (!isPurchasable(sku)) return { ok: false, messageId: 'product.stock.outOfStock' }
  return { ok: true, skuId: sku.skuId }
}

/**
 * Pure cart rules the UI and the thunks share (docs/product-rules.md#cart): how many of a size a shopper may
 * order, when the threshold message shows, which text an API error becomes, whether a code is a
 * loyalty bonus voucher, and which amount (inc or ex VAT) a customer sees.
 */
import { LOYALTY_VOUCHER_PREFIX } from '../loyalty/slice'
import { CART_ERROR_CODES, type CartApiError } from './errors'
import type { CartItem, CartPrice, CartSkuStock, CartView } from './types'
import { listItems } from '../../graphql/list-items'
import { MAX_UNITS_PER_SKU, QUANTITY_LIMIT_REASON } from '../../shared/order-limits'
import {
  orderMoneyFromCartSummary,
  presentOrderMoney,
  type MoneyPresentation,
} from '../../shared/order-money'
import type { CurrencyCode } from '../../shared/markets'

/** docs/product-rules.md#cart: a bonus voucher needs a purchase of at least 25 euro. */
export const VOUCHER_MINIMUM_PURCHASE_EUR = 25

/** The most of a size one cart line may hold (server/services/graphql/cart/stock.ts). */
export function maxOrderable(stock: CartSkuStock | null | undefined): number {
  return Math.min(MAX_UNITS_PER_SKU, stockAllows(stock))
}

/** What the stock alone would allow (static stock: no end). */
function stockAllows(stock: CartSkuStock | null | undefined): number {
  if (!stock || (stock.static ?? 0) > 0) return Number.POSITIVE_INFINITY
  if (stock.oversellable > 0) return stock.inStock + stock.oversellable
  return Math.max(0, stock.inStock)
}

/** True when the order limit (ADR 0025), not the stock, is what stops the line growing. */
export function limitedByOrderLimit(stock: CartSkuStock | null | undefined): boolean {
  return stockAllows(stock) > MAX_UNITS_PER_SKU
}

export function lineStock(item: CartItem): CartSkuStock | null {
  return listItems(item.product?.skus).find((sku) => sku.skuId === item.skuId)?.stock ?? null
}

/** docs/product-rules.md#cart: the threshold message shows once the quantity in the cart has reached what can be ordered. */
export function thresholdReached(item: CartItem): boolean {
  return item.quantity >= maxOrderable(lineStock(item))
}

export function sizeName(item: CartItem): string | null {
  return listItems(item.product?.skus).find((sku) => sku.skuId === item.skuId)?.name ?? null
}

/** The search service's key of a line's size: the SKU's article number (docs/service-contracts.md#search-api `cart[]`). */
export function variantKeyOf(item: CartItem): string | undefined {
  return listItems(item.product?.skus).find((sku) => sku.skuId === item.skuId)?.articleNumber ?? undefined
}

/** The variant keys of the cart's lines, for the cart's recommendations. */
export function cartVariantKeys(cart: { items: CartItem[] }): string[] {
  return cart.items.flatMap((item) => {
    const key = variantKeyOf(item)
    return key ? [key] : []
  })
}

/** docs/product-rules.md#cart loyalty: bonus vouchers are promo codes with the voucher prefix. */
export function isBonusVoucher(code: string): boolean {
  return code.trim().toUpperCase().startsWith(LOYALTY_VOUCHER_PREFIX)
}

export interface CartMessage {
  id: string
  values?: Record<string, string | number>
}

export type CartOperation = 'add' | 'update' | 'promo'

/**
 * The shopper's text for an API error (docs/product-rules.md#cart): not more than stock ('only {stock} left'),
 * invalid promo code, requirements not met for a code or a bonus voucher (a voucher's
 * requirement is the 25 euro minimum purchase), invalid bonus voucher; anything else the
 * generic message.
 */
export function cartErrorMessage(
  error: Pick<CartApiError, 'code' | 'extensions'>,
  operation: CartOperation,
  context: { code?: string; voucherMinimum?: string } = {},
): CartMessage {
  if (error.extensions.reason === QUANTITY_LIMIT_REASON) {
    return { id: 'cart.error.quantityLimit', values: { limit: Number(error.extensions.limit) } }
  }
  if (error.code === CART_ERROR_CODES.outOfStock) {
    const stock = Number(error.extensions.stock)
    return Number.isFinite(stock) && stock > 0
      ? { id: 'validation.stock', values: { stock } }
      : { id: 'cart.error.outOfStock' }
  }
  if (operation === 'promo') {
    const voucher = isBonusVoucher(context.code ?? '')
    if (error.code === CART_ERROR_CODES.requirementsNotMet) {
      return voucher
        ? {
            id: 'cart.voucher.minimumPurchase',
            values: { amount: context.voucherMinimum ?? `${VOUCHER_MINIMUM_PURCHASE_EUR} €` },
          }
        : { id: 'cart.promo.requirementsNotMet' }
    }
    if (error.code === CART_ERROR_CODES.invalidPromoCode || error.code === CART_ERROR_CODES.badUserInput) {
      return { id: voucher ? 'cart.voucher.invalid' : 'cart.promo.invalid' }
    }
  }
  return { id: 'error.generic.text' }
}

/** A cart id the API no longer answers for (completed, another user's, unknown): start a new cart. */
export function isLostCart(error: Pick<CartApiError, 'code'>): boolean {
  return error.code === CART_ERROR_CODES.notFound || error.code === CART_ERROR_CODES.cartCompleted
}

/** The formatted amount a customer sees: inc VAT for private persons, ex VAT for business customers. */
export function shownPrice(
  price: Pick<CartPrice, 'sellingPriceIncVatFormatted' | 'sellingPriceExVatFormatted'> | null | undefined,
  vatIncluded: boolean,
): string {
  if (!price) return ''
  return (vatIncluded ? price.sellingPriceIncVatFormatted : price.sellingPriceExVatFormatted) ?? ''
}

/** What lineChanges reads of a line: a cart view's line, or the cart slice's stored copy of one. */
interface Line {
  skuId: number | string
  quantity: number
}

export interface LineChange<TLine extends Line = CartItem> {
  skuId: TLine['skuId']
  /** positive: added; negative: removed */
  delta: number
  item: TLine
}

/** What changed between two versions of the same cart, line by line (for cart:add / cart:remove). */
export function lineChanges<TLine extends Line>(
  before: { items: readonly TLine[] },
  after: { items: readonly TLine[] },
): LineChange<TLine>[] {
  const changes: LineChange<TLine>[] = []
  const beforeBySku = new Map(before.items.map((item) => [item.skuId, item]))
  for (const item of after.items) {
    const delta = item.quantity - (beforeBySku.get(item.skuId)?.quantity ?? 0)
    if (delta !== 0) changes.push({ skuId: item.skuId, delta, item })
    beforeBySku.delete(item.skuId)
  }
  for (const item of beforeBySku.values()) changes.push({ skuId: item.skuId, delta: -item.quantity, item })
  return changes
}

export interface FreeShippingProgressView {
  reached: boolean
  leftFormatted: string
  /** 0–100 */
  percent: number
}

/**
 * Where the cart stands against the free-shipping threshold: the API's amount left, and the share
 * of the threshold the goods (after discounts, in the customer's VAT view) already cover. Null
 * without a shipping option or an empty cart.
 */
export function freeShippingProgress(
  cart: Pick<CartView, 'items' | 'summary'>,
  vatIncluded: boolean,
): FreeShippingProgressView | null {
  const shipping = cart.summary?.shipping
  if (!shipping || cart.items.length === 0) return null
  const left = Math.max(0, shipping.amountLeftToFreeShipping)
  // nothing left to reach but still a fee: this shipping option has no free-shipping threshold
  if (left === 0 && shipping.feeIncVat > 0) return null
  const subTotal = cart.summary?.subTotal
  const goodsBefore = (vatIncluded ? subTotal?.sellingPriceIncVat : subTotal?.sellingPriceExVat) ?? 0
  const discount =
    (vatIncluded ? cart.summary?.fixedAmountDiscountIncVat : cart.summary?.fixedAmountDiscountExVat) ?? 0
  const goods = Math.max(0, goodsBefore - discount)
  const threshold = goods + left
  const percent = left === 0 || threshold <= 0 ? 100 : Math.min(100, Math.round((goods / threshold) * 100))
  return {
    reached: left === 0,
    leftFormatted: shipping.amountLeftToFreeShippingFormatted ?? String(left),
    percent,
  }
}

/** The cart's money rows in the customer's VAT view (inc VAT for PERSON, ex VAT for business). */
export function cartMoney(
  cart: Pick<CartView, 'summary' | 'promoCode'>,
  vatIncluded: boolean,
  currency: CurrencyCode,
): MoneyPresentation {
  return presentOrderMoney(
    orderMoneyFromCartSummary(cart.summary, { vatIncluded, code: cart.promoCode, currency }),
  )
}

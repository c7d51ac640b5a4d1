/**
 * From database rows (minor units, flags) to the API's shapes: PriceType, LowestPriceType,
 * StockType, stock status and badges. Pure functions, unit-tested in model.test.ts.
 */
import { formatMoney, splitIncVat, toDecimal, type Minor } from '../pricing/money'
import type { RequestScope } from '../context'
import { FEW_LEFT_THRESHOLD } from '../../../../src/shared/availability'

export interface PriceInput {
  regularIncVat: Minor
  sellingIncVat: Minor
  vatRateBp: number
}

function percentOff(from: Minor, to: Minor): number {
  if (from <= 0 || to >= from) return 0
  return Math.round(((from - to) * 100) / from)
}

/** The amount formatted in the scope's market currency and language. */
function formatted(amount: Minor, scope: RequestScope): string {
  return formatMoney(amount, scope.market.currencyCode, scope.locale)
}

/** PriceType in the scope's market currency, formatted in the scope's language. */
export function priceType(input: PriceInput, scope: RequestScope) {
  const selling = splitIncVat(input.sellingIncVat, input.vatRateBp)
  const regular = splitIncVat(input.regularIncVat, input.vatRateBp)
  const discountIncVat = Math.max(regular.incVat - selling.incVat, 0)
  const discountExVat = Math.max(regular.exVat - selling.exVat, 0)
  const f = (amount: Minor) => formatted(amount, scope)
  return {
    sellingPriceIncVat: toDecimal(selling.incVat),
    sellingPriceExVat: toDecimal(selling.exVat),
    regularPriceIncVat: toDecimal(regular.incVat),
    regularPriceExVat: toDecimal(regular.exVat),
    discountIncVat: toDecimal(discountIncVat),
    discountExVat: toDecimal(discountExVat),
    discountPercentage: percentOff(regular.incVat, selling.incVat),
    vat: toDecimal(selling.vat),
    isDiscounted: selling.incVat < regular.incVat,
    sellingPriceIncVatFormatted: f(selling.incVat),
    sellingPriceExVatFormatted: f(selling.exVat),
    regularPriceIncVatFormatted: f(regular.incVat),
    regularPriceExVatFormatted: f(regular.exVat),
    discountIncVatFormatted: f(discountIncVat),
    discountExVatFormatted: f(discountExVat),
    vatFormatted: f(selling.vat),
    currency: {
      name: scope.market.currencyName,
      symbol: scope.market.currencySymbol,
      code: scope.market.currencyCode,
      rate: 1,
    },
  }
}

/**
 * The EU price rule (Omnibus directive): a discount is shown against the lowest price of the
 * 30 days before it. comparison = lowest logged selling price of the previous 30 days (the regular
 * price when nothing is logged); lowest = the lower of that and today's price.
 */
export function lowestPriceType(input: PriceInput & { lowest30dIncVat: Minor | null }, scope: RequestScope) {
  const comparisonIncVat = input.lowest30dIncVat ?? input.regularIncVat
  const selling = splitIncVat(input.sellingIncVat, input.vatRateBp)
  const comparison = splitIncVat(comparisonIncVat, input.vatRateBp)
  const lowest = splitIncVat(Math.min(comparisonIncVat, input.sellingIncVat), input.vatRateBp)
  const discountIncVat = Math.max(comparison.incVat - selling.incVat, 0)
  const discountExVat = Math.max(comparison.exVat - selling.exVat, 0)
  const f = (amount: Minor) => formatted(amount, scope)
  return {
    sellingPriceIncVat: toDecimal(selling.incVat),
    sellingPriceExVat: toDecimal(selling.exVat),
    comparisonPriceIncVat: toDecimal(comparison.incVat),
    comparisonPriceExVat: toDecimal(comparison.exVat),
    lowestPriceIncVat: toDecimal(lowest.incVat),
    lowestPriceExVat: toDecimal(lowest.exVat),
    discountIncVat: toDecimal(discountIncVat),
    discountExVat: toDecimal(discountExVat),
    discountPercentage: percentOff(comparison.incVat, selling.incVat),
    vat: toDecimal(selling.vat),
    isDiscounted: selling.incVat < comparison.incVat,
    sellingPriceIncVatFormatted: f(selling.incVat),
    sellingPriceExVatFormatted: f(selling.exVat),
    comparisonPriceIncVatFormatted: f(comparison.incVat),
    comparisonPriceExVatFormatted: f(comparison.exVat),
    lowestPriceIncVatFormatted: f(lowest.incVat),
    lowestPriceExVatFormatted: f(lowest.exVat),
    discountIncVatFormatted: f(discountIncVat),
    discountExVatFormatted: f(discountExVat),
    vatFormatted: f(selling.vat),
  }
}

export interface StockInput {
  inStock: number
  oversellable: number
  static: number
  incoming: string | null
}

export function stockType(stock: StockInput) {
  return {
    totalStock: stock.inStock + stock.oversellable + stock.static,
    inStock: stock.inStock,
    oversellable: stock.oversellable,
    static: stock.static,
    incoming: stock.incoming,
  }
}

export { FEW_LEFT_THRESHOLD }

export type StockStatus = 'IN_STOCK' | 'FEW_LEFT' | 'OUT_OF_STOCK' | 'OVERSELLABLE' | 'STATIC'

export function stockStatus(stock: StockInput): StockStatus {
  if (stock.static > 0) return 'STATIC'
  if (stock.inStock > FEW_LEFT_THRESHOLD) return 'IN_STOCK'
  if (stock.inStock > 0) return 'FEW_LEFT'
  if (stock.oversellable > 0) return 'OVERSELLABLE'
  return 'OUT_OF_STOCK'
}

export type ProductBadge =
  | 'NEW'
  | 'BESTSELLER'
  | 'COLLAB'
  | 'SUSTAINABLE'
  | 'SIZES'
  | 'PETITE'
  | 'OUT_OF_STOCK'
  | 'OUTLET'
  | 'INCOMING'

/** A product first available within this many days is new. */
export const NEW_PRODUCT_DAYS = 30
/** Units sold from which a product counts as a bestseller (about the top tenth of the catalogue). */
export const BESTSELLER_MIN_SALES = 400

export interface BadgeInput {
  firstAvailableOn: string
  salesCount: number
  isCollab: boolean
  isSustainable: boolean
  hasExtendedSizes: boolean
  isPetite: boolean
  isOutlet: boolean
  stock: StockInput
}

function daysBetween(fromIsoDate: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${fromIsoDate}T00:00:00Z`)) / 86_400_000)
}

/** Incoming: not yet released, or sold out with a restock date ahead. */
export function isIncoming(input: Pick<BadgeInput, 'firstAvailableOn' | 'stock'>, today: string): boolean {
  if (input.firstAvailableOn > today) return true
  return (
    stockStatus(input.stock) === 'OUT_OF_STOCK' &&
    input.stock.incoming !== null &&
    input.stock.incoming >= today
  )
}

/** The badges in the order the product card shows them. `today` is 'YYYY-MM-DD' (UTC). */
export function productBadges(input: BadgeInput, today: string): ProductBadge[] {
  const badges: ProductBadge[] = []
  const incoming = isIncoming(input, today)
  const age = daysBetween(input.firstAvailableOn, today)
  if (!incoming && age >= 0 && age <= NEW_PRODUCT_DAYS) badges.push('NEW')
  if (input.salesCount >= BESTSELLER_MIN_SALES) badges.push('BESTSELLER')
  if (input.isCollab) badges.push('COLLAB')
  if (input.isSustainable) badges.push('SUSTAINABLE')
  if (input.hasExtendedSizes) badges.push('SIZES')
  if (input.isPetite) badges.push('PETITE')
  if (input.isOutlet) badges.push('OUTLET')
  if (incoming) badges.push('INCOMING')
  else if (stockStatus(input.stock) === 'OUT_OF_STOCK') badges.push('OUT_OF_STOCK')
  return badges
}

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}

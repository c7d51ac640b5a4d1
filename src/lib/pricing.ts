/**
 * Which price a shopper sees (docs/product-rules.md#customer-types-and-prices: price and lowest price, customer type, roles, the
 * 30-day lowest-price reference) and which badges a product card shows. Pure functions without
 * React; `src/ui/Price.tsx` and `src/ui/ProductCard.tsx` render what these decide.
 *
 * The commerce API always answers both inc- and ex-VAT amounts (docs/adr/0003): the storefront
 * picks one set per the store's `vatIncluded`, which follows the customer type's configured entry
 * (PERSON, STUDENT, CURVE: inc VAT; ORGANIZATION: ex VAT).
 */
import type { LowestPriceFieldsFragment, PriceFieldsFragment } from '../graphql/generated'

/** The PriceType fields the storefront reads (graphql/operations/price-fields.graphql). */
export type PriceFields = PriceFieldsFragment

/** The LowestPriceType fields the storefront reads (EU price rule, 30 days). */
export type LowestPriceFields = LowestPriceFieldsFragment

/** docs/product-rules.md#customer-types-and-prices: the lowest-price reference period. */
export const LOWEST_PRICE_DAYS = 30

export interface PriceDisplay {
  /** the price to pay, formatted in the market's currency */
  selling: string
  /** the regular price, struck through; only when discounted */
  regular: string | null
  /** whole percent off the regular price; only when discounted */
  discountPercentage: number | null
  /** the amounts are without VAT (an ORGANIZATION shopper) */
  exVat: boolean
}

/**
 * A formatted amount, or a plain rendering of the number when the API left the formatted string
 * out (it never does for prices; this keeps a missing field from showing an empty price).
 */
function formatted(text: string | null | undefined, amount: number): string {
  return text ?? amount.toFixed(2)
}

/**
 * The price as shown: the inc- or ex-VAT amounts per `vatIncluded`; the regular price only when
 * the product is discounted and the regular amount is really higher (never a struck-through price
 * equal to the selling price).
 */
export function priceDisplay(price: PriceFields, vatIncluded: boolean): PriceDisplay {
  const selling = vatIncluded
    ? formatted(price.sellingPriceIncVatFormatted, price.sellingPriceIncVat)
    : formatted(price.sellingPriceExVatFormatted, price.sellingPriceExVat)
  const regularAmount = vatIncluded ? price.regularPriceIncVat : price.regularPriceExVat
  const sellingAmount = vatIncluded ? price.sellingPriceIncVat : price.sellingPriceExVat
  const discounted = price.isDiscounted && regularAmount > sellingAmount
  const regular = discounted
    ? vatIncluded
      ? formatted(price.regularPriceIncVatFormatted, price.regularPriceIncVat)
      : formatted(price.regularPriceExVatFormatted, price.regularPriceExVat)
    : null
  return {
    selling,
    regular,
    discountPercentage: discounted && price.discountPercentage > 0 ? price.discountPercentage : null,
    exVat: !vatIncluded,
  }
}

/**
 * The 30-day lowest-price notice (EU price indication rule): shown with every reduced price, and
 * only then. It names the comparison price: the lowest selling price of the 30 days before the
 * current price took effect, in the same VAT mode as the price beside it.
 */
export function lowestPriceNotice(
  price: Pick<PriceFields, 'isDiscounted' | 'regularPriceIncVat' | 'sellingPriceIncVat'>,
  lowestPrice: LowestPriceFields | null | undefined,
  vatIncluded: boolean,
): string | null {
  if (!lowestPrice) return null
  if (!price.isDiscounted || !(price.regularPriceIncVat > price.sellingPriceIncVat)) return null
  return vatIncluded
    ? formatted(lowestPrice.comparisonPriceIncVatFormatted, lowestPrice.comparisonPriceIncVat)
    : formatted(lowestPrice.comparisonPriceExVatFormatted, lowestPrice.comparisonPriceExVat)
}

// ------------------------------------------------------------------------------ customer types

export interface CustomerTypeConfig {
  type: string
  vat: boolean
}

/** docs/product-rules.md#customer-types-and-prices: the VAT display of a customer type is its configured entry's; unknown types show VAT. */
export function vatIncludedFor(type: string, customerTypes: readonly CustomerTypeConfig[]): boolean {
  return customerTypes.find((entry) => entry.type === type)?.vat ?? true
}

export type CustomerTypeKind = 'person' | 'organization' | 'student' | 'curve'

/**
 * docs/product-rules.md#customer-types-and-prices: PERSON is a private person; student and curve types are recognised by 'student' or
 * 'curve' in the type (any case); any other configured type is a business type.
 */
export function customerTypeKind(type: string): CustomerTypeKind {
  const lower = type.toLowerCase()
  if (lower === 'person') return 'person'
  if (lower.includes('student')) return 'student'
  if (lower.includes('curve')) return 'curve'
  return 'organization'
}

// ------------------------------------------------------------------------------------- badges

export const PRODUCT_BADGES = [
  'NEW',
  'BESTSELLER',
  'COLLAB',
  'SUSTAINABLE',
  'SIZES',
  'PETITE',
  'OUT_OF_STOCK',
  'OUTLET',
  'INCOMING',
] as const
export type ProductBadge = (typeof PRODUCT_BADGES)[number]

export type StockStatus = 'IN_STOCK' | 'FEW_LEFT' | 'OUT_OF_STOCK' | 'OVERSELLABLE' | 'STATIC'

/** A card shows at most this many badges, so they never cover the image. */
export const MAX_CARD_BADGES = 3

/** Availability first (it changes what the shopper can do), then what is special about the product. */
const BADGE_PRIORITY: readonly ProductBadge[] = [
  'INCOMING',
  'OUT_OF_STOCK',
  'NEW',
  'OUTLET',
  'BESTSELLER',
  'COLLAB',
  'SUSTAINABLE',
  'SIZES',
  'PETITE',
]

export interface BadgeSource {
  badges?: readonly (string | null)[] | null
  stockStatus?: StockStatus | null
  /** expected arrival of an incoming product */
  incoming?: string | null
}

export function isProductBadge(value: unknown): value is ProductBadge {
  return typeof value === 'string' && (PRODUCT_BADGES as readonly string[]).includes(value)
}

/**
 * The badges a product card shows: the API's badges (unknown values dropped, duplicates once),
 * out of stock also from the stock status when the API gave no badge for it; an incoming product
 * is never also out of stock, nor new; availability first; at most MAX_CARD_BADGES.
 */
export function cardBadges(product: BadgeSource): ProductBadge[] {
  const set = new Set<ProductBadge>((product.badges ?? []).filter(isProductBadge))
  if (product.stockStatus === 'OUT_OF_STOCK') set.add('OUT_OF_STOCK')
  if (set.has('INCOMING')) {
    set.delete('OUT_OF_STOCK')
    set.delete('NEW')
  }
  return BADGE_PRIORITY.filter((badge) => set.has(badge)).slice(0, MAX_CARD_BADGES)
}

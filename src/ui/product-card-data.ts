/**
 * The data a product card needs: the TypeScript shape of graphql/operations/list-product-fields.graphql
 * and the helper that appends the card's fragments to a query. Any page that renders
 * <ProductCard> (lists, home rails, favourites) selects `...ListProductFields` on its products:
 *
 *   query homeRail(...) { products(...) { products { ...ListProductFields } } }
 *   runQuery<Data>(apollo, withListProductFields(homeRailQuery), variables)
 */
import listProductFields from '../../graphql/operations/list-product-fields.graphql?raw'
import priceFields from '../../graphql/operations/price-fields.graphql?raw'
import type { LowestPriceFields, PriceFields, StockStatus } from '../lib/pricing'

export interface ListProduct {
  productId: number
  alias: string
  name: string | null
  canonicalUrl: string | null
  brand: { brandId: number; name: string | null } | null
  productImages: { fileName: string }[] | null
  unitPrice: PriceFields | null
  lowestPrice: LowestPriceFields | null
  stockStatus: StockStatus | null
  badges: string[] | null
  /** expected arrival (ISO date-time) of an incoming product */
  incoming: string | null
}

/** The price fragments alone, for operations that spread ...PriceFields / ...LowestPriceFields. */
export function withPriceFields(query: string): string {
  return `${query}\n${priceFields}`
}

/** The query with the card's fragments (ListProductFields, PriceFields, LowestPriceFields) appended. */
export function withListProductFields(query: string): string {
  return `${query}\n${listProductFields}\n${priceFields}`
}

/** Brand and name, as the card's link reads and its buttons are named (the heart, quickshop). */
export function productFullName(product: Pick<ListProduct, 'brand' | 'name' | 'alias'>): string {
  return [product.brand?.name, product.name ?? product.alias].filter(Boolean).join(' ')
}

/**
 * The data a product card needs (graphql/operations/list-product-fields.graphql, typed by codegen)
 * and the helper that appends the card's fragments to a query. Any page that renders
 * <ProductCard> (lists, home rails, favourites) selects `...ListProductFields` on its products:
 *
 *   query homeRail(...) { products(...) { products { ...ListProductFields } } }
 *   runQuery(apollo, withListProductFields(homeRailQuery), variables) // typed by homeRailQuery
 */
import listProductFields from '../../graphql/operations/list-product-fields.graphql?raw'
import priceFields from '../../graphql/operations/price-fields.graphql?raw'
import type { ListProductFieldsFragment } from '../graphql/generated'
import { withFragments, type Operation } from '../graphql/operation'

/** A product card's data: the generated type of the ListProductFields fragment. */
/**
 * A card's product. The analytics fields (article number, category) are in the list queries'
 * fragment but not on every type a card shows (related products have none), so they are optional.
 */
export type ListProduct = Omit<ListProductFieldsFragment, 'articleNumber' | 'primaryCategory'> &
  Partial<Pick<ListProductFieldsFragment, 'articleNumber' | 'primaryCategory'>>

/** The price fragments alone, for operations that spread ...PriceFields / ...LowestPriceFields. */
export function withPriceFields<T extends Operation<unknown, unknown>>(query: T): T {
  return withFragments(query, priceFields)
}

/** The query with the card's fragments (ListProductFields, PriceFields, LowestPriceFields) appended. */
export function withListProductFields<T extends Operation<unknown, unknown>>(query: T): T {
  return withFragments(query, listProductFields, priceFields)
}

/** Brand and name, as the card's link reads and its buttons are named (the heart, quickshop). */
export function productFullName(product: Pick<ListProduct, 'brand' | 'name' | 'alias'>): string {
  return [product.brand?.name, product.name ?? product.alias].filter(Boolean).join(' ')
}

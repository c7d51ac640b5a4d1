/**
 * The product page's data as the commerce API gives it (graphql/operations/product.graphql,
 * reviews.graphql, related-products.graphql): names for parts of the generated operation types
 * (src/graphql/generated.ts, `npm run codegen`). The product page and the quickshop panel read
 * the same shapes.
 */
import type {
  ProductQuery,
  RelatedProductsQuery,
  ReviewsQuery,
  StockStatus as ApiStockStatus,
} from '../../graphql/generated'
import type { ListItem as Item } from '../../graphql/list-items'

export type StockStatus = ApiStockStatus
export type ProductData = NonNullable<ProductQuery['product']>
export type ProductPrice = NonNullable<ProductData['unitPrice']>
export type ProductSku = Item<ProductData['skus']>
export type ProductParameter = Item<Item<ProductData['parameterGroups']>['parameters']>
/** One of the style's colours (this product included); `value` is the language-independent colour. */
export type ColourVariant = Item<NonNullable<ProductData['variantGroup']>['variants']>
export type ReviewsData = NonNullable<ReviewsQuery['reviews']>
export type Review = Item<ReviewsData['reviews']>
/** A related product: the product card's fields and how it relates (SIMILAR or RELATED). */
export type RelatedProduct = Item<RelatedProductsQuery['relatedProducts']>

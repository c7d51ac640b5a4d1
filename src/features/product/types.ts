/**
 * The product page's data as the commerce API gives it (graphql/operations/product.graphql,
 * reviews.graphql, related-products.graphql). The product page and the quickshop panel read the
 * same shapes.
 */
import type { LowestPriceFields, PriceFields } from '../../lib/pricing'
import type { ListProduct } from '../../ui/product-card-data'

export type StockStatus = 'IN_STOCK' | 'FEW_LEFT' | 'OUT_OF_STOCK' | 'OVERSELLABLE' | 'STATIC'

export type ProductPrice = PriceFields & { currency: { code: string } | null }

export interface ProductSku {
  skuId: number
  name: string | null
  articleNumber: string
  gtin: string | null
  stockStatus: StockStatus | null
  /** expected restock date (ISO) of a sold-out size */
  incoming: string | null
  stock: { inStock: number; totalStock: number } | null
}

export interface ProductParameter {
  parameterId: number
  /** language-independent: Color, Material, LaundryGuide, ProducedIn, ModelHeight, ModelSize */
  identifier: string | null
  label: string | null
  value: string | null
  show: boolean
}

export interface ProductData {
  productId: number
  alias: string
  name: string | null
  articleNumber: string | null
  canonicalUrl: string | null
  brand: { brandId: number; name: string | null; canonicalUrl: string | null } | null
  texts: { text1: string | null; text2: string | null; text3: string | null } | null
  primaryCategory: { categoryId: number; name: string } | null
  breadcrumbs: ({ categoryId: number; name: string; url: string | null } | null)[] | null
  unitPrice: ProductPrice | null
  lowestPrice: LowestPriceFields | null
  productImages: { fileName: string }[] | null
  skus: ProductSku[] | null
  stockStatus: StockStatus | null
  incoming: string | null
  rating: { score: number; voteCount: number } | null
  parameterGroups:
    | ({
        parameterGroupId: number | null
        name: string
        parameters: (ProductParameter | null)[] | null
      } | null)[]
    | null
  /** the style's colours (this product included); null for a product sold in one colour */
  variantGroup: { variantGroupId: number; variants: (ColourVariant | null)[] | null } | null
  /** the product's URL (`/p/{alias}`) per market language it exists in */
  alternativeUrls: ({ url: string; language: string; culture: string } | null)[] | null
}

export interface ColourVariant {
  productId: number
  alias: string | null
  name: string | null
  /** language-independent colour, e.g. 'navy' */
  value: string | null
  /** the colour in the page's language */
  label: string | null
  primaryImage: string | null
  /** 'hex': the swatch colour */
  attributes: ({ key: string; value: string | null } | null)[] | null
}

export interface Review {
  rating: number
  comment: string
  reviewDate: string
  author: string
}

export interface ReviewsData {
  count: number
  averageRating: number
  reviews: (Review | null)[] | null
}

/** A related product: the product card's fields and how it relates (SIMILAR or RELATED). */
export type RelatedProduct = ListProduct & { relationType: string }

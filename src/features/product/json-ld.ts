/**
 * Structured data for search engines (schema.org JSON-LD): the Product with one Offer per size,
 * its AggregateRating when it has reviews, and the BreadcrumbList of its category path. Pure:
 * URLs come in absolute, so the page builds the same data on the server and in the browser.
 */
import { statusOf } from './stock'
import type { ProductData, ReviewsData, StockStatus } from './types'
import { listItems } from '../../graphql/list-items'

const AVAILABILITY: Record<StockStatus, string> = {
  IN_STOCK: 'https://schema.org/InStock',
  FEW_LEFT: 'https://schema.org/LimitedAvailability',
  OUT_OF_STOCK: 'https://schema.org/OutOfStock',
  OVERSELLABLE: 'https://schema.org/MadeToOrder',
  STATIC: 'https://schema.org/InStock',
}

export interface JsonLdInput {
  product: ProductData
  reviews: ReviewsData | null
  /** the product page's absolute canonical URL */
  url: string
  /** absolute URLs of the product's images, main image first */
  imageUrls: readonly string[]
  /** absolute URL of each breadcrumb's category page, in breadcrumb order */
  breadcrumbUrls: readonly string[]
  /** whether prices are shown including VAT (the offer's price follows the page) */
  vatIncluded: boolean
}

type JsonObject = Record<string, unknown>

function compact(object: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined && value !== null),
  )
}

export function productJsonLd({
  product,
  reviews,
  url,
  imageUrls,
  vatIncluded,
}: Omit<JsonLdInput, 'breadcrumbUrls'>): JsonObject {
  const price = product.unitPrice
  const amount = price ? (vatIncluded ? price.sellingPriceIncVat : price.sellingPriceExVat) : undefined
  const currency = price?.currency?.code
  const description = product.texts?.text1?.trim()
  const offers =
    amount !== undefined && currency
      ? listItems(product.skus).map((sku) =>
          compact({
            '@type': 'Offer',
            sku: sku.articleNumber,
            gtin13: sku.gtin ?? undefined,
            name: sku.name ?? undefined,
            price: amount.toFixed(2),
            priceCurrency: currency,
            availability: AVAILABILITY[statusOf(sku)],
            itemCondition: 'https://schema.org/NewCondition',
            url,
          }),
        )
      : []
  const colour = (product.parameterGroups ?? [])
    .flatMap((group) => group?.parameters ?? [])
    .find((parameter) => parameter?.identifier === 'Color')?.value
  const count = reviews?.count ?? product.rating?.voteCount ?? 0
  const average = reviews && reviews.count > 0 ? reviews.averageRating : product.rating?.score
  return compact({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name ?? undefined,
    sku: product.articleNumber ?? undefined,
    productID: String(product.productId),
    url,
    description: description || undefined,
    image: imageUrls.length > 0 ? [...imageUrls] : undefined,
    brand: product.brand?.name ? { '@type': 'Brand', name: product.brand.name } : undefined,
    category: product.primaryCategory?.name,
    color: colour ?? undefined,
    offers: offers.length > 0 ? offers : undefined,
    aggregateRating:
      count > 0 && average !== undefined && average > 0
        ? {
            '@type': 'AggregateRating',
            ratingValue: Math.round(average * 10) / 10,
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          }
        : undefined,
  })
}

export function breadcrumbJsonLd({
  product,
  url,
  breadcrumbUrls,
}: Pick<JsonLdInput, 'product' | 'url' | 'breadcrumbUrls'>): JsonObject | null {
  const crumbs = (product.breadcrumbs ?? []).filter((crumb) => crumb !== null)
  if (crumbs.length === 0) return null
  const items = crumbs.map((crumb, index) =>
    compact({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: breadcrumbUrls[index],
    }),
  )
  items.push({ '@type': 'ListItem', position: items.length + 1, name: product.name ?? '', item: url })
  return { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: items }
}

/** Both documents for the page's `<script type="application/ld+json">` (the breadcrumbs when any). */
export function productPageJsonLd(input: JsonLdInput): JsonObject[] {
  const breadcrumbs = breadcrumbJsonLd(input)
  return breadcrumbs ? [productJsonLd(input), breadcrumbs] : [productJsonLd(input)]
}

/**
 * Product page `/p/…/{alias}`, `/product/{alias}` (issue #4 item 3): gallery with zoom, sizes
 * with their stock and the back-in-stock sign-up, add to cart, the price per customer type with
 * the lowest-price notice, details, size guide, reviews and related products, with Product,
 * Offer, AggregateRating and BreadcrumbList JSON-LD. The loader awaits the product, the first
 * page of reviews and the related products (critical data, docs/platform-notes.md#loader-promises-do-not-stream); an unknown alias is
 * a real 404. What the shopper only needs on demand (zoom, size guide, back-in-stock and review
 * forms, more reviews) loads in the browser when asked for.
 */
import { RecommendationSlot } from '../features/recommendations/RecommendationSlot'

import { productPageRecommendations } from '../features/recommendations/request'

import { useIntl } from 'react-intl'

import { useLoaderData } from 'react-router'

import { aliasFromParams } from '../shared/paths'

import { isLocaleCode, type LocaleCode } from '../shared/markets'

import type { PageLoader, PageMeta } from '../app/route-types'

import { runQuery } from '../app/graphql'

import { FavouriteToggle } from '../features/favourites/FavouriteToggle'

import { hrefFor, RouteLink } from '../ui/RouteLink'

import { useSite } from '../app/site'

import { ContentPanelLink } from '../features/contentpanel/ContentPanelLink'

import { CopyLinkButton } from '../features/product/CopyLinkButton'

import { Price } from '../ui/Price'

import { withPriceFields } from '../ui/product-card-data'

import { productViewed } from '../features/product/slice'

import { shopEventRecorded } from '../features/events/slice'

import { ColourVariants } from '../features/product/ColourVariants'

import { ProductGallery } from '../features/product/ProductGallery'

import { REVIEWS_PAGE_SIZE } from '../features/product/reviews-page'

import { deferredSection } from '../features/product/Deferred'

import { SizeGuide } from '../features/product/SizeGuide'

import { Stars } from '../features/product/Stars'

import { ProductJsonLd } from '../features/product/ProductJsonLd'

import { categoryAlias } from '../features/product/breadcrumbs'

import type { ProductData, RelatedProduct, ReviewsData } from '../features/product/types'

import productQuery from '../graphql/operations/product'
import reviewsQuery from '../graphql/operations/reviews'
import relatedQuery from '../graphql/operations/related-products'
import './product.css'
import { listItems } from '../graphql/list-items'

import { LiveBuyBox } from '../features/live/LiveBuyBox'

import type { ProductQuery } from '../graphql/generated'

// below the fold: their code loads when they come near the viewport (first-load budget)
const ProductReviews = deferredSection('product-reviews', () => import('../features/product/ProductReviews'))
const ProductDetails = deferredSection('product-details', () => import('../features/product/ProductDetails'))
const RelatedProducts = deferredSection(
  'related-products',
  () => import('../features/product/RelatedProducts'),
)

export interface ProductPageData {
  product: ProductData
  reviews: ReviewsData | null
  related: RelatedProduct[]
}

/** What the shop's events (impression, favourites) say about the product on this page. */
function eventProduct(product: NonNullable<ProductQuery['product']>) {
  return {
    productId: product.productId,
    articleNumber: product.articleNumber,
    name: product.name,
    brand: { name: product.brand?.name ?? null },
    primaryCategory: { name: product.primaryCategory?.name ?? null },
    unitPrice: product.unitPrice
      ? {
          sellingPriceIncVat: product.unitPrice.sellingPriceIncVat,
          regularPriceIncVat: product.unitPrice.regularPriceIncVat,
          discountPercentage: product.unitPrice.discountPercentage,
        }
      : null,
  }
}

/** A GraphQL answer saying the product does not exist (code NOT_FOUND). */
function isNotFound(error: unknown): boolean {
  const errors = (error as { errors?: unknown } | null)?.errors
  return (
    Array.isArray(errors) &&
    errors.some((entry) => (entry as { extensions?: { code?: unknown } }).extensions?.code === 'NOT_FOUND')
  )
}

export const loader: PageLoader<ProductPageData> = async ({ params, apollo, store }) => {
  const alias = aliasFromParams(params)
  if (!alias) throw new Response('Not Found', { status: 404 })
  const [productData, reviewsData, relatedData] = await Promise.all([
    runQuery(apollo, withPriceFields(productQuery), { alias }),
    // reviews and related products are part of the page, but a failure there must not hide the product
    runQuery(apollo, reviewsQuery, {
      alias,
      take: REVIEWS_PAGE_SIZE,
    }).catch((error: unknown) => {
      // an unknown product's page is a 404 of its own: nothing to report
      if (!isNotFound(error)) console.error('Could not load the reviews', error)
      return { reviews: null }
    }),
    runQuery(apollo, withPriceFields(relatedQuery), {
      alias,
    }).catch((error: unknown) => {
      // an unknown product's page is a 404 of its own: nothing to report
      if (!isNotFound(error)) console.error('Could not load the related products', error)
      return { relatedProducts: null }
    }),
  ])
  const product = productData.product
  if (!product) throw new Response('Not Found', { status: 404 })
  store.dispatch(productViewed(product.alias))
  store.dispatch(
    shopEventRecorded({
      type: 'product-detail:impression',
      payload: {
        product: eventProduct(product),
      },
    }),
  )
  return {
    product,
    reviews: reviewsData.reviews,
    related: (relatedData.relatedProducts ?? []).filter((item): item is RelatedProduct => item !== null),
  }
}

export const meta: PageMeta<ProductPageData> = ({ data }) => ({
  title: [data.product.brand?.name, data.product.name].filter(Boolean).join(' – '),
  description: data.product.texts?.text1 ?? undefined,
  alternates: productAlternates(data.product.alternativeUrls),
})

/**
 * The product's path in each language it exists in, from its alternative URLs (one per market
 * language; a language's alias is the same in every market). Undefined when the API gives none,
 * so the head falls back to the current path.
 */
function productAlternates(
  urls: ProductData['alternativeUrls'],
): Partial<Record<LocaleCode, string>> | undefined {
  const paths: Partial<Record<LocaleCode, string>> = {}
  for (const alternative of urls ?? []) {
    if (!alternative?.url.startsWith('/p/') || !isLocaleCode(alternative.language)) continue
    paths[alternative.language] ??= alternative.url
  }
  return Object.keys(paths).length > 0 ? paths : undefined
}

function Breadcrumbs({ product }: { product: ProductData }) {
  const intl = useIntl()
  const crumbs = (product.breadcrumbs ?? []).filter((crumb) => crumb !== null)
  if (crumbs.length === 0) return null
  return (
    <nav className="product-breadcrumbs" aria-label={intl.formatMessage({ id: 'product.breadcrumbs' })}>
      <ol className="plain-list">
        {crumbs.map((crumb) => {
          const alias = categoryAlias(crumb.url)
          return (
            <li key={crumb.categoryId}>
              {alias ? (
                <RouteLink to="category" params={{ '*': alias }}>
                  {crumb.name}
                </RouteLink>
              ) : (
                crumb.name
              )}
            </li>
          )
        })}
        <li aria-current="page">{product.name}</li>
      </ol>
    </nav>
  )
}

export function Component() {
  const intl = useIntl()
  const data = useLoaderData() as ProductPageData
  const { product } = data
  const images = listItems(product.productImages)
    .map((image) => image.fileName)
    .filter(Boolean)
  const alt = [product.brand?.name, product.name].filter(Boolean).join(' ')
  const skus = listItems(product.skus)
  const sizes = skus.map((sku) => sku.name ?? '').filter(Boolean)
  const rating = data.reviews && data.reviews.count > 0 ? data.reviews : null
  const site = useSite()
  const publicUrl = site.publicUrl.replace(/\/$/, '')
  return (
    <article className="product-page">
      <Breadcrumbs product={product} />
      <div className="product-page__top">
        <ProductGallery fileNames={images} alt={alt} />
        <div className="product-page__summary">
          <header className="product-page__header">
            {product.brand?.name ? <p className="product-page__brand">{product.brand.name}</p> : null}
            <h1>{product.name}</h1>
            <FavouriteToggle
              productId={product.productId}
              productName={alt}
              product={{ ...eventProduct(product), alias: product.alias }}
              className="product-page__favourite"
            />
            {rating ? (
              <p className="product-page__rating">
                <a href="#product-reviews-title">
                  <Stars rating={rating.averageRating} />{' '}
                  {intl.formatMessage({ id: 'product.reviews.count' }, { count: rating.count })}
                </a>
              </p>
            ) : null}
          </header>
          {product.unitPrice ? (
            <Price price={product.unitPrice} lowestPrice={product.lowestPrice} size="large" />
          ) : null}
          <ColourVariants product={product} />
          {/* keyed by product: a client navigation to another product starts with no size chosen */}
          {/* the sizes' stock follows purchases while the page is open (ADR 0036) */}
          <LiveBuyBox key={product.alias} productId={product.productId} skus={skus} name="product-size" />
          <SizeGuide sizes={sizes} />
          <nav className="product-page__info" aria-label={intl.formatMessage({ id: 'product.infoLinks' })}>
            <ul className="plain-list" role="list">
              <li>
                <ContentPanelLink pageKey="shipping">
                  {intl.formatMessage({ id: 'footer.shipping' })}
                </ContentPanelLink>
              </li>
              <li>
                <ContentPanelLink pageKey="returns">
                  {intl.formatMessage({ id: 'footer.returns' })}
                </ContentPanelLink>
              </li>
            </ul>
          </nav>
          <CopyLinkButton url={`${publicUrl}${hrefFor(site, 'product', { '*': product.alias })}`} />
        </div>
      </div>
      <ProductDetails product={product} />
      <ProductReviews key={`reviews-${product.alias}`} alias={product.alias} initial={data.reviews} />
      <RelatedProducts products={data.related} />
      {product.articleNumber ? (
        <RecommendationSlot
          key={`recommendations-${product.alias}`}
          request={productPageRecommendations(product.articleNumber)}
        />
      ) : null}
      {/* structured data is for crawlers, which read the server's HTML: the browser build leaves the
          builder out and hydration keeps the server's script as it is */}
      {import.meta.env.SSR ? (
        <ProductJsonLd key={product.alias} data={data} />
      ) : (
        <script
          key={product.alias}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: '' }}
          suppressHydrationWarning
        />
      )}
    </article>
  )
}

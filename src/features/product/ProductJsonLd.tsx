/**
 * The product page's structured data (Product, Offer, AggregateRating, BreadcrumbList) as one
 * `<script type="application/ld+json">`, with absolute URLs in the page's market and language.
 * Rendered on the server only (see src/routes/product.tsx).
 */
import { useAppSelector } from '../../app/hooks'
import { useSite } from '../../app/site'
import { IMAGE_BASE, PRODUCT_ASPECT, heightForAspect, imageUrl } from '../../lib/images'
import { canonicalUrl } from '../../shared/paths'
import { serializeForScript } from '../../lib/serialize'
import { hrefFor } from '../../ui/RouteLink'
import { categoryAlias } from './breadcrumbs'
import { productPageJsonLd } from './json-ld'
import type { ProductData, ReviewsData } from './types'
import { listItems } from '../../graphql/list-items'

export function ProductJsonLd({ data }: { data: { product: ProductData; reviews: ReviewsData | null } }) {
  const site = useSite()
  const vatIncluded = useAppSelector((state) => state.global.vatIncluded)
  const absolute = (pathname: string) =>
    canonicalUrl({
      market: site.market,
      locale: site.locale,
      pathname,
      settings: site.urlSettings,
      publicUrl: site.publicUrl,
    })
  const url = absolute(hrefFor(site, 'product', { '*': data.product.alias }))
  const origin = new URL(url).origin
  const imageUrls = listItems(data.product.productImages).map(
    (image) =>
      `${origin}${imageUrl(IMAGE_BASE, {
        type: 'product',
        fileName: image.fileName,
        width: 1280,
        height: heightForAspect(1280, PRODUCT_ASPECT),
      })}`,
  )
  const breadcrumbUrls = (data.product.breadcrumbs ?? []).flatMap((crumb) => {
    if (!crumb) return []
    const alias = categoryAlias(crumb.url)
    return [alias ? absolute(hrefFor(site, 'category', { '*': alias })) : url]
  })
  const documents = productPageJsonLd({
    product: data.product,
    reviews: data.reviews,
    url,
    imageUrls,
    breadcrumbUrls,
    vatIncluded,
  })
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript(documents) }} />
  )
}

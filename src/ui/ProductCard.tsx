/**
 * A product in a list, a home-page rail or the favourites: image, brand, name, price (with the
 * struck-through regular price and the 30-day lowest-price notice), badges, the favourite toggle
 * and the quickshop button. Its data is the `...ListProductFields` selection
 * (graphql/operations/list-product-fields.graphql; `ListProduct` and `withListProductFields` in
 * ./product-card-data). The card's root carries `id="product-{productId}"`, so a list can bring
 * the shopper back to the product they left.
 */
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch } from '../app/hooks'
import { quickshopOpened } from '../features/quickshop/slice'
import { imageSizes } from '../lib/images'
import { cardBadges } from '../lib/pricing'
import { ProductImage } from './Image'
import { Price } from './Price'
import { RouteLink } from './RouteLink'
import { productFullName, type ListProduct } from './product-card-data'
import './product-card.css'
import { listItems } from '../graphql/list-items'

export type { ListProduct } from './product-card-data'

export interface ProductCardProps {
  product: ListProduct
  /** the heading level of the product name (3 under a list's or rail's h2) */
  headingLevel?: 2 | 3 | 4
  /** the first cards of a page: their images load eagerly */
  priority?: boolean
  /** e.g. the favourite toggle, rendered over the image */
  actions?: ReactNode
}

export const CARD_IMAGE_WIDTH = 320

export function productCardId(productId: number): string {
  return `product-${productId}`
}

export function ProductCard({ product, headingLevel = 3, priority = false, actions }: ProductCardProps) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const Heading = `h${headingLevel}` as const
  const image = listItems(product.productImages).find((candidate) => candidate.fileName.trim() !== '')
  const badges = cardBadges(product)
  const name = product.name ?? product.alias
  const fullName = productFullName(product)
  const path = product.canonicalUrl?.startsWith('/p/') ? product.canonicalUrl.slice(3) : product.alias
  const incomingDate =
    product.incoming && badges.includes('INCOMING')
      ? intl.formatDate(product.incoming, { day: 'numeric', month: 'numeric', timeZone: 'UTC' })
      : null
  return (
    <article className="product-card" id={productCardId(product.productId)}>
      <div className="product-card__media">
        {image ? (
          <ProductImage
            fileName={image.fileName}
            alt=""
            width={CARD_IMAGE_WIDTH}
            sizes={imageSizes({ xl: '20vw', lg: '25vw', md: '33vw' }, '50vw')}
            priority={priority}
            className="product-card__image"
          />
        ) : (
          <div className="product-card__image product-card__image--missing" />
        )}
        {badges.length > 0 ? (
          <ul
            className="product-card__badges plain-list"
            aria-label={intl.formatMessage({ id: 'card.badges' })}
          >
            {badges.map((badge) => (
              <li key={badge} className={`product-card__badge product-card__badge--${badge.toLowerCase()}`}>
                {intl.formatMessage({ id: `badge.${badge}` })}
              </li>
            ))}
          </ul>
        ) : null}
        {actions ? <div className="product-card__actions">{actions}</div> : null}
      </div>
      <div className="product-card__body">
        <Heading className="product-card__title">
          <RouteLink to="product" params={{ '*': path }} className="product-card__link">
            {product.brand?.name ? (
              <>
                <span className="product-card__brand">{product.brand.name}</span>{' '}
              </>
            ) : null}
            <span className="product-card__name">{name}</span>
          </RouteLink>
        </Heading>
        {product.unitPrice ? <Price price={product.unitPrice} lowestPrice={product.lowestPrice} /> : null}
        {incomingDate ? (
          <p className="product-card__incoming">
            {intl.formatMessage({ id: 'card.incomingOn' }, { date: incomingDate })}
          </p>
        ) : null}
        <button
          type="button"
          className="product-card__quickshop button button--secondary"
          aria-label={intl.formatMessage({ id: 'card.quickshopLabel' }, { name: fullName })}
          onClick={() => dispatch(quickshopOpened(product.alias))}
        >
          {intl.formatMessage({ id: 'card.quickshop' })}
        </button>
      </div>
    </article>
  )
}

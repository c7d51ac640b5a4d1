/**
 * A product as the search service sends it (docs/service-contracts.md#search-api Product) in a search result or a
 * recommendation list: image, brand, title, price. Its `ticket` travels with it: opening the
 * product sends the `click` notification (keepalive, so it survives the page change) and
 * remembers the ticket for a later add-to-cart (docs/product-rules.md#search).
 */
import { preload } from 'react-dom'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import type { Product } from '../../shared/search-api'
import { LOCALES, MARKETS } from '../../shared/markets'
import { formatMoney, fromDecimal } from '../../shared/money'
import { useSite } from '../../app/site'
import { routerPath } from '../../ui/RouteLink'
import { notifyFromBrowser } from '../search/browser'
import { rememberTicket } from './tickets'
import '../../ui/product-card.css'
import '../../ui/price.css'

function isPlainClick(event: React.MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey
}

export function ServiceProductCard({
  product,
  headingLevel = 3,
  priority = false,
  onOpen,
}: {
  product: Product
  headingLevel?: 2 | 3 | 4
  /** A card in the first row of a result page: its image is the page's main image (as ProductImage `priority`). */
  priority?: boolean
  /** the card's link was clicked (a list's select_item) */
  onOpen?: () => void
}) {
  const intl = useIntl()
  const site = useSite()
  const navigate = useNavigate()
  const Heading = `h${headingLevel}` as const
  const image = product.imageInfo.images[0]?.sources[0]
  const { currency } = MARKETS[site.market]
  const iso = LOCALES[site.locale].iso
  const selling = formatMoney(fromDecimal(product.sellingPrice.min, currency), currency, iso)
  const reduced = product.listPrice.min > product.sellingPrice.min
  const regular = reduced ? formatMoney(fromDecimal(product.listPrice.min, currency), currency, iso) : null
  const inside = routerPath(product.link, site.basename)
  // a link of this market and language stays in the router; anything else is a full page load
  const internal = site.basename === '' ? product.link.startsWith('/') : inside !== product.link
  // preloaded from the document's head, at high priority, like ProductImage's main image
  if (priority && image) preload(image.url, { as: 'image', fetchPriority: 'high' })
  return (
    <article className="product-card service-product-card" data-product-key={product.key}>
      <div className="product-card__media">
        {image ? (
          <img
            className="product-card__image"
            src={image.url}
            alt=""
            width={image.width ?? 320}
            height={image.height ?? 400}
            {...(priority
              ? { fetchPriority: 'high' as const, elementtiming: 'hero' as const }
              : { loading: 'lazy' as const, decoding: 'async' as const })}
          />
        ) : (
          <div className="product-card__image product-card__image--missing" />
        )}
        {product.badges.primary.length > 0 ? (
          <ul
            className="product-card__badges plain-list"
            aria-label={intl.formatMessage({ id: 'card.badges' })}
          >
            {product.badges.primary.map((badge) => (
              <li key={badge.label} className="product-card__badge">
                {badge.label}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="product-card__body">
        <Heading className="product-card__title">
          <a
            href={product.link}
            className="product-card__link"
            onClick={(event) => {
              notifyFromBrowser(site, 'click', { ticket: product.ticket })
              rememberTicket(product.key, product.ticket)
              onOpen?.()
              if (!isPlainClick(event) || !internal) return
              event.preventDefault()
              void navigate(inside)
            }}
          >
            <span className="product-card__brand">{product.brand}</span>{' '}
            <span className="product-card__name">{product.title}</span>
          </a>
        </Heading>
        <p className="price price--small">
          <span className="price__amounts">
            <span className={regular ? 'price__selling price__selling--reduced' : 'price__selling'}>
              {regular ? (
                <span className="visually-hidden">{intl.formatMessage({ id: 'price.now' })} </span>
              ) : null}
              {selling}
            </span>
            {regular ? (
              <s className="price__regular">
                <span className="visually-hidden">{intl.formatMessage({ id: 'price.regular' })} </span>
                {regular}
              </s>
            ) : null}
          </span>
        </p>
      </div>
    </article>
  )
}

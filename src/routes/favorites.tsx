/**
 * Favourites (docs/product-rules.md#favourites): the products this shopper saved with the heart, newest first. The ids
 * are kept in the browser (local storage, synced between tabs), so the page is rendered on the
 * server without them and fills in after hydration; removing a heart takes the product off the
 * page at once. With nothing saved, the page helps the shopper on to new arrivals, bestsellers
 * and the categories.
 */
import { useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppSelector } from '../app/hooks'
import { selectFavorites } from '../app/global-slice'
import { CardFavouriteToggle } from '../features/favourites/FavouriteToggle'
import { useFavouriteProducts } from '../features/favourites/useFavouriteProducts'
import { ProductCard, type ListProduct } from '../ui/ProductCard'
import { RouteLink } from '../ui/RouteLink'
import { useSite } from '../app/site'
import { messageMeta } from '../ui/page-meta'
import { CATEGORY_ENTRY_POINTS, LIST_PAGE_LINKS } from '../ui/navigation'
import '../features/favourites/favourites.css'

export const meta = messageMeta({
  title: 'page.favourites.title',
  description: 'page.favourites.intro',
  noindex: true,
})

/** Announces a removal made on this page, so a screen reader user hears where the card went. */
function useRemovalAnnouncement(products: readonly ListProduct[]): string {
  const intl = useIntl()
  const favorites = useAppSelector(selectFavorites)
  const previous = useRef<readonly ListProduct[]>(products)
  const [message, setMessage] = useState('')
  useEffect(() => {
    const removed = previous.current.filter((product) => !favorites.includes(product.productId))
    previous.current = products
    if (removed.length === 1 && removed[0]) {
      setMessage(
        intl.formatMessage({ id: 'favourites.removed' }, { name: removed[0].name ?? removed[0].alias }),
      )
    }
  }, [favorites, products, intl])
  return message
}

function EmptyFavourites() {
  const intl = useIntl()
  const { locale } = useSite()
  return (
    <section className="notice favourites-empty" aria-labelledby="favourites-empty-title">
      <h2 id="favourites-empty-title">{intl.formatMessage({ id: 'favourites.empty.title' })}</h2>
      <p>{intl.formatMessage({ id: 'favourites.empty.text' })}</p>
      <ul className="link-grid plain-list" role="list">
        {LIST_PAGE_LINKS.filter((link) => link.route !== 'brands' && link.route !== 'incoming').map(
          (link) => (
            <li key={link.route}>
              <RouteLink to={link.route}>{intl.formatMessage({ id: link.label })}</RouteLink>
            </li>
          ),
        )}
        {CATEGORY_ENTRY_POINTS.map((category) => (
          <li key={category.label}>
            <RouteLink to="category" params={{ '*': category.alias[locale] }}>
              {intl.formatMessage({ id: category.label })}
            </RouteLink>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function Component() {
  const intl = useIntl()
  const { status, products, retry } = useFavouriteProducts()
  const announcement = useRemovalAnnouncement(products)
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const busy = status === 'restoring' || status === 'loading'
  return (
    <article className="favourites-page" aria-busy={busy}>
      <h1>{text('page.favourites.title')}</h1>
      <p className="page-intro">{text('page.favourites.intro')}</p>

      {products.length > 0 ? (
        <section aria-labelledby="favourites-list-title">
          <h2 id="favourites-list-title" className="favourites-page__count">
            {text('favourites.count', { count: products.length })}
          </h2>
          <ul className="favourites-grid plain-list" role="list">
            {products.map((product) => {
              return (
                <li key={product.productId}>
                  <ProductCard product={product} actions={<CardFavouriteToggle product={product} />} />
                </li>
              )
            })}
          </ul>
        </section>
      ) : null}

      {status === 'ready' && products.length === 0 ? <EmptyFavourites /> : null}
      {busy && products.length === 0 ? <p>{text('favourites.loading')}</p> : null}
      {status === 'failed' ? (
        <div className="notice" role="alert">
          <p>{text('favourites.failed')}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            {text('favourites.retry')}
          </button>
        </div>
      ) : null}

      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </article>
  )
}

/**
 * Home (docs/product-rules.md#catalogue-and-lists): the hero of the discount campaign running now, the category entry points,
 * the new-arrival and bestseller rails, the newsletter offer (15 % off a first purchase) and the
 * shop promises. The campaign and the rails come from the commerce API in the loader.
 */
import { RecommendationSlot } from '../features/recommendations/RecommendationSlot'

import { homeRecommendations } from '../features/recommendations/request'

import { useIntl } from 'react-intl'

import { useLoaderData } from 'react-router'

import type { PageLoader, PageMeta } from '../app/route-types'

import { runQuery } from '../app/graphql'

import { freeShippingAmount } from '../app/i18n'

import { useSite } from '../app/site'

import { freeShippingThresholdOf } from '../features/channel/slice'

import { MARKETS } from '../shared/markets'

import { CardFavouriteToggle } from '../features/favourites/FavouriteToggle'

import { NewsletterForm } from '../features/newsletter/NewsletterForm'

import { ProductCard } from '../ui/ProductCard'

import { withListProductFields, type ListProduct } from '../ui/product-card-data'

import { RouteLink } from '../ui/RouteLink'

import { ShopPromises } from '../ui/ShopPromises'

import { CATEGORY_ENTRY_POINTS, LIST_PAGE_LINKS } from '../ui/navigation'

import homeQuery from '../graphql/operations/home'
import type { HomeQuery } from '../graphql/generated'
import { listItems } from '../graphql/list-items'

export interface HomeCampaign {
  name: string
  /** the campaign list's alias: /dc/{alias} */
  alias: string
  /** how many products are in the campaign now */
  count: number
}

export interface HomeData {
  campaign: HomeCampaign | null
  newArrivals: ListProduct[]
  bestsellers: ListProduct[]
  /** the market's free-shipping threshold from the API (decimal), for the description */
  freeShippingThreshold: number | null
}

/** Products per rail: two rows of four on a computer, a swipeable row on a phone. */
export const RAIL_SIZE = 8

/**
 * The hero's campaign: the first running one with a list alias (runningCampaigns answers only
 * campaigns with products, in the campaigns' own order).
 */
export function heroCampaign(data: Pick<HomeQuery, 'runningCampaigns'>): HomeCampaign | null {
  for (const campaign of data.runningCampaigns ?? []) {
    if (campaign.alias && campaign.name && campaign.count > 0)
      return { name: campaign.name, alias: campaign.alias, count: campaign.count }
  }
  return null
}

const products = (result: { products: ReadonlyArray<ListProduct | null> | null } | null | undefined) =>
  listItems(result?.products)

const query = withListProductFields(homeQuery)

export const loader: PageLoader<HomeData> = async ({ apollo, store, market }) => {
  const data = await runQuery(apollo, query, { railSize: RAIL_SIZE })
  return {
    campaign: heroCampaign(data),
    newArrivals: products(data.newArrivals),
    bestsellers: products(data.bestsellers),
    freeShippingThreshold: freeShippingThresholdOf(store.getState().channel, market),
  }
}

export const meta: PageMeta<HomeData> = ({ data, intl, market }) => ({
  title: intl.formatMessage({ id: 'page.home.title' }),
  description: intl.formatMessage(
    { id: 'app.description' },
    {
      amount: freeShippingAmount(intl, data.freeShippingThreshold, MARKETS[market].currency),
      days: MARKETS[market].returnWindowDays,
    },
  ),
})

function Hero({ campaign }: { campaign: HomeCampaign | null }) {
  const intl = useIntl()
  return (
    <section className="hero" aria-labelledby="home-title">
      <h1 id="home-title">{intl.formatMessage({ id: 'home.hero.title' })}</h1>
      {campaign ? (
        <>
          <p className="hero__campaign">{campaign.name}</p>
          <p>
            {intl.formatMessage({ id: 'home.campaign.text' }, { name: campaign.name, count: campaign.count })}
          </p>
          <RouteLink to="discount-campaign" params={{ '*': campaign.alias }} className="button">
            {intl.formatMessage({ id: 'home.campaign.cta' }, { name: campaign.name })}
          </RouteLink>
        </>
      ) : (
        <>
          <p>{intl.formatMessage({ id: 'home.hero.text' })}</p>
          <RouteLink to="new-arrivals" className="button">
            {intl.formatMessage({ id: 'home.hero.cta' })}
          </RouteLink>
        </>
      )}
    </section>
  )
}

function Rail({
  id,
  title,
  products: railProducts,
  to,
}: {
  id: string
  title: string
  products: ListProduct[]
  to: 'new-arrivals' | 'bestsellers'
}) {
  const intl = useIntl()
  if (railProducts.length === 0) return null
  return (
    <section className="section rail" aria-labelledby={id}>
      <div className="rail__head">
        <h2 id={id}>{title}</h2>
        <RouteLink to={to} className="rail__all">
          {intl.formatMessage({ id: 'home.rail.all' }, { title })}
        </RouteLink>
      </div>
      <ul className="rail__list plain-list" role="list">
        {railProducts.map((product) => (
          <li key={product.productId} className="rail__item">
            <ProductCard product={product} actions={<CardFavouriteToggle product={product} />} />
          </li>
        ))}
      </ul>
    </section>
  )
}

export function Component() {
  const intl = useIntl()
  const { locale } = useSite()
  const data = useLoaderData() as HomeData
  const text = (id: string) => intl.formatMessage({ id })
  return (
    <>
      <Hero campaign={data.campaign} />

      <nav className="section" aria-labelledby="home-categories">
        <h2 id="home-categories">{text('home.categories.title')}</h2>
        <ul className="link-grid plain-list" role="list">
          {CATEGORY_ENTRY_POINTS.map((category) => (
            <li key={category.label}>
              <RouteLink to="category" params={{ '*': category.alias[locale] }}>
                {text(category.label)}
              </RouteLink>
            </li>
          ))}
          {LIST_PAGE_LINKS.map((link) => (
            <li key={link.route}>
              <RouteLink to={link.route}>{text(link.label)}</RouteLink>
            </li>
          ))}
        </ul>
      </nav>

      <Rail
        id="home-new-arrivals"
        title={text('nav.newArrivals')}
        products={data.newArrivals}
        to="new-arrivals"
      />
      <Rail
        id="home-bestsellers"
        title={text('nav.bestsellers')}
        products={data.bestsellers}
        to="bestsellers"
      />

      <RecommendationSlot request={homeRecommendations()} className="section" />

      <section className="section notice" aria-labelledby="home-newsletter">
        <h2 id="home-newsletter">{text('home.newsletter.title')}</h2>
        <NewsletterForm headingId="home-newsletter" />
      </section>

      <section className="section" aria-labelledby="home-promises">
        <h2 id="home-promises">{text('home.promises.title')}</h2>
        <ShopPromises />
      </section>
    </>
  )
}

/**
 * Lumo Style `/lumostyle`, the members' page (docs/product-rules.md#loyalty: the check-is-member middleware answers
 * others with 404, and they see what membership gives and how to join, src/features/loyalty/
 * MembersOnly.tsx). A member sees their points and vouchers, the members' offers (the campaigns
 * running now) and the style gallery: looks of a dress, a coat and shoes from the catalogue. Its text is the shop's style page from the commerce API's content pages.
 */
import { useIntl } from 'react-intl'

import { useLoaderData } from 'react-router'

import type { PageLoader, PageMeta } from '../app/route-types'

import { runQuery } from '../app/graphql'

import { CardFavouriteToggle } from '../features/favourites/FavouriteToggle'

import { MemberSummary } from '../features/loyalty/MemberSummary'

import { outfitsOf } from '../features/loyalty/outfits'

import '../features/loyalty/members.css'
import { listItems } from '../graphql/list-items'

import { ProductCard } from '../ui/ProductCard'

import { withListProductFields, type ListProduct } from '../ui/product-card-data'

import { RouteLink } from '../ui/RouteLink'

import { paragraphsOf } from './inspiration'

import type { LocaleCode } from '../shared/markets'

import contentPageQuery from '../graphql/operations/content-page'
import styleGalleryQuery from '../graphql/operations/style-gallery'
import type { ContentPageQuery } from '../graphql/generated'
import { CATEGORY_ENTRY_POINTS } from '../ui/navigation'

/** The style page's alias, the same in every language (as the route's path). */
export const STYLE_PAGE_ALIAS = 'lumostyle'

/** Looks in the gallery: two rows of two on a computer. */
const LOOKS = 4

/** The category list's URL in this language, as the commerce API's `products(url:)` takes it. */
function categoryUrl(label: string, locale: LocaleCode): string {
  const entry = CATEGORY_ENTRY_POINTS.find((candidate) => candidate.label === label)
  if (!entry) throw new Error(`No category entry point ${label}`)
  return `/c/${entry.alias[locale]}`
}

export interface MemberOffer {
  name: string
  alias: string
  count: number
}

export interface StyleGalleryData {
  page: NonNullable<ContentPageQuery['contentPage']>
  outfits: ListProduct[][]
  offers: MemberOffer[]
}

export const loader: PageLoader<StyleGalleryData> = async ({ apollo, locale }) => {
  // a look: a dress, a coat and shoes, in the order a look shows them
  const [content, gallery] = await Promise.all([
    runQuery(apollo, contentPageQuery, {
      alias: STYLE_PAGE_ALIAS,
      kind: 'STYLE',
    }),
    runQuery(apollo, withListProductFields(styleGalleryQuery), {
      dresses: categoryUrl('nav.category.dresses', locale),
      coats: categoryUrl('nav.category.coats', locale),
      shoes: categoryUrl('nav.category.shoes', locale),
      looks: LOOKS,
    }),
  ])
  if (!content.contentPage) throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
  const offers: MemberOffer[] = []
  for (const campaign of gallery.runningCampaigns ?? []) {
    if (campaign.alias && campaign.name && campaign.count > 0)
      offers.push({ name: campaign.name, alias: campaign.alias, count: campaign.count })
  }
  const lists = [gallery.dresses, gallery.coats, gallery.shoes].map((list) => listItems(list?.products))
  return { page: content.contentPage, outfits: outfitsOf(lists, LOOKS), offers }
}

export const meta: PageMeta<StyleGalleryData> = ({ data }) => ({
  title: data.page.title,
  description: data.page.metaDescription ?? paragraphsOf(data.page.body)[0],
  noindex: true,
})

export function Component() {
  const intl = useIntl()
  const { page, outfits, offers } = useLoaderData() as StyleGalleryData
  const [lead, ...rest] = paragraphsOf(page.body)
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  return (
    <article className="members-page">
      <p className="members-only__eyebrow">{text('members.only.eyebrow')}</p>
      <h1>{page.title}</h1>
      {lead ? <p className="page-intro">{lead}</p> : null}
      {rest.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}

      <MemberSummary />

      {offers.length > 0 ? (
        <section className="section" aria-labelledby="members-offers-title">
          <h2 id="members-offers-title">{text('members.offers.title')}</h2>
          <ul className="members-offers plain-list" role="list">
            {offers.map((offer) => (
              <li key={offer.alias} className="members-offers__item">
                <RouteLink to="discount-campaign" params={{ '*': offer.alias }}>
                  <strong>{offer.name}</strong>
                  <span>{text('members.offers.count', { count: offer.count })}</span>
                </RouteLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="section" aria-labelledby="members-outfits-title">
        <h2 id="members-outfits-title">{text('members.outfits.title')}</h2>
        <p>{text('members.outfits.text')}</p>
        {outfits.map((outfit, index) => (
          <section
            key={outfit[0]?.productId ?? index}
            className="outfit"
            aria-labelledby={`outfit-${index + 1}`}
          >
            <h3 id={`outfit-${index + 1}`} className="outfit__title">
              {text('members.outfits.look', { number: index + 1 })}
            </h3>
            <ul className="outfit__pieces plain-list" role="list">
              {outfit.map((product) => (
                <li key={product.productId}>
                  <ProductCard
                    product={product}
                    headingLevel={4}
                    actions={<CardFavouriteToggle product={product} />}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </article>
  )
}

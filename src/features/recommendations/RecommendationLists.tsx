/**
 * The recommendation lists one request brings (loaded by RecommendationSlot): each visible list
 * with products as a rail of cards under its heading (the algorithm's name in the shopper's
 * language, else the list's label from the service). A failing service shows nothing (docs/product-rules.md#search: the page goes on).
 */
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useSite } from '../../app/site'
import type { RecommendationList } from '../../shared/search-api'
import { searchQuery } from '../search/client'
import { browserSearchContext } from '../search/browser'
import type { RecommendationRequest } from './request'
import { ServiceProductCard } from './ServiceProductCard'
import './recommendations.css'

async function loadLists(
  request: RecommendationRequest,
  site: ReturnType<typeof useSite>,
  signal: AbortSignal,
): Promise<RecommendationList[]> {
  const context = browserSearchContext(site)
  switch (request.endpoint) {
    case 'product-page':
      return (await searchQuery(context, request.endpoint, request.params, request.body, signal))
        .recommendationLists
    case 'landing-page':
      return (await searchQuery(context, request.endpoint, request.params, request.body, signal))
        .recommendationLists
    case 'cart-page':
      return (await searchQuery(context, request.endpoint, request.params, request.body, signal))
        .recommendationLists
    case 'add-to-cart-popup':
      return (await searchQuery(context, request.endpoint, request.params, request.body, signal))
        .recommendationLists
  }
}

export function RecommendationRail({
  list,
  headingLevel,
}: {
  list: RecommendationList
  headingLevel: 2 | 3
}) {
  const intl = useIntl()
  const Heading = `h${headingLevel}` as const
  const cardHeading = headingLevel === 2 ? 3 : 4
  // the shop names its lists in its own words (locales/*.json); the service's label is a fallback
  const id = `recommendations.${list.algorithm}`
  const title = intl.messages[id] ? intl.formatMessage({ id }) : (list.label ?? list.algorithm)
  return (
    <section className="recommendation-list" data-algorithm={list.algorithm} aria-label={title}>
      <Heading className="recommendation-list__title">{title}</Heading>
      <ul
        className={`recommendation-list__items recommendation-list__items--${list.visualization.toLowerCase()} plain-list`}
        role="list"
      >
        {list.productGroups.map((group) => {
          const product = group.products[0]
          return product ? (
            <li key={group.key}>
              <ServiceProductCard product={product} headingLevel={cardHeading} />
            </li>
          ) : null
        })}
      </ul>
    </section>
  )
}

export default function RecommendationLists({
  request,
  headingLevel,
}: {
  request: RecommendationRequest
  headingLevel: 2 | 3
}) {
  const site = useSite()
  const [lists, setLists] = useState<RecommendationList[]>([])
  const key = JSON.stringify(request)

  useEffect(() => {
    const controller = new AbortController()
    loadLists(JSON.parse(key) as RecommendationRequest, site, controller.signal).then(
      (loaded) => {
        if (!controller.signal.aborted) setLists(loaded)
      },
      () => {
        if (!controller.signal.aborted) setLists([])
      },
    )
    return () => controller.abort()
  }, [key, site])

  const shown = lists.filter((list) => list.visible && list.productGroups.length > 0)
  if (shown.length === 0) return null
  return (
    <div className="recommendation-lists">
      {shown.map((list) => (
        <RecommendationRail key={list.id} list={list} headingLevel={headingLevel} />
      ))}
    </div>
  )
}

/**
 * Search results `/s/{search}` (issue #12 item 5): the search service's `search-page` with its
 * facets and sort, "did you mean" and the auto-correction notice; an empty result offers the
 * corrections and the shop's TOP_PRODUCTS. A term's plain page with products is indexed as its
 * landing page; the rest are not (`searchPageIndexing`, ADR 0049).
 */
import { useIntl } from 'react-intl'
import { Link, useLoaderData, useNavigate } from 'react-router'
import type { PageLoader, PageMeta } from '../app/route-types'
import { useSite } from '../app/site'
import type { Facet, SearchOrigin } from '../shared/search-api'
import { hrefFor, routerPath } from '../ui/RouteLink'
import { SuggestedLists } from '../ui/SuggestedLists'
import { useAppDispatch } from '../app/hooks'
import { recordSearchClick, recordSearchPage } from '../features/search/analytics'
import {
  loadSearchPage,
  SEARCH_PAGE_SIZE,
  searchPageIndexing,
  searchStateQuery,
  toggleFacetValue,
  type SearchPageData,
  type SearchUrlState,
} from '../features/search/search-page'
import { ServiceProductCard } from '../features/recommendations/ServiceProductCard'
import { RecommendationRail } from '../features/recommendations/RecommendationLists'
import '../features/list/list.css'
import '../features/search/search-page.css'

export const loader: PageLoader<SearchPageData> = async (args) => {
  const data = await loadSearchPage(args)
  if (data.result && data.q)
    recordSearchPage(
      args.store.dispatch,
      data.q,
      data.result.primaryList.productGroups,
      (data.page - 1) * SEARCH_PAGE_SIZE + 1,
    )
  return data
}

export const meta: PageMeta<SearchPageData> = ({ data, intl, locale }) => ({
  title: intl.formatMessage({ id: 'page.search.title' }, { query: data.q }),
  description: intl.formatMessage({ id: 'page.search.intro' }, { query: data.q }),
  ...searchPageIndexing(data, locale),
})

/** The in-router path of a search page for `q` in a given state. */
function useSearchPath() {
  const site = useSite()
  return (q: string, state: Omit<SearchUrlState, 'q'>) =>
    `${routerPath(hrefFor(site, 'search', { search: q }), site.basename)}${searchStateQuery(state)}`
}

const FRESH: Omit<SearchUrlState, 'q' | 'origin'> = { sort: null, page: 1, facets: {} }

function SearchLink({ q, origin, children }: { q: string; origin: SearchOrigin; children: React.ReactNode }) {
  const path = useSearchPath()
  return <Link to={path(q, { ...FRESH, origin })}>{children}</Link>
}

function Corrections({ data }: { data: SearchPageData }) {
  const intl = useIntl()
  const result = data.result
  if (!result) return null
  return (
    <>
      {result.autoCorrect ? (
        <p className="search-page__notice">
          {intl.formatMessage(
            { id: 'search.autoCorrected' },
            { corrected: result.autoCorrect.q, original: data.q },
          )}{' '}
          <SearchLink q={data.q} origin="UNDO_AUTO_CORRECT">
            {intl.formatMessage({ id: 'search.undoAutoCorrect' }, { original: data.q })}
          </SearchLink>
        </p>
      ) : null}
      {result.didYouMean.length > 0 ? (
        <p className="search-page__did-you-mean">
          {intl.formatMessage({ id: 'search.didYouMean' })}{' '}
          {result.didYouMean.map((suggestion, index) => (
            <span key={suggestion.q}>
              {index > 0 ? ', ' : null}
              <SearchLink q={suggestion.q} origin="DID_YOU_MEAN">
                {suggestion.q}
              </SearchLink>
            </span>
          ))}
        </p>
      ) : null}
    </>
  )
}

function SortSelect({ data }: { data: SearchPageData }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const path = useSearchPath()
  const sort = data.result?.primaryList.sort
  if (!sort || sort.options.length < 2) return null
  return (
    <div className="field list-page__sort">
      <label htmlFor="search-sort">{intl.formatMessage({ id: 'list.sort.label' })}</label>
      <select
        id="search-sort"
        value={sort.selected}
        onChange={(event) => {
          const option = sort.options.find((candidate) => candidate.id === event.target.value)
          if (option) void navigate(path(data.q, { ...data, origin: 'ORGANIC', page: 1, sort: option.id }))
        }}
      >
        {sort.options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

function FacetValues({ data, facet }: { data: SearchPageData; facet: Facet }) {
  const intl = useIntl()
  const path = useSearchPath()
  if (facet.type !== 'TEXT' && facet.type !== 'COLOR') return null
  return (
    <ul className="search-facet__values plain-list" role="list">
      {facet.values.map((value) => (
        <li key={value.id}>
          <Link
            to={path(data.q, toggleFacetValue(data, facet.id, value.id))}
            className="search-facet__value"
            aria-current={value.selected ? 'true' : undefined}
          >
            <span className="search-facet__check" aria-hidden="true">
              {value.selected ? '✓' : ''}
            </span>
            {value.label} <span className="search-facet__count">({value.count})</span>
            {value.selected ? (
              <span className="visually-hidden"> {intl.formatMessage({ id: 'search.facet.selected' })}</span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  )
}

function Facets({ data }: { data: SearchPageData }) {
  const intl = useIntl()
  const path = useSearchPath()
  const facets = (data.result?.primaryList.facets ?? []).filter(
    (facet) => (facet.type === 'TEXT' || facet.type === 'COLOR') && facet.values.length > 0,
  )
  if (facets.length === 0) return null
  const anySelected = Object.keys(data.facets).length > 0
  return (
    <section className="search-facets" aria-label={intl.formatMessage({ id: 'search.facets' })}>
      {facets.map((facet) => (
        <details
          key={facet.id}
          className="search-facet"
          open={'selectedCount' in facet && facet.selectedCount > 0}
        >
          <summary>{facet.label}</summary>
          <FacetValues data={data} facet={facet} />
        </details>
      ))}
      {anySelected ? (
        <Link
          to={path(data.q, { ...data, origin: 'ORGANIC', page: 1, facets: {} })}
          className="search-facets__clear"
        >
          {intl.formatMessage({ id: 'search.facets.clear' })}
        </Link>
      ) : null}
    </section>
  )
}

function Pages({ data }: { data: SearchPageData }) {
  const intl = useIntl()
  const path = useSearchPath()
  const total = data.result?.primaryList.totalHits ?? 0
  const pages = Math.ceil(total / SEARCH_PAGE_SIZE)
  if (pages < 2) return null
  return (
    <nav className="search-page__pages" aria-label={intl.formatMessage({ id: 'search.pages' })}>
      {data.page > 1 ? (
        <Link to={path(data.q, { ...data, origin: 'ORGANIC', page: data.page - 1 })} rel="prev">
          {intl.formatMessage({ id: 'search.pages.previous' })}
        </Link>
      ) : null}
      <span>{intl.formatMessage({ id: 'search.pages.current' }, { page: data.page, pages })}</span>
      {data.page < pages ? (
        <Link to={path(data.q, { ...data, origin: 'ORGANIC', page: data.page + 1 })} rel="next">
          {intl.formatMessage({ id: 'search.pages.next' })}
        </Link>
      ) : null}
    </nav>
  )
}

function NoResults({ data }: { data: SearchPageData }) {
  const intl = useIntl()
  return (
    <section className="search-page__empty" aria-labelledby="search-empty-title">
      <h2 id="search-empty-title">{intl.formatMessage({ id: 'search.empty.title' }, { query: data.q })}</h2>
      <p>{intl.formatMessage({ id: 'search.empty.help' })}</p>
      <SuggestedLists />
      {data.recommendations
        .filter((list) => list.visible && list.productGroups.length > 0)
        .map((list) => (
          <RecommendationRail key={list.id} list={list} headingLevel={2} />
        ))}
    </section>
  )
}

export function Component() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const data = useLoaderData() as SearchPageData
  const total = data.result?.primaryList.totalHits ?? 0
  const groups = data.result?.primaryList.productGroups ?? []
  return (
    <article className="list-page search-page">
      <header className="list-page__header">
        <h1>{intl.formatMessage({ id: 'page.search.title' }, { query: data.q })}</h1>
        <Corrections data={data} />
      </header>
      {data.result === null ? (
        <p className="search-page__unavailable" role="alert">
          {intl.formatMessage({ id: 'search.unavailable' })}
        </p>
      ) : total === 0 ? (
        <NoResults data={data} />
      ) : (
        <>
          <div className="list-page__toolbar">
            <p className="list-page__count" role="status">
              {intl.formatMessage({ id: 'list.count' }, { count: total })}
            </p>
            <SortSelect data={data} />
          </div>
          <div className="search-page__body">
            <Facets data={data} />
            <section className="list-page__products" aria-labelledby="list-products-title">
              {/* the cards' headings are h3, as on the other list pages: h1 → h2 → h3 */}
              <h2 id="list-products-title" className="visually-hidden">
                {intl.formatMessage({ id: 'list.products' })}
              </h2>
              <ul className="list-page__grid plain-list" role="list">
                {groups.map((group, position) => {
                  const product = group.products[0]
                  return product ? (
                    <li key={group.key}>
                      <ServiceProductCard
                        product={product}
                        headingLevel={3}
                        // the first row's images are the page's largest paint, as on the other lists
                        priority={position < 2}
                        onOpen={() =>
                          recordSearchClick(
                            dispatch,
                            data.q,
                            product,
                            (data.page - 1) * SEARCH_PAGE_SIZE + position + 1,
                          )
                        }
                      />
                    </li>
                  ) : null
                })}
              </ul>
            </section>
          </div>
          <Pages data={data} />
        </>
      )}
    </article>
  )
}

/**
 * The search results page's data (`/s/{term}`, issue #12 item 5): the URL's query, sort, page
 * and facet selections (`f.{id}=v1|v2`, `f.{id}.min/.max`) go to the service's `search-page` as
 * they are (docs/service-contracts.md#search-api: the URL keeps sort, page and facets); an empty answer also asks
 * for TOP_PRODUCTS so the shopper has somewhere to go. A failing service gives a page that says
 * so instead of an error page (docs/quality-bars.md#resilience).
 */
import type { PageLoaderArgs, PageMetaResult } from '../../app/route-types'
import type { LocaleCode } from '../../shared/markets'
import {
  PRODUCT_SORTS,
  SEARCH_ORIGINS,
  type ProductSort,
  type RecommendationList,
  type SearchOrigin,
  type SearchPageResponse,
  type Touchpoint,
} from '../../shared/search-api'
import { searchQuery, type SearchContext } from './client'
import { requestSearchSession } from './session'
import { emptySearchRecommendations } from '../recommendations/request'

export const SEARCH_PAGE_SIZE = 24

export interface SearchUrlState {
  q: string
  sort: ProductSort | null
  page: number
  origin: SearchOrigin
  /** the `f.*` params exactly as the URL has them */
  facets: Record<string, string>
}

export interface SearchPageData extends SearchUrlState {
  /** null: the service could not answer */
  result: SearchPageResponse | null
  /** for an empty result */
  recommendations: RecommendationList[]
}

function isSort(value: string | null): value is ProductSort {
  return value !== null && (PRODUCT_SORTS as readonly string[]).includes(value)
}

function isOrigin(value: string | null): value is SearchOrigin {
  return value !== null && (SEARCH_ORIGINS as readonly string[]).includes(value)
}

export function searchUrlState(term: string, search: URLSearchParams): SearchUrlState {
  const facets: Record<string, string> = {}
  for (const [name, value] of search) {
    if (/^f\.[\w-]+(\.min|\.max)?$/.test(name) && value !== '') facets[name] = value
  }
  const page = Number.parseInt(search.get('page') ?? '1', 10)
  const sort = search.get('sort')
  const origin = search.get('origin')
  return {
    q: term.trim(),
    sort: isSort(sort) ? sort : null,
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 100) : 1,
    origin: isOrigin(origin) ? origin : 'ORGANIC',
    facets,
  }
}

/**
 * Whether crawlers may index a search page, and where it is canonical (ADR 0049). An unfiltered
 * page of a term with products is that term's landing page (sorted or later pages canonical at the
 * first, as the head drops the query): indexed, canonical at the
 * term as typed without case or extra spaces (`/s/Musta%20%20mekko` → `/s/musta%20mekko`), so
 * the ways of typing one term are one page. A filtered view of it, a search that found nothing,
 * one the service corrected to another term or could not answer stays out of the index.
 */
export function searchPageIndexing(
  data: SearchPageData,
  locale: LocaleCode,
): Pick<PageMetaResult, 'noindex' | 'alternates'> {
  const term = data.q.replace(/\s+/g, ' ').trim().toLocaleLowerCase(locale)
  const landing =
    term !== '' &&
    data.result !== null &&
    data.result.primaryList.totalHits > 0 &&
    data.result.autoCorrect === undefined &&
    Object.keys(data.facets).length === 0
  if (!landing) return { noindex: true }
  // one language only: a term is a word of the language it was searched in
  return { noindex: false, alternates: { [locale]: `/s/${encodeURIComponent(term)}` } }
}

/** The URL of a search page state (the page in the router, without basename). */
export function searchStateQuery(state: Omit<SearchUrlState, 'q'>): string {
  const params = new URLSearchParams()
  if (state.sort) params.set('sort', state.sort)
  if (state.page > 1) params.set('page', String(state.page))
  if (state.origin !== 'ORGANIC') params.set('origin', state.origin)
  for (const [name, value] of Object.entries(state.facets).sort(([a], [b]) => a.localeCompare(b)))
    params.set(name, value)
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** Selects or clears one value of a list facet (`|`-joined values); a new selection starts at page 1. */
export function toggleFacetValue(state: SearchUrlState, facetId: string, valueId: string): SearchUrlState {
  const name = `f.${facetId}`
  const values = (state.facets[name] ?? '').split('|').filter(Boolean)
  const next = values.includes(valueId) ? values.filter((value) => value !== valueId) : [...values, valueId]
  const facets = { ...state.facets }
  if (next.length > 0) facets[name] = next.join('|')
  else delete facets[name]
  return { ...state, facets, page: 1, origin: 'ORGANIC' }
}

function touchpointOf(request: Request): Touchpoint {
  return /Mobi|Android|iPhone/i.test(request.headers.get('user-agent') ?? '') ? 'mobile' : 'desktop'
}

export async function loadSearchPage(args: PageLoaderArgs): Promise<SearchPageData> {
  const url = new URL(args.request.url)
  const state = searchUrlState(args.params.search ?? '', url.searchParams)
  const onServer = typeof window === 'undefined'
  const context: SearchContext = {
    ...args.search,
    market: args.market,
    locale: args.locale,
    touchpoint: touchpointOf(args.request),
    session: onServer
      ? requestSearchSession(args.request.headers.get('cookie'))
      : (await import('./session')).browserSearchSession(),
  }
  // the server render's fetch ends every call at the page's deadline (PAGE_DEADLINE_MS,
  // server/ssr/render.ts), after which the page shows its notice; the browser's ends a search
  // the shopper navigated away from
  const signal = onServer ? undefined : args.request.signal
  let result: SearchPageResponse
  try {
    result = await searchQuery(
      context,
      'search-page',
      {
        q: state.q,
        origin: state.origin,
        limit: SEARCH_PAGE_SIZE,
        skip: (state.page - 1) * SEARCH_PAGE_SIZE,
        ...(state.sort ? { sort: state.sort } : {}),
        ...state.facets,
      },
      undefined,
      signal,
    )
  } catch {
    return { ...state, result: null, recommendations: [] }
  }
  let recommendations = result.recommendationLists ?? []
  if (result.primaryList.totalHits === 0 && recommendations.length === 0) {
    const request = emptySearchRecommendations()
    if (request.endpoint === 'landing-page') {
      recommendations = await searchQuery(
        context,
        request.endpoint,
        request.params,
        request.body,
        signal,
      ).then(
        (answer) => answer.recommendationLists,
        () => [],
      )
    }
  }
  return { ...state, result, recommendations }
}

/**
 * Loading a product list page: which list the route names (a list url for the commerce API, a
 * search text, or a bare alias), the products query's filter from the URL's selection, the page
 * window, and the answer as the page's loader data. Unknown lists are real 404s.
 *
 * Paging: `page=N` means the shopper has paged (with "load more" or the page links) up to page N;
 * the page shows pages max(1, N - 7) … N, so coming back to a list (reload, back) shows the
 * product the shopper left, within the API's 200-product window.
 */
import type { PageLoaderArgs } from '../../app/route-types'

import { runQuery } from '../../app/graphql'

import type { GlobalConfig } from '../../app/global-slice'

import { LIST_SORTS, parseListSearch, type ListSelection, type ListSort } from '../../lib/list-url'

import { hasFilters, priceRangeOf, selectedFacetIds } from '../../lib/list-selection'

import type { ListProduct } from '../../ui/product-card-data'

import type { ListPageQuery, ListResultFieldsFragment } from '../../graphql/generated'
import { listItems, type ListItem } from '../../graphql/list-items'

import listProductFields from '../../../graphql/operations/list-product-fields.graphql?raw'
import priceFields from '../../../graphql/operations/price-fields.graphql?raw'
import listResultFields from '../../../graphql/operations/list-result-fields.graphql?raw'
import listPageQuery from '../../graphql/operations/list-page'
import listSearchQuery from '../../graphql/operations/list-search'
import listPageAliasQuery from '../../graphql/operations/list-page-info'
import { withFragments } from '../../graphql/operation'

export const PAGE_SIZE = 24
/** Pages shown at once at most: 8 × 24 = 192 products, within the API's take ≤ 200. */
export const MAX_WINDOW_PAGES = 8
/** The API's skip limit. */
const MAX_SKIP = 6000

const fragments = `${listResultFields}\n${listProductFields}\n${priceFields}`

export type ListTarget =
  /** '/c/…', '/b/…', '/dc/…', '/l/…' */
  | { kind: 'url'; url: string }
  | { kind: 'search'; text: string }
  /** /list/{alias?}: a category, brand, campaign or generic list by its bare alias; none = all products */
  | { kind: 'alias'; alias: string | undefined }

export type ListPageInfo = NonNullable<ListPageQuery['listPageInfo']>
export type ListResult = ListResultFieldsFragment
export type Facet = ListItem<NonNullable<ListResult['filters']>['facets']>
export type FacetValue = ListItem<Facet['values']>

export interface ListPageData {
  info: ListPageInfo | null
  /** the search text on search pages */
  searchText: string | null
  count: number
  products: ListProduct[]
  facets: Facet[]
  priceRange: { lowest: number; highest: number } | null
  selection: ListSelection
  /** the sort used when the URL names none */
  defaultSort: ListSort
  sorts: ListSort[]
  /** the first page shown (pages firstPage … selection.page are on the page) */
  firstPage: number
  pageSize: number
  /**
   * Set when the page was made offline from the products already loaded
   * (src/features/offline/list-cache.ts): the filters it could not apply
   */
  offline?: { unsupportedFilters: string[] }
}

/** The facet id forms of the commerce API (docs/adr/0003); anything else in a URL is dropped. */
export function isFacetId(id: string): boolean {
  return /^(?:[cb]_[1-9]\d{0,8}|dc_[1-9]\d{0,8}|sk_.+|di_\d{1,3}-\d{1,3}|p_[1-9]\d{0,8}_.+)$/.test(id)
}

/** Pages firstPage … page, at most MAX_WINDOW_PAGES of them. */
export function pageWindow(
  page: number,
  pageSize = PAGE_SIZE,
): { firstPage: number; skip: number; take: number } {
  const last = Math.max(1, Math.floor(page))
  let firstPage = Math.max(1, last - MAX_WINDOW_PAGES + 1)
  while ((firstPage - 1) * pageSize > MAX_SKIP) firstPage--
  return { firstPage, skip: (firstPage - 1) * pageSize, take: (last - firstPage + 1) * pageSize }
}

/**
 * The default sort of a list (docs/product-rules.md#catalogue-and-lists): a configured custom sort for the route first; relevance
 * on search pages; each special list its own (bestsellers sell most, sale and outlet cheapest
 * first, new and incoming newest first); otherwise the configured default.
 */
export function listDefaultSort(
  routeName: string,
  listAlias: string | undefined,
  config: Pick<GlobalConfig, 'productListDefaultSort' | 'customSortRoutes'>,
): ListSort {
  const custom = config.customSortRoutes.find((entry) => entry.routeName === routeName)
  if (custom) return custom.sort
  if (routeName === 'search') return 'RELEVANCE'
  if (routeName === 'bestsellers' || listAlias === 'bestsellers') return 'MOST_SOLD'
  if (listAlias === 'sale' || listAlias === 'outlet') return 'PRICE'
  if (routeName === 'new-arrivals' || routeName === 'incoming') return 'LATEST'
  return config.productListDefaultSort
}

/** The sorts offered: relevance only where there is a search text to be relevant to. */
export function sortsFor(routeName: string): ListSort[] {
  return LIST_SORTS.filter((sort) => sort !== 'RELEVANCE' || routeName === 'search')
}

export interface ProductsFilter {
  facets: string[]
  sort: ListSort
  filterMode: 'BY_GROUP' | 'CURRENT'
  price?: { lowest: number | null; highest: number | null }
  searchText?: string
}

/** The products query's filter: facets as chosen, BY_GROUP counts when anything is chosen. */
export function productsFilter(
  selection: ListSelection,
  defaultSort: ListSort,
  searchText?: string,
): ProductsFilter {
  const filter: ProductsFilter = {
    facets: selectedFacetIds(selection).filter(isFacetId),
    sort: selection.sort ?? defaultSort,
    filterMode: hasFilters(selection) ? 'BY_GROUP' : 'CURRENT',
  }
  const price = priceRangeOf(selection)
  if (price) filter.price = price
  if (searchText) filter.searchText = searchText
  return filter
}

function isNotFound(error: unknown): boolean {
  const errors = (error as { errors?: { extensions?: { code?: unknown } }[] } | null)?.errors
  return Array.isArray(errors) && errors.some((entry) => entry.extensions?.code === 'NOT_FOUND')
}

const notFound = () => new Response('Not Found', { status: 404, statusText: 'Not Found' })

async function listUrlForAlias(args: PageLoaderArgs, alias: string): Promise<string> {
  const data = await runQuery(args.apollo, listPageAliasQuery, { alias })
  const url = data.listPageInfo?.canonicalUrl
  if (!url) throw notFound()
  return url
}

export async function loadListPage(
  args: PageLoaderArgs,
  routeName: string,
  target: ListTarget,
): Promise<ListPageData> {
  const selection = parseListSearch(new URL(args.request.url).searchParams)
  const config = args.store.getState().global.config
  const url =
    target.kind === 'url'
      ? target.url
      : target.kind === 'alias' && target.alias
        ? await listUrlForAlias(args, target.alias)
        : null
  const listAlias = url?.startsWith('/l/') ? url.slice(3) : undefined
  const defaultSort = listDefaultSort(routeName, listAlias, config)
  const searchText = target.kind === 'search' ? target.text : null
  const { firstPage, skip, take } = pageWindow(selection.page)
  const variables = {
    skip,
    take,
    filter: productsFilter(selection, defaultSort, searchText ?? undefined),
    ...(url ? { url } : {}),
  }
  let info: ListPageInfo | null = null
  let result: ListResult | null
  try {
    if (url) {
      const data = await runQuery(args.apollo, withFragments(listPageQuery, fragments), variables)
      info = data.listPageInfo
      if (!info) throw notFound()
      result = data.products
    } else {
      const data = await runQuery(args.apollo, withFragments(listSearchQuery, fragments), variables)
      result = data.products
    }
  } catch (error) {
    if (isNotFound(error)) throw notFound()
    throw error
  }
  return {
    info,
    searchText,
    count: result?.count ?? 0,
    products: listItems(result?.products),
    facets: listItems(result?.filters?.facets),
    priceRange: result?.filters?.price ?? null,
    selection,
    defaultSort,
    sorts: sortsFor(routeName),
    firstPage,
    pageSize: PAGE_SIZE,
  }
}

/**
 * The product list pages (category, brand, discount campaign, search, generic lists, bestsellers,
 * new arrivals, incoming): `listRoute(...)` gives a route module its loader, meta and view. The
 * loader reads the list and the URL's selection (src/features/list/query.ts); the view shows the
 * heading, subcategories, the sort, the filter panel, the chosen filters, the product cards,
 * "load more" and the page links, or help to go on when nothing matches.
 */
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { Link, useLoaderData, useLocation, useNavigation, type Params } from 'react-router'
import type { PageLoader, PageMeta } from '../app/route-types'
import { isLocaleCode, type LocaleCode } from '../shared/markets'
import {
  listSearchString,
  isListSort,
  parseListSearch,
  type FilterValue,
  type ListSelection,
} from '../lib/list-url'
import {
  hasFilters,
  toggleValue,
  withPage,
  withPriceRange,
  withSort,
  withoutFilters,
  type SelectionSlot,
} from '../lib/list-selection'
import { FacetsPanel } from '../features/list/FacetsPanel'
import { CardFavouriteToggle } from '../features/favourites/FavouriteToggle'
import { loadListPage, type ListPageData, type ListTarget } from '../features/list/query'
import { useListNavigate, usePendingSelection } from '../features/list/navigation'
import { productIdOfClick, useProductLeft } from '../features/list/product-left'
import { listAnalyticsName, recordListImpressions, recordProductClick } from '../features/list/analytics'
import { useAppDispatch } from '../app/hooks'
import { ProductCard, productCardId } from './ProductCard'
import { RouteLink } from './RouteLink'
import { SuggestedLists } from './SuggestedLists'
import '../features/list/list.css'
import { listItems } from '../graphql/list-items'
import { isNetworkFailure } from '../features/offline/connectivity'
import { listFromCache, rememberList } from '../features/offline/list-cache'

export interface ListTexts {
  /** message id of the title when the list has no name of its own (and of search pages, with {query}) */
  title: string
  /** message id of the introduction, with {name} or {query} */
  intro: string
}

export interface ListRouteOptions {
  routeName: string
  texts: ListTexts
  target: (params: Params) => ListTarget
  /** the page's own title and introduction (bestsellers, new arrivals, incoming), not the list's */
  ownTexts?: boolean
}

type Format = (id: string, values?: Record<string, string>) => string

function pageTitle(data: ListPageData, texts: ListTexts, format: Format, ownTexts = false) {
  if (data.searchText !== null) return format(texts.title, { query: data.searchText })
  return (ownTexts ? null : data.info?.name) ?? format(texts.title)
}

function pageIntro(data: ListPageData, texts: ListTexts, format: Format, title: string, ownTexts = false) {
  const description = ownTexts ? null : data.info?.primaryDescription
  return description && !data.info?.hideDescription
    ? description
    : format(texts.intro, { name: title, query: data.searchText ?? '' })
}

/** The list's path in each language (for hreflang), from the API's alternative urls. */
function listAlternates(data: ListPageData): Partial<Record<LocaleCode, string>> | undefined {
  const paths: Partial<Record<LocaleCode, string>> = {}
  for (const alternative of listItems(data.info?.alternativeUrls)) {
    if (isLocaleCode(alternative.language)) paths[alternative.language] ??= alternative.url
  }
  return Object.keys(paths).length > 0 ? paths : undefined
}

export function listRoute(options: ListRouteOptions) {
  const loader: PageLoader<ListPageData> = async (args) => {
    try {
      const data = await loadListPage(args, options.routeName, options.target(args.params))
      recordListImpressions(args.store.dispatch, options.routeName, data)
      return data
    } catch (error) {
      // Offline: filters, sorts and "load more" answer from the products already loaded
      if (!isNetworkFailure(error)) throw error
      const url = new URL(args.request.url)
      const cached = listFromCache(url.pathname, parseListSearch(url.searchParams))
      if (!cached) throw error
      return cached
    }
  }

  const meta: PageMeta<ListPageData> = ({ data, intl }) => {
    const format: Format = (id, values) => intl.formatMessage({ id }, values)
    const own = options.ownTexts ?? false
    const title = pageTitle(data, options.texts, format, own)
    const description =
      (own ? null : data.info?.meta?.description) ?? pageIntro(data, options.texts, format, title, own)
    return {
      title: (own ? null : data.info?.meta?.title) ?? title,
      description,
      // filtered and searched lists are many views of the same products
      noindex: data.searchText !== null || hasFilters(data.selection),
      alternates: listAlternates(data),
    }
  }

  function Component() {
    const data = useLoaderData() as ListPageData
    return (
      <ListView
        data={data}
        texts={options.texts}
        ownTexts={options.ownTexts ?? false}
        listName={listAnalyticsName(options.routeName, data)}
      />
    )
  }

  return { loader, meta, Component }
}

function ListView({
  data,
  texts,
  ownTexts,
  listName,
}: {
  data: ListPageData
  texts: ListTexts
  ownTexts: boolean
  listName: string
}) {
  const intl = useIntl()
  const format: Format = (id, values) => intl.formatMessage({ id }, values)
  const title = pageTitle(data, texts, format, ownTexts)
  const { selection, products, count } = data
  const intro = pageIntro(data, texts, format, title, ownTexts)
  // kept for offline filtering (the full path: the loader sees the URL with its basename)
  useEffect(() => rememberList(window.location.pathname, data), [data])
  return (
    <article className="list-page">
      <header className="list-page__header">
        <h1>{title}</h1>
        <p className="page-intro">{intro}</p>
        <SubCategories data={data} />
      </header>
      <div className="list-page__toolbar">
        <p className="list-page__count" role="status">
          {intl.formatMessage({ id: 'list.count' }, { count })}
        </p>
        <SortSelect data={data} />
        <FacetsPanel facets={data.facets} selection={selection} priceRange={data.priceRange} count={count} />
      </div>
      <SelectedFilters selection={selection} />
      {data.offline ? <OfflineListNotice unsupportedFilters={data.offline.unsupportedFilters} /> : null}
      {products.length > 0 ? <ProductGrid data={data} listName={listName} /> : <EmptyList data={data} />}
    </article>
  )
}

/** Says the list was made from what this device holds, and which filters wait for the network. */
function OfflineListNotice({ unsupportedFilters }: { unsupportedFilters: string[] }) {
  const intl = useIntl()
  return (
    <div className="list-page__offline notice" role="status">
      <p>{intl.formatMessage({ id: 'offline.list.cachedOnly' })}</p>
      {unsupportedFilters.length > 0 ? (
        <p>{intl.formatMessage({ id: 'offline.list.filtersNeedNetwork' })}</p>
      ) : null}
    </div>
  )
}

function SubCategories({ data }: { data: ListPageData }) {
  const intl = useIntl()
  const categories = listItems(data.info?.subCategories).filter((category) =>
    category.canonicalUrl.startsWith('/c/'),
  )
  if (categories.length === 0) return null
  return (
    <nav className="list-page__subcategories" aria-label={intl.formatMessage({ id: 'list.subCategories' })}>
      <ul className="plain-list" role="list">
        {categories.map((category) => (
          <li key={category.categoryId}>
            <RouteLink to="category" params={{ '*': category.canonicalUrl.slice(3) }} className="chip">
              {category.name}
            </RouteLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function SortSelect({ data }: { data: ListPageData }) {
  const intl = useIntl()
  const [selection, go] = usePendingSelection(data.selection)
  const current = selection.sort ?? data.defaultSort
  const sorts = data.sorts.includes(current) ? data.sorts : [...data.sorts, current]
  return (
    <div className="field list-page__sort">
      <label htmlFor="list-sort">{intl.formatMessage({ id: 'list.sort.label' })}</label>
      <select
        id="list-sort"
        value={current}
        onChange={(event) => {
          const sort = event.target.value
          if (isListSort(sort)) go(withSort(selection, sort === data.defaultSort ? null : sort))
        }}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {intl.formatMessage({ id: `list.sort.${sort}` })}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The chosen filters, each removable, and a way to clear them all. */
function SelectedFilters({ selection }: { selection: ListSelection }) {
  const intl = useIntl()
  const go = useListNavigate()
  if (!hasFilters(selection)) return null
  const chips: { key: string; label: string; remove: () => ListSelection }[] = []
  const add = (slot: SelectionSlot, values: FilterValue[]) => {
    for (const value of values) {
      chips.push({
        key: `${'key' in slot ? slot.key : `p-${slot.parameter}`}:${value.id}`,
        label: value.label || value.id,
        remove: () => toggleValue(selection, slot, value),
      })
    }
  }
  add({ key: 'categories' }, selection.categories)
  add({ key: 'brands' }, selection.brands)
  add({ key: 'skus' }, selection.skus)
  add({ key: 'campaigns' }, selection.campaigns)
  add({ key: 'discount' }, selection.discount)
  for (const [name, values] of Object.entries(selection.parameters)) add({ parameter: name }, values)
  for (const value of selection.price) {
    chips.push({
      key: `price:${value.id}`,
      label: value.label,
      remove: () => withPriceRange(selection, null),
    })
  }
  return (
    <section className="list-page__selected" aria-label={intl.formatMessage({ id: 'list.filters.selected' })}>
      <ul className="plain-list" role="list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className="chip chip--removable"
              aria-label={intl.formatMessage({ id: 'list.filters.remove' }, { label: chip.label })}
              onClick={() => go(chip.remove())}
            >
              {chip.label}
              <span aria-hidden="true"> ×</span>
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="chip" onClick={() => go(withoutFilters(selection))}>
            {intl.formatMessage({ id: 'list.filters.clear' })}
          </button>
        </li>
      </ul>
    </section>
  )
}

function ProductGrid({ data, listName }: { data: ListPageData; listName: string }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const go = useListNavigate()
  const location = useLocation()
  const navigation = useNavigation()
  const { products, count, selection, firstPage, pageSize } = data
  const lastShown = (firstPage - 1) * pageSize + products.length
  const totalPages = Math.max(1, Math.ceil(count / pageSize))
  const onGridClick = useProductLeft(products.map((product) => product.productId))
  // capture: the click is recorded before the link's own handler starts the navigation (and with
  // it the next page's impression), so select_item comes before that page's page_view
  const onGridClickCapture = (event: MouseEvent<HTMLElement>) => {
    const productId = productIdOfClick(event.target)
    if (productId !== null)
      recordProductClick(dispatch, listName, products, productId, (firstPage - 1) * pageSize + 1)
  }
  // after "load more", the focus moves to the first product that was added
  const focusNext = useRef<number | null>(null)
  useEffect(() => {
    const index = focusNext.current
    if (index === null || products.length <= index) return
    focusNext.current = null
    const product = products[index]
    if (product)
      document
        .getElementById(productCardId(product.productId))
        ?.querySelector<HTMLElement>('a[href]')
        ?.focus()
  }, [products])
  const loading = navigation.state === 'loading'
  const pageHref = (page: number) => ({
    pathname: location.pathname,
    search: listSearchString(withPage(selection, page)),
  })
  return (
    <section
      className="list-page__products"
      aria-labelledby="list-products-title"
      aria-busy={loading || undefined}
    >
      {/* the cards' headings are h3: this keeps the outline h1 → h2 → h3 for screen readers */}
      <h2 id="list-products-title" className="visually-hidden">
        {intl.formatMessage({ id: 'list.products' })}
      </h2>
      {firstPage > 1 ? (
        <p className="list-page__previous">
          <Link to={pageHref(firstPage - 1)} preventScrollReset>
            {intl.formatMessage({ id: 'list.showPrevious' })}
          </Link>
        </p>
      ) : null}
      <ul
        className="list-page__grid plain-list"
        role="list"
        onClick={onGridClick}
        onClickCapture={onGridClickCapture}
      >
        {products.map((product, index) => (
          <li key={product.productId}>
            <ProductCard
              product={product}
              priority={index < 2}
              actions={<CardFavouriteToggle product={product} />}
            />
          </li>
        ))}
      </ul>
      <div className="list-page__more">
        <p>{intl.formatMessage({ id: 'list.showing' }, { shown: lastShown, count })}</p>
        {lastShown < count ? (
          <button
            type="button"
            className="button"
            disabled={loading}
            onClick={() => {
              focusNext.current = products.length
              go(withPage(selection, selection.page + 1), { replace: true })
            }}
          >
            {intl.formatMessage({ id: 'list.loadMore' })}
          </button>
        ) : null}
      </div>
      {totalPages > 1 ? (
        <nav className="list-page__pages" aria-label={intl.formatMessage({ id: 'list.pagination' })}>
          <ul className="plain-list" role="list">
            {pageNumbers(selection.page, totalPages).map((page, index) =>
              page === null ? (
                <li key={`gap-${index}`} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={page}>
                  <Link
                    to={pageHref(page)}
                    aria-label={intl.formatMessage({ id: 'list.page' }, { page })}
                    aria-current={page === selection.page ? 'page' : undefined}
                  >
                    {page}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>
      ) : null}
    </section>
  )
}

/** 1 … 4 5 [6] 7 8 … 20: the first and last pages and two either side of the current one. */
export function pageNumbers(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total])
  for (let page = current - 2; page <= current + 2; page++) if (page >= 1 && page <= total) pages.add(page)
  const sorted = [...pages].sort((a, b) => a - b)
  const result: (number | null)[] = []
  for (const page of sorted) {
    const previous = result.at(-1)
    if (typeof previous === 'number' && page - previous > 1) result.push(null)
    result.push(page)
  }
  return result
}

function EmptyList({ data }: { data: ListPageData }) {
  const intl = useIntl()
  const go = useListNavigate()
  const filtered = hasFilters(data.selection)
  let help: ReactNode
  if (filtered) help = intl.formatMessage({ id: 'list.empty.filtered' })
  else if (data.searchText !== null)
    help = intl.formatMessage({ id: 'list.empty.search' }, { query: data.searchText })
  else help = intl.formatMessage({ id: 'list.empty.list' })
  return (
    <section className="list-page__empty" aria-labelledby="list-empty-title">
      <h2 id="list-empty-title">{intl.formatMessage({ id: 'list.empty.title' })}</h2>
      <p>{help}</p>
      {filtered ? (
        <button type="button" className="button" onClick={() => go(withoutFilters(data.selection))}>
          {intl.formatMessage({ id: 'list.filters.clear' })}
        </button>
      ) : null}
      <SuggestedLists />
    </section>
  )
}

/**
 * The products query: which list (category, brand, campaign, generic list, search), the filter
 * (facets, price, excluded facets, product ids), the sort, the page, and the facet counts.
 *
 * One CTE (`base`) holds the list's products with one boolean per selected facet group; the page
 * is one statement over it and the total with the facet counts another (kept between requests).
 * In BY_GROUP mode each group is counted with every selection applied except its own, so a
 * shopper sees how many products another brand would add; CURRENT counts the result as it is.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { DB } from '../../../db/schema'
import { LOCALES, LOCALE_CODES, type LocaleCode } from '../../../../src/shared/markets'
import { toDecimal } from '../pricing/money'
import type { RequestScope } from '../context'
import { notFound } from '../errors'
import { DISCOUNT_BANDS, discountBandOf } from '../../../../src/shared/discount-bands'
import {
  bandId,
  type FacetSelection,
  type FilterCollection,
  type FilterGroup,
  type FilterValue,
} from './facets'
import {
  descendantIds,
  findCategory,
  type CategoryNode,
  type CategoryTree,
  type ImageRow,
  type SkuRow,
} from './loaders'
import { selectProductCards, type ProductCoreRow } from './product-sql'
import { campaignRunsNow } from './campaigns'
import { brandUrl, campaignUrl, categoryUrl } from './products'
import type { SortType } from './validation'
import { FEW_LEFT_THRESHOLD } from '../../../../src/shared/availability'
import { compareSizes } from '../../../../src/shared/sizes'

/** Each language's full-text configuration (the shop definition). */
const TS_CONFIG = Object.fromEntries(LOCALE_CODES.map((code) => [code, LOCALES[code].tsConfig])) as Record<
  LocaleCode,
  string
>

/** Generic lists (/l/<alias>): a condition and the sort they default to. */
export const GENERIC_LISTS = {
  all: { sort: 'LATEST' },
  'new-arrivals': { sort: 'LATEST' },
  bestsellers: { sort: 'MOST_SOLD' },
  incoming: { sort: 'LATEST' },
  sale: { sort: 'PRICE' },
  outlet: { sort: 'PRICE' },
  sustainable: { sort: 'LATEST' },
  collab: { sort: 'LATEST' },
  petite: { sort: 'LATEST' },
} as const satisfies Record<string, { sort: SortType }>
export type GenericList = keyof typeof GENERIC_LISTS

export function isGenericList(alias: string): alias is GenericList {
  return Object.hasOwn(GENERIC_LISTS, alias)
}

export type ListTarget =
  | { kind: 'all' }
  | { kind: 'category'; node: CategoryNode; categoryIds: number[] }
  | { kind: 'brand'; brandId: number; alias: string; name: string }
  | { kind: 'campaign'; campaignId: number; alias: string; name: string }
  | { kind: 'generic'; list: GenericList }
  | { kind: 'search'; text: string }

export interface ListQuery {
  target: ListTarget
  searchText: string | null
  selection: FacetSelection
  excluded: FacetSelection
  /** Minor units, VAT included. */
  priceRange: { lowest: number | null; highest: number | null }
  productIds: number[] | null
  sort: SortType
  filterMode: 'BY_GROUP' | 'CURRENT'
  skip: number
  take: number
}

export function defaultSort(target: ListTarget, searchText: string | null): SortType {
  if (searchText || target.kind === 'search') return 'RELEVANCE'
  if (target.kind === 'generic') return GENERIC_LISTS[target.list].sort
  return 'LATEST'
}

/** '/c/dresses', '/c/women/dresses', '/b/aurora', '/dc/summer', '/l/new-arrivals', '/s/mekko'. */
export function parseListUrl(url: string): { type: 'c' | 'b' | 'dc' | 'l' | 's'; alias: string } | null {
  const path = url.split(/[?#]/)[0] ?? ''
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment)
      } catch {
        return segment
      }
    })
  const [type, ...rest] = segments
  const alias = rest.at(-1)
  if (!alias || (type !== 'c' && type !== 'b' && type !== 'dc' && type !== 'l' && type !== 's')) return null
  return { type, alias: type === 's' ? rest.join('/') : alias }
}

export async function findBrand(db: Kysely<DB>, alias: string) {
  return db
    .selectFrom('brands')
    .select(['brand_id', 'alias', 'name'])
    .where('alias', '=', alias)
    .executeTakeFirst()
}

export async function findCampaign(db: Kysely<DB>, language: LocaleCode, alias: string) {
  return db
    .selectFrom('discount_campaign_texts as t')
    .innerJoin('discount_campaigns as c', 'c.campaign_id', 't.campaign_id')
    .select(['c.campaign_id', 't.alias', 't.name', 't.description', 't.language'])
    .where('t.alias', '=', alias)
    .orderBy(sql`t.language = ${language}`, 'desc')
    .limit(1)
    .executeTakeFirst()
}

export interface TargetArgs {
  categoryAlias?: string | null
  brandAlias?: string | null
  discountCampaignAlias?: string | null
  url?: string | null
}

/** Which list the arguments name; an unknown alias or url is NOT_FOUND. */
export async function resolveTarget(
  db: Kysely<DB>,
  scope: RequestScope,
  tree: CategoryTree,
  args: TargetArgs,
): Promise<ListTarget> {
  let type: 'c' | 'b' | 'dc' | 'l' | 's' | null = null
  let alias = ''
  if (args.categoryAlias) [type, alias] = ['c', args.categoryAlias]
  else if (args.brandAlias) [type, alias] = ['b', args.brandAlias]
  else if (args.discountCampaignAlias) [type, alias] = ['dc', args.discountCampaignAlias]
  else if (args.url) {
    const parsed = parseListUrl(args.url)
    if (!parsed) throw notFound(`No product list at url '${args.url.slice(0, 200)}'`)
    ;({ type, alias } = parsed)
  }
  switch (type) {
    case null:
      return { kind: 'all' }
    case 'c': {
      const node = await findCategory(db, tree, alias)
      if (!node) throw notFound(`No category with alias '${alias}'`)
      return { kind: 'category', node, categoryIds: descendantIds(tree, node.categoryId) }
    }
    case 'b': {
      const brand = await findBrand(db, alias)
      if (!brand) throw notFound(`No brand with alias '${alias}'`)
      return { kind: 'brand', brandId: brand.brand_id, alias: brand.alias, name: brand.name }
    }
    case 'dc': {
      const campaign = await findCampaign(db, scope.language, alias)
      if (!campaign) throw notFound(`No discount campaign with alias '${alias}'`)
      return {
        kind: 'campaign',
        campaignId: campaign.campaign_id,
        alias: campaign.alias,
        name: campaign.name,
      }
    }
    case 'l':
      if (!isGenericList(alias)) throw notFound(`No product list with alias '${alias}'`)
      return { kind: 'generic', list: alias }
    case 's':
      return { kind: 'search', text: alias }
  }
}

// ------------------------------------------------------------------------------------------ SQL
// Lists read product_listing (migration 0700, docs/adr/0017): one row per product and market with
// the price, the stock totals and the facet values as arrays, kept current by triggers. Only a
// search (and the alphabetical sorts) joins the language's product_texts.

const TRUE = sql<boolean>`true`

function all(conditions: readonly RawBuilder<unknown>[]): RawBuilder<boolean> {
  return conditions.length === 0 ? TRUE : sql<boolean>`(${sql.join(conditions, sql` AND `)})`
}

function any(conditions: readonly RawBuilder<unknown>[]): RawBuilder<boolean> {
  return conditions.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(conditions, sql` OR `)})`
}

const intArray = (ids: readonly number[]) => sql`ARRAY[${sql.join([...ids])}]::int[]`
const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join([...values])}]::text[]`

function inCategories(ids: readonly number[]) {
  return sql`(l.primary_category_id IN (${sql.join([...ids])}) OR l.category_ids && ${intArray(ids)})`
}

/** One condition per selected facet group, keyed by group ('c', 'b', 'sk', 'dc', 'di', 'param_<id>'). */
function groupConditions(selection: FacetSelection, tree: CategoryTree): Map<string, RawBuilder<unknown>> {
  const groups = new Map<string, RawBuilder<unknown>>()
  if (selection.categoryIds.length > 0) {
    const ids = [...new Set(selection.categoryIds.flatMap((id) => descendantIds(tree, id)))]
    groups.set('c', inCategories(ids))
  }
  if (selection.brandIds.length > 0) groups.set('b', sql`l.brand_id IN (${sql.join(selection.brandIds)})`)
  // a size filter means "can be bought in that size" (ADR 0055)
  if (selection.sizes.length > 0) groups.set('sk', sql`l.sizes_in_stock && ${textArray(selection.sizes)}`)
  if (selection.campaignIds.length > 0) {
    groups.set('dc', sql`l.campaign_ids && ${intArray(selection.campaignIds)}`)
  }
  if (selection.discountBands.length > 0) {
    groups.set(
      'di',
      // only cut prices: the first band starts at 0 %, which a full price also rounds to
      sql`l.price < l.regular AND ${any(
        selection.discountBands.map(([from, to]) => sql`l.discount_percent BETWEEN ${from} AND ${to}`),
      )}`,
    )
  }
  for (const [parameterId, values] of selection.parameters) {
    groups.set(
      `param_${parameterId}`,
      sql`l.parameter_value_ids && ARRAY(SELECT v.parameter_value_id FROM parameter_values v
        WHERE v.parameter_id = ${parameterId} AND v.identifier IN (${sql.join(values)}))`,
    )
  }
  return groups
}

function searchQuery(scope: RequestScope, text: string) {
  return sql`websearch_to_tsquery(${TS_CONFIG[scope.language]}::regconfig, ${text})`
}

/** Full-text match with the language's stemmer, or a close trigram match for typos. */
function searchCondition(scope: RequestScope, text: string) {
  return sql`(pt.search_vector @@ ${searchQuery(scope, text)} OR ${text} <% pt.name)`
}

function targetCondition(target: ListTarget, scope: RequestScope): RawBuilder<unknown> {
  switch (target.kind) {
    case 'all':
      return TRUE
    case 'category':
      return inCategories(target.categoryIds)
    case 'brand':
      return sql`l.brand_id = ${target.brandId}`
    case 'campaign':
      return sql`l.campaign_ids @> ${intArray([target.campaignId])}`
    case 'search':
      return searchCondition(scope, target.text)
    case 'generic':
      switch (target.list) {
        case 'all':
        case 'bestsellers':
          return TRUE
        case 'new-arrivals':
          return sql`l.first_available_on BETWEEN current_date - 30 AND current_date`
        case 'incoming':
          return sql`(l.first_available_on > current_date
            OR (l.stock_total = 0 AND l.last_incoming_on >= current_date))`
        case 'sale':
          return sql`l.price < l.regular`
        case 'outlet':
          return sql`l.is_outlet`
        case 'sustainable':
          return sql`l.is_sustainable`
        case 'collab':
          return sql`l.is_collab`
        case 'petite':
          return sql`l.is_petite`
      }
  }
}

function searchTextOf(query: ListQuery): string | null {
  return query.target.kind === 'search' ? query.target.text : query.searchText
}

interface BaseSql {
  cte: RawBuilder<unknown>
  /** Names of the flag columns, one per selected group. */
  flags: Map<string, string>
}

/** The list's listing rows with relevance and one flag column per selected facet group. */
function baseCte(query: ListQuery, scope: RequestScope, tree: CategoryTree): BaseSql {
  const where: RawBuilder<unknown>[] = [
    sql`l.market_alias = ${scope.market.alias}`,
    sql`l.languages @> ${textArray([scope.language])}`,
  ]
  const searchText = searchTextOf(query)
  if (query.productIds) {
    // Explicit ids keep their order and turn the other list conditions off (Geins semantics).
    where.push(sql`l.product_id IN (${sql.join(query.productIds)})`)
  } else {
    where.push(targetCondition(query.target, scope))
    if (query.searchText && query.target.kind !== 'search')
      where.push(searchCondition(scope, query.searchText))
    const excluded = [...groupConditions(query.excluded, tree).values()]
    if (excluded.length > 0) where.push(sql`NOT ${any(excluded)}`)
  }
  const flags = new Map<string, string>()
  const flagColumns: RawBuilder<unknown>[] = []
  const groups = query.productIds
    ? new Map<string, RawBuilder<unknown>>()
    : groupConditions(query.selection, tree)
  const { lowest, highest } = query.priceRange
  if (!query.productIds && (lowest !== null || highest !== null)) {
    const bounds: RawBuilder<unknown>[] = []
    if (lowest !== null) bounds.push(sql`l.price >= ${lowest}`)
    if (highest !== null) bounds.push(sql`l.price <= ${highest}`)
    groups.set('price', all(bounds))
  }
  for (const [group, condition] of groups) {
    const column = `m_${group}`
    flags.set(group, column)
    flagColumns.push(sql`${condition} AS ${sql.id(column)}`)
  }
  const relevance = searchText
    ? sql`ts_rank(pt.search_vector, ${searchQuery(scope, searchText)}) + word_similarity(${searchText}, pt.name)`
    : sql`0`
  const texts = searchText
    ? sql`JOIN product_texts pt ON pt.product_id = l.product_id AND pt.language = ${scope.language}`
    : sql``
  const cte = sql`
    SELECT l.*, (${relevance})::float8 AS relevance
           ${flagColumns.length > 0 ? sql`, ${sql.join(flagColumns)}` : sql``}
    FROM product_listing l ${texts}
    WHERE ${all(where)}`
  return { cte, flags }
}

/** base rows that pass every selected group except `except` (null: all of them). */
function flagsExcept(flags: Map<string, string>, except: string | null): RawBuilder<boolean> {
  return all(
    [...flags].filter(([group]) => group !== except).map(([, column]) => sql`base.${sql.id(column)}`),
  )
}

/**
 * The availability tier of a listing row (ADR 0055), the card's stock status and badge in one
 * number: 0 in stock (or static stock), 1 few left or made to order, 2 incoming (not released
 * yet, or sold out with a restock date ahead), 3 sold out. Release and restock dates depend on
 * the clock, so the tier is computed when the list is read, not kept in the table. The same rule
 * as src/shared/availability.ts (availabilityRank), which the search service uses.
 */
export function availabilityTier(row: string): RawBuilder<number> {
  const l = sql.id(row)
  return sql<number>`CASE
    WHEN ${l}.first_available_on > current_date THEN 2
    WHEN ${l}.stock_static > 0 OR ${l}.stock_in_stock > ${sql.lit(FEW_LEFT_THRESHOLD)} THEN 0
    WHEN ${l}.stock_total > 0 THEN 1
    WHEN ${l}.last_incoming_on >= current_date THEN 2
    ELSE 3 END`
}

/**
 * The sorts a list puts its availability tiers first in: every sort a shopper can have, default
 * or chosen (what Boozt and Zalando do: a cheapest-first list opens on the cheapest product that
 * can be bought). Not explicit product ids (their order is the caller's), not the stock sorts
 * (they are an order by stock already) and not NONE / FACET_ORDER (the API's raw orders).
 */
const AVAILABILITY_FIRST: ReadonlySet<SortType> = new Set<SortType>([
  'LATEST',
  'MOST_SOLD',
  'PRICE',
  'PRICE_DESC',
  'RELEVANCE',
  'VOTES',
  'BRAND',
  'ALPHABETICAL',
  'ALPHABETICAL_DESC',
])

export function availabilityFirst(sort: SortType): boolean {
  return AVAILABILITY_FIRST.has(sort)
}

/** The list order over base; `needs` says which joins the page must add for it. */
function orderBy(query: ListQuery): { order: RawBuilder<unknown>; needs: 'brand' | 'name' | null } {
  if (query.productIds) {
    return { order: sql`array_position(${intArray(query.productIds)}, base.product_id)`, needs: null }
  }
  const { order, needs } = sortOrder(query.sort)
  return availabilityFirst(query.sort)
    ? { order: sql`${availabilityTier('base')}, ${order}`, needs }
    : { order, needs }
}

/** The shopper's (or the API caller's) sort on its own. */
function sortOrder(sort: SortType): { order: RawBuilder<unknown>; needs: 'brand' | 'name' | null } {
  const plain = (order: RawBuilder<unknown>) => ({ order, needs: null })
  switch (sort) {
    case 'PRICE':
      return plain(sql`base.price ASC`)
    case 'PRICE_DESC':
      return plain(sql`base.price DESC`)
    case 'MOST_SOLD':
      return plain(sql`base.sales_count DESC`)
    case 'VOTES':
      return plain(sql`base.rating_average DESC NULLS LAST`)
    case 'BRAND':
      return { order: sql`b.name ASC`, needs: 'brand' }
    case 'LATEST':
      return plain(sql`base.first_available_on DESC`)
    case 'RELEVANCE':
      return plain(sql`base.relevance DESC, base.sales_count DESC`)
    case 'ALPHABETICAL':
      return { order: sql`pt.name ASC`, needs: 'name' }
    case 'ALPHABETICAL_DESC':
      return { order: sql`pt.name DESC`, needs: 'name' }
    case 'AVAILABLE_STOCK':
      return plain(sql`base.stock_in_stock ASC`)
    case 'AVAILABLE_STOCK_DESC':
      return plain(sql`base.stock_in_stock DESC`)
    case 'TOTAL_STOCK':
      return plain(sql`base.stock_total ASC`)
    case 'TOTAL_STOCK_DESC':
      return plain(sql`base.stock_total DESC`)
    case 'NONE':
    case 'FACET_ORDER':
      return plain(sql`base.product_id ASC`)
  }
}

export interface ProductPage {
  rows: ProductCoreRow[]
  /** Each row's SKUs and images, when asked for (`withRelations`). */
  relations?: Map<number, { skus: SkuRow[]; images: ImageRow[] }>
}

/**
 * The ids of one page of the list, in the list's order: a top-N over the listing rows (an index
 * scan in the sort's order when there is one, migration 1033) with no count of the whole list:
 * the total is a fact of the list kept with its facet counts (selectListCounts) or counted on its
 * own (selectListTotal). Its plan depends on the list, so it is planned per call; it is small.
 */
export async function selectPageIds(
  db: Kysely<DB>,
  scope: RequestScope,
  tree: CategoryTree,
  query: ListQuery,
): Promise<number[]> {
  if (query.take <= 0) return []
  const base = baseCte(query, scope, tree)
  const { order, needs } = orderBy(query)
  const joins =
    needs === 'brand'
      ? sql`JOIN brands b ON b.brand_id = base.brand_id`
      : needs === 'name'
        ? sql`JOIN product_texts pt ON pt.product_id = base.product_id AND pt.language = ${scope.language}`
        : sql``
  const result = await sql<{ product_id: number }>`
    WITH base AS (${base.cte})
    SELECT base.product_id FROM base ${joins}
    WHERE ${flagsExcept(base.flags, null)}
    ORDER BY ${order}, base.product_id ASC
    LIMIT ${query.take} OFFSET ${query.skip}`.execute(db)
  return result.rows.map((row) => row.product_id)
}

/**
 * One page of the list: its ids (selectPageIds), then their cards in that order
 * (selectProductCards, one statement whose plan is kept; ADR 0045).
 */
export async function selectProductPage(
  db: Kysely<DB>,
  scope: RequestScope,
  tree: CategoryTree,
  query: ListQuery,
  /** Read the cards' SKUs and images with them (as JSON) instead of in two statements more. */
  { withRelations = false }: { withRelations?: boolean } = {},
): Promise<ProductPage> {
  const ids = await selectPageIds(db, scope, tree, query)
  const cards = await selectProductCards(db, scope, ids, { withRelations })
  if (!withRelations) return { rows: cards }
  const byProduct = new Map<number, { skus: SkuRow[]; images: ImageRow[] }>()
  const rows = cards.map(({ skus, images, ...row }) => {
    byProduct.set(row.product_id, { skus: skus ?? [], images: images ?? [] })
    return row
  })
  return { rows, relations: byProduct }
}

/** How many products the whole list (every selection applied) has, on its own. */
export async function selectListTotal(
  db: Kysely<DB>,
  scope: RequestScope,
  tree: CategoryTree,
  query: ListQuery,
): Promise<number> {
  const base = baseCte(query, scope, tree)
  const counted = await sql<{ n: number }>`
    WITH base AS (${base.cte}) SELECT count(*)::int AS n FROM base WHERE ${flagsExcept(base.flags, null)}`.execute(
    db,
  )
  return counted.rows[0]?.n ?? 0
}

// ------------------------------------------------------------------------------------------ facets

export interface FacetCountRow {
  kind: 'c' | 'b' | 'sk' | 'dc' | 'di' | 'p' | 'price' | 'total'
  key: string
  label: string | null
  alias: string | null
  group_id: number | null
  group_label: string | null
  sort: number | null
  n: number
  lo: number | null
  hi: number | null
}

const GROUP_LABELS: Record<
  'Category' | 'Brand' | 'Sku' | 'Campaign' | 'Discount',
  Record<LocaleCode, string>
> = {
  Category: { fi: 'Kategoria', sv: 'Kategori', nb: 'Kategori', da: 'Kategori' },
  Brand: { fi: 'Merkki', sv: 'Märke', nb: 'Merke', da: 'Mærke' },
  Sku: { fi: 'Koko', sv: 'Storlek', nb: 'Størrelse', da: 'Størrelse' },
  Campaign: { fi: 'Kampanja', sv: 'Kampanj', nb: 'Kampanje', da: 'Kampagne' },
  Discount: { fi: 'Alennus', sv: 'Rabatt', nb: 'Rabatt', da: 'Rabat' },
}

export type { FilterCollection, FilterGroup, FilterValue } from './facets'

/** What a list's counts are: its total and its facet counts, kept together between requests. */
export interface ListCounts {
  total: number
  filters: FilterCollection
}

/** Facet counts for the list; see selectListCounts. */
export async function selectFilters(
  db: Kysely<DB>,
  scope: RequestScope,
  tree: CategoryTree,
  query: ListQuery,
): Promise<FilterCollection> {
  return (await selectListCounts(db, scope, tree, query)).filters
}

/**
 * The list's total and facet counts in one statement; see the file comment for BY_GROUP vs
 * CURRENT. The total is one more aggregate over the rows the facet passes already read.
 */
export async function selectListCounts(
  db: Kysely<DB>,
  scope: RequestScope,
  tree: CategoryTree,
  query: ListQuery,
): Promise<ListCounts> {
  const base = baseCte(query, scope, tree)
  const mode = query.filterMode
  const except = (group: string) => flagsExcept(base.flags, mode === 'BY_GROUP' ? group : null)
  // A parameter value is counted with every parameter selection applied but its own parameter's.
  const isParameter = (group: string) => group.startsWith('param_')
  const parameterFlags = [...base.flags].filter(([group]) => isParameter(group))
  const otherFlags = new Map([...base.flags].filter(([group]) => !isParameter(group)))
  const parameterCondition =
    mode === 'BY_GROUP'
      ? all([
          flagsExcept(otherFlags, null),
          ...parameterFlags.map(
            ([group, column]) =>
              sql`(pv.parameter_id = ${Number(group.slice('param_'.length))} OR base.${sql.id(column)})`,
          ),
        ])
      : flagsExcept(base.flags, null)
  const lang = scope.language
  // Each facet group is one grouped pass over the list's rows: the value arrays are unnested in
  // the select list (a ProjectSet; a lateral unnest per row costs a nested loop and a memo of
  // every distinct array), grouped by value, and the labels joined to the few grouped rows after.
  // A parameter value needs its parameter only when a parameter is selected (BY_GROUP).
  const parameterCounts =
    mode === 'BY_GROUP' && parameterFlags.length > 0
      ? sql`SELECT pv.parameter_value_id, count(*)::int AS n
          FROM base, unnest(base.parameter_value_ids) x(parameter_value_id)
          JOIN parameter_values pv ON pv.parameter_value_id = x.parameter_value_id
          WHERE ${parameterCondition} GROUP BY pv.parameter_value_id`
      : sql`SELECT x.parameter_value_id, count(*)::int AS n
          FROM (SELECT unnest(base.parameter_value_ids) AS parameter_value_id FROM base WHERE ${parameterCondition}) x
          GROUP BY x.parameter_value_id`
  const result = await sql<FacetCountRow>`
    WITH base AS MATERIALIZED (${base.cte})
    SELECT 'c' AS kind, c.category_id::text AS key, NULL AS label, NULL AS alias, NULL::int AS group_id,
           NULL AS group_label, NULL::int AS sort, count(*)::int AS n, NULL::bigint AS lo, NULL::bigint AS hi
    FROM (SELECT unnest(base.category_ids) AS category_id FROM base WHERE ${except('c')}) c
    GROUP BY c.category_id
    UNION ALL
    SELECT 'b', br.brand_id::text, br.name, br.alias, NULL, NULL, NULL, counted.n, NULL, NULL
    FROM (SELECT base.brand_id, count(*)::int AS n FROM base WHERE ${except('b')} GROUP BY base.brand_id) counted
    JOIN brands br ON br.brand_id = counted.brand_id
    UNION ALL
    SELECT 'sk', s.name, s.name, NULL, NULL, NULL, NULL, count(*) FILTER (WHERE s.name = ANY (s.in_stock))::int,
           NULL, NULL
    FROM (SELECT unnest(base.sizes) AS name, base.sizes_in_stock AS in_stock FROM base WHERE ${except('sk')}) s
    GROUP BY s.name
    UNION ALL
    SELECT 'dc', dc.campaign_id::text, COALESCE(dct.name, dc.name), dct.alias, NULL, NULL, dc.sort_order,
           counted.n, NULL, NULL
    FROM (SELECT x.campaign_id, count(*)::int AS n
          FROM (SELECT unnest(base.campaign_ids) AS campaign_id FROM base WHERE ${except('dc')}) x
          GROUP BY x.campaign_id) counted
    JOIN discount_campaigns dc ON dc.campaign_id = counted.campaign_id
      AND ${campaignRunsNow}
    LEFT JOIN discount_campaign_texts dct ON dct.campaign_id = dc.campaign_id AND dct.language = ${lang}
    UNION ALL
    SELECT 'di', base.discount_percent::text, NULL, NULL, NULL, NULL, NULL, count(*)::int, NULL, NULL
    FROM base WHERE base.regular > base.price AND ${except('di')} GROUP BY base.discount_percent
    UNION ALL
    SELECT 'p', pv.parameter_id::text || '_' || pv.identifier, COALESCE(pvt.value, pv.identifier), NULL,
           pa.parameter_id, COALESCE(pat.label, pa.name), pv.sort_order, counted.n, NULL, NULL
    FROM (${parameterCounts}) counted
    JOIN parameter_values pv ON pv.parameter_value_id = counted.parameter_value_id
    JOIN parameters pa ON pa.parameter_id = pv.parameter_id AND pa.is_filter
    LEFT JOIN parameter_value_texts pvt ON pvt.parameter_value_id = pv.parameter_value_id AND pvt.language = ${lang}
    LEFT JOIN parameter_texts pat ON pat.parameter_id = pa.parameter_id AND pat.language = ${lang}
    UNION ALL
    SELECT 'price', 'range', NULL, NULL, NULL, NULL, NULL, count(*)::int, min(base.price), max(base.price)
    FROM base WHERE ${except('price')}
    UNION ALL
    SELECT 'total', 'total', NULL, NULL, NULL, NULL, NULL, count(*)::int, NULL, NULL
    FROM base WHERE ${flagsExcept(base.flags, null)}`.execute(db)
  const total = result.rows.find((row) => row.kind === 'total')?.n ?? 0
  return { total, filters: assembleFilters(result.rows, tree, scope.language) }
}

function value(
  facetId: string,
  label: string,
  count: number,
  order: number,
  extra: Partial<FilterValue> = {},
): FilterValue {
  return {
    _id: `${facetId}_${count}`,
    facetId,
    parentId: null,
    label,
    url: null,
    order,
    count,
    hidden: false,
    ...extra,
  }
}

/**
 * One row per category (ADR 0055): a category row is left out when one of its subcategories has
 * the same count. Every product is in its leaf category and that leaf's ancestors, so a child is a
 * subset of its parent and the same count means the same products; the more specific row stays
 * ("Klänningar (358)", not also "Kläder (358)" on the dresses list).
 */
function withoutSameAsChild(categories: FilterValue[]): FilterValue[] {
  const countOf = new Map(categories.map((row) => [row.facetId, row.count]))
  const coveredByChild = new Set<string>()
  for (const row of categories) {
    if (row.parentId !== null && countOf.get(row.parentId) === row.count) coveredByChild.add(row.parentId)
  }
  return categories.filter((row) => !coveredByChild.has(row.facetId))
}

export function assembleFilters(
  rows: readonly FacetCountRow[],
  tree: CategoryTree,
  language: LocaleCode,
): FilterCollection {
  const categories: FilterValue[] = []
  const brands: FilterValue[] = []
  const sizes: FilterValue[] = []
  const campaigns: FilterValue[] = []
  const bandCounts = new Map<string, number>()
  const parameters = new Map<number, FilterGroup>()
  let price = { lowest: 0, highest: 0 }
  for (const row of rows) {
    switch (row.kind) {
      case 'c': {
        const node = tree.byId.get(Number(row.key))
        if (!node || node.isHidden) break
        categories.push(
          value(`c_${node.categoryId}`, node.name, row.n, node.order, {
            parentId: node.parentId === null ? null : `c_${node.parentId}`,
            url: categoryUrl(node.alias),
          }),
        )
        break
      }
      case 'b':
        brands.push(
          value(`b_${row.key}`, row.label ?? row.key, row.n, 0, {
            url: row.alias ? brandUrl(row.alias) : null,
          }),
        )
        break
      case 'sk':
        // a size sold out in every product of the list has 0 and is shown disabled (ADR 0055)
        sizes.push(value(`sk_${row.key}`, row.label ?? row.key, row.n, 0))
        break
      case 'dc':
        campaigns.push(
          value(`dc_${row.key}`, row.label ?? row.key, row.n, row.sort ?? 0, {
            url: row.alias ? campaignUrl(row.alias) : null,
          }),
        )
        break
      case 'di': {
        const band = discountBandOf(Number(row.key))
        if (band) bandCounts.set(bandId(band), (bandCounts.get(bandId(band)) ?? 0) + row.n)
        break
      }
      case 'p': {
        const parameterId = row.group_id ?? 0
        let group = parameters.get(parameterId)
        if (!group) {
          group = {
            filterId: `p_${parameterId}`,
            type: 'Parameter',
            group: String(parameterId),
            label: row.group_label ?? '',
            order: 10 + parameterId,
            values: [],
          }
          parameters.set(parameterId, group)
        }
        group.values.push(value(`p_${row.key}`, row.label ?? row.key, row.n, row.sort ?? 0))
        break
      }
      case 'price':
        price = { lowest: toDecimal(row.lo ?? 0), highest: toDecimal(row.hi ?? 0) }
        break
      case 'total': // the list's total, not a facet
        break
    }
  }
  const byOrderThenLabel = (a: FilterValue, b: FilterValue) =>
    a.order - b.order || a.label.localeCompare(b.label, language)
  const numbered = (values: FilterValue[]) => values.map((v, index) => ({ ...v, order: index }))
  const groups: FilterGroup[] = [
    {
      filterId: 'categories',
      type: 'Category',
      group: 'categories',
      label: GROUP_LABELS.Category[language],
      order: 1,
      values: numbered(withoutSameAsChild(categories).sort(byOrderThenLabel)),
    },
    {
      filterId: 'brands',
      type: 'Brand',
      group: 'brands',
      label: GROUP_LABELS.Brand[language],
      order: 2,
      values: numbered(brands.sort(byOrderThenLabel)),
    },
    {
      filterId: 'skus',
      type: 'Sku',
      group: 'skus',
      label: GROUP_LABELS.Sku[language],
      order: 3,
      values: numbered(sizes.sort((a, b) => compareSizes(a.label, b.label))),
    },
    {
      filterId: 'campaigns',
      type: 'Campaign',
      group: 'campaigns',
      label: GROUP_LABELS.Campaign[language],
      order: 4,
      values: numbered(campaigns.sort(byOrderThenLabel)),
    },
    {
      filterId: 'discount',
      type: 'Discount',
      group: 'discount',
      label: GROUP_LABELS.Discount[language],
      order: 5,
      values: DISCOUNT_BANDS.flatMap((band, index) => {
        const count = bandCounts.get(bandId(band)) ?? 0
        return count > 0 ? [value(bandId(band), `${band[0]}–${band[1]} %`, count, index)] : []
      }),
    },
    ...[...parameters.values()]
      .sort((a, b) => a.order - b.order)
      .map((group) => ({ ...group, values: numbered(group.values.sort(byOrderThenLabel)) })),
  ]
  return { price, facets: groups.filter((group) => group.values.length > 0) }
}

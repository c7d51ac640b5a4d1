/**
 * The list and facet SQL as it was before the listing table (migration 0700), kept verbatim as
 * the oracle of tests/integration/graphql/listing.test.ts: it reads the normalised catalogue
 * tables directly, so the listing table must give the same pages and the same counts. Since
 * ADR 0055 a size filter and the size counts take the sizes that can be bought, and the shopper's
 * sorts put the availability tiers first; both written here against the SKUs themselves.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { DB } from '../../../server/db/schema'
import type { LocaleCode } from '../../../src/shared/markets'
import type { RequestScope } from '../../../server/services/graphql/context'
import type { FacetSelection } from '../../../server/services/graphql/catalogue/facets'
import { descendantIds, type CategoryTree } from '../../../server/services/graphql/catalogue/loaders'
import { coreSelect, type ProductCoreRow } from '../../../server/services/graphql/catalogue/product-sql'
import {
  assembleFilters,
  type FacetCountRow,
  type FilterCollection,
  type ListQuery,
  type ListTarget,
} from '../../../server/services/graphql/catalogue/listing'

const TS_CONFIG: Record<LocaleCode, string> = { fi: 'finnish', sv: 'swedish', nb: 'norwegian', da: 'danish' }

const TRUE = sql<boolean>`true`

function all(conditions: readonly RawBuilder<unknown>[]): RawBuilder<boolean> {
  return conditions.length === 0 ? TRUE : sql<boolean>`(${sql.join(conditions, sql` AND `)})`
}

function any(conditions: readonly RawBuilder<unknown>[]): RawBuilder<boolean> {
  return conditions.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(conditions, sql` OR `)})`
}

const discountPercent = sql`round((pp.regular_price_inc_vat - pp.selling_price_inc_vat) * 100.0 / NULLIF(pp.regular_price_inc_vat, 0))`

// Facet and list conditions are uncorrelated `product_id IN (SELECT …)` sets: PostgreSQL hashes each
// set once, where a correlated EXISTS (inside an OR) would probe an index per product.

function inCategories(ids: readonly number[]) {
  return sql`(p.primary_category_id IN (${sql.join([...ids])}) OR p.product_id IN (
    SELECT x.product_id FROM product_categories x WHERE x.category_id IN (${sql.join([...ids])})))`
}

/** One condition per selected facet group, keyed by group ('c', 'b', 'sk', 'dc', 'di', 'param_<id>'). */
function groupConditions(selection: FacetSelection, tree: CategoryTree): Map<string, RawBuilder<unknown>> {
  const groups = new Map<string, RawBuilder<unknown>>()
  if (selection.categoryIds.length > 0) {
    const ids = [...new Set(selection.categoryIds.flatMap((id) => descendantIds(tree, id)))]
    groups.set('c', inCategories(ids))
  }
  if (selection.brandIds.length > 0) groups.set('b', sql`p.brand_id IN (${sql.join(selection.brandIds)})`)
  if (selection.sizes.length > 0) {
    groups.set(
      'sk',
      sql`p.product_id IN (SELECT x.product_id FROM skus x WHERE x.name IN (${sql.join(selection.sizes)})
        AND x.stock_in_stock + x.stock_oversellable + x.stock_static > 0)`,
    )
  }
  if (selection.campaignIds.length > 0) {
    groups.set(
      'dc',
      sql`p.product_id IN (SELECT x.product_id FROM discount_campaign_products x
        WHERE x.campaign_id IN (${sql.join(selection.campaignIds)}))`,
    )
  }
  if (selection.discountBands.length > 0) {
    groups.set(
      'di',
      // only cut prices: the first band starts at 0 %, which a full price also rounds to
      sql`pp.selling_price_inc_vat < pp.regular_price_inc_vat AND ${any(
        selection.discountBands.map(([from, to]) => sql`${discountPercent} BETWEEN ${from} AND ${to}`),
      )}`,
    )
  }
  for (const [parameterId, values] of selection.parameters) {
    groups.set(
      `param_${parameterId}`,
      sql`p.product_id IN (SELECT x.product_id FROM product_parameter_values x
        JOIN parameter_values v ON v.parameter_value_id = x.parameter_value_id
        WHERE x.parameter_id = ${parameterId} AND v.identifier IN (${sql.join(values)}))`,
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
      return sql`p.brand_id = ${target.brandId}`
    case 'campaign':
      return sql`p.product_id IN (SELECT x.product_id FROM discount_campaign_products x
        WHERE x.campaign_id = ${target.campaignId})`
    case 'search':
      return searchCondition(scope, target.text)
    case 'generic':
      switch (target.list) {
        case 'all':
        case 'bestsellers':
          return TRUE
        case 'new-arrivals':
          return sql`p.first_available_on BETWEEN current_date - 30 AND current_date`
        case 'incoming':
          return sql`(p.first_available_on > current_date OR p.product_id IN (
            SELECT x.product_id FROM skus x GROUP BY x.product_id
            HAVING sum(x.stock_in_stock + x.stock_oversellable + x.stock_static) = 0
              AND max(x.incoming_on) >= current_date))`
        case 'sale':
          return sql`pp.selling_price_inc_vat < pp.regular_price_inc_vat`
        case 'outlet':
          return sql`p.is_outlet`
        case 'sustainable':
          return sql`p.is_sustainable`
        case 'collab':
          return sql`p.is_collab`
        case 'petite':
          return sql`p.is_petite`
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

/** The list's products with price, relevance and one flag column per selected facet group. */
function baseCte(query: ListQuery, scope: RequestScope, tree: CategoryTree): BaseSql {
  const where: RawBuilder<unknown>[] = [sql`p.is_active`]
  const searchText = searchTextOf(query)
  if (query.productIds) {
    // Explicit ids keep their order and turn the other list conditions off (Geins semantics).
    where.push(sql`p.product_id IN (${sql.join(query.productIds)})`)
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
    if (lowest !== null) bounds.push(sql`pp.selling_price_inc_vat >= ${lowest}`)
    if (highest !== null) bounds.push(sql`pp.selling_price_inc_vat <= ${highest}`)
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
  const cte = sql`
    SELECT p.product_id, p.brand_id, pp.selling_price_inc_vat AS price,
           pp.regular_price_inc_vat AS regular, ${discountPercent} AS discount_percent,
           (${relevance})::float8 AS relevance
           ${flagColumns.length > 0 ? sql`, ${sql.join(flagColumns)}` : sql``}
    FROM products p
    JOIN product_texts pt ON pt.product_id = p.product_id AND pt.language = ${scope.language}
    JOIN product_prices pp ON pp.product_id = p.product_id AND pp.market_alias = ${scope.market.alias}
    WHERE ${all(where)}`
  return { cte, flags }
}

/** base rows that pass every selected group except `except` (null: all of them). */
function flagsExcept(flags: Map<string, string>, except: string | null): RawBuilder<boolean> {
  return all(
    [...flags].filter(([group]) => group !== except).map(([, column]) => sql`base.${sql.id(column)}`),
  )
}

const availableStock = sql`(SELECT COALESCE(sum(s.stock_in_stock), 0) FROM skus s WHERE s.product_id = p.product_id)`
const totalStock = sql`(SELECT COALESCE(sum(s.stock_in_stock + s.stock_oversellable + s.stock_static), 0)
  FROM skus s WHERE s.product_id = p.product_id)`

/** The card's stock status and badge as a tier: in stock, few left / made to order, incoming, sold out. */
const availability = sql`(SELECT CASE
    WHEN p.first_available_on > current_date THEN 2
    WHEN COALESCE(sum(s.stock_static), 0) > 0 OR COALESCE(sum(s.stock_in_stock), 0) > 6 THEN 0
    WHEN COALESCE(sum(s.stock_in_stock + s.stock_oversellable), 0) > 0 THEN 1
    WHEN max(s.incoming_on) >= current_date THEN 2
    ELSE 3 END
  FROM skus s WHERE s.product_id = p.product_id)`

/** The list order; the page CTE has p, pt, pp, b and base in scope. */
function orderBy(query: ListQuery): RawBuilder<unknown> {
  if (query.productIds) return sql`array_position(ARRAY[${sql.join(query.productIds)}]::int[], p.product_id)`
  const order = sortOrder(query)
  const stockSorts = [
    'AVAILABLE_STOCK',
    'AVAILABLE_STOCK_DESC',
    'TOTAL_STOCK',
    'TOTAL_STOCK_DESC',
    'NONE',
    'FACET_ORDER',
  ]
  return stockSorts.includes(query.sort) ? order : sql`${availability}, ${order}`
}

function sortOrder(query: ListQuery): RawBuilder<unknown> {
  switch (query.sort) {
    case 'PRICE':
      return sql`pp.selling_price_inc_vat ASC`
    case 'PRICE_DESC':
      return sql`pp.selling_price_inc_vat DESC`
    case 'MOST_SOLD':
      return sql`p.sales_count DESC`
    case 'VOTES':
      return sql`(SELECT avg(r.rating) FROM reviews r WHERE r.product_id = p.product_id) DESC NULLS LAST`
    case 'BRAND':
      return sql`b.name ASC`
    case 'LATEST':
      return sql`p.first_available_on DESC`
    case 'RELEVANCE':
      return sql`base.relevance DESC, p.sales_count DESC`
    case 'ALPHABETICAL':
      return sql`pt.name ASC`
    case 'ALPHABETICAL_DESC':
      return sql`pt.name DESC`
    case 'AVAILABLE_STOCK':
      return sql`${availableStock} ASC`
    case 'AVAILABLE_STOCK_DESC':
      return sql`${availableStock} DESC`
    case 'TOTAL_STOCK':
      return sql`${totalStock} ASC`
    case 'TOTAL_STOCK_DESC':
      return sql`${totalStock} DESC`
    case 'NONE':
    case 'FACET_ORDER':
      return sql`p.product_id ASC`
  }
}

/** One page of the list, with the total count of the whole list. */
/** A page of the list with the total of the whole list. */
export interface ReferencePage {
  count: number
  rows: ProductCoreRow[]
}

export async function referenceProductPage(
  db: Kysely<DB>,
  scope: RequestScope,
  tree: CategoryTree,
  query: ListQuery,
): Promise<ReferencePage> {
  const base = baseCte(query, scope, tree)
  // The page is chosen from the light base rows first; the core's lateral parts (stock, prior
  // price, rating) then run for the page's rows only, not for the whole list.
  const { columns, from } = coreSelect(scope, { source: sql`page`, productId: sql`page.product_id` })
  const result = await sql<ProductCoreRow & { total_count: number }>`
    WITH base AS (${base.cte}),
    page AS (
      SELECT p.product_id, count(*) OVER ()::int AS total_count,
             row_number() OVER (ORDER BY ${orderBy(query)}, p.product_id ASC) AS position
      FROM base
      JOIN products p ON p.product_id = base.product_id
      JOIN product_texts pt ON pt.product_id = p.product_id AND pt.language = ${scope.language}
      JOIN product_prices pp ON pp.product_id = p.product_id AND pp.market_alias = ${scope.market.alias}
      JOIN brands b ON b.brand_id = p.brand_id
      WHERE ${flagsExcept(base.flags, null)}
      ORDER BY position
      LIMIT ${query.take} OFFSET ${query.skip}
    )
    SELECT ${columns}, page.total_count
    FROM ${from}
    ORDER BY page.position`.execute(db)
  const first = result.rows[0]
  if (first)
    return { count: first.total_count, rows: result.rows.map(({ total_count: _total, ...row }) => row) }
  if (query.skip === 0 && query.take > 0) return { count: 0, rows: [] }
  // An empty page past the end (or take 0) still reports how long the list is.
  const counted = await sql<{ n: number }>`
    WITH base AS (${base.cte}) SELECT count(*)::int AS n FROM base WHERE ${flagsExcept(base.flags, null)}`.execute(
    db,
  )
  return { count: counted.rows[0]?.n ?? 0, rows: [] }
}

/** Facet counts for the list (one statement); see the file comment for BY_GROUP vs CURRENT. */
export async function referenceFilters(
  db: Kysely<DB>,
  scope: RequestScope,
  tree: CategoryTree,
  query: ListQuery,
): Promise<FilterCollection> {
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
              sql`(ppv.parameter_id = ${Number(group.slice('param_'.length))} OR base.${sql.id(column)})`,
          ),
        ])
      : flagsExcept(base.flags, null)
  const lang = scope.language
  const result = await sql<FacetCountRow>`
    WITH base AS (${base.cte})
    SELECT 'c' AS kind, pc.category_id::text AS key, NULL AS label, NULL AS alias, NULL::int AS group_id,
           NULL AS group_label, NULL::int AS sort, count(DISTINCT base.product_id)::int AS n, NULL::bigint AS lo, NULL::bigint AS hi
    FROM base JOIN product_categories pc ON pc.product_id = base.product_id
    WHERE ${except('c')} GROUP BY pc.category_id
    UNION ALL
    SELECT 'b', br.brand_id::text, br.name, br.alias, NULL, NULL, NULL, count(*)::int, NULL, NULL
    FROM base JOIN brands br ON br.brand_id = base.brand_id
    WHERE ${except('b')} GROUP BY br.brand_id, br.name, br.alias
    UNION ALL
    SELECT 'sk', s.name, s.name, NULL, NULL, NULL, NULL,
           count(DISTINCT base.product_id) FILTER (WHERE s.stock_in_stock + s.stock_oversellable + s.stock_static > 0)::int,
           NULL, NULL
    FROM base JOIN skus s ON s.product_id = base.product_id
    WHERE ${except('sk')} GROUP BY s.name
    UNION ALL
    SELECT 'dc', dc.campaign_id::text, COALESCE(dct.name, dc.name), dct.alias, NULL, NULL, dc.sort_order,
           count(DISTINCT base.product_id)::int, NULL, NULL
    FROM base JOIN discount_campaign_products dcp ON dcp.product_id = base.product_id
    JOIN discount_campaigns dc ON dc.campaign_id = dcp.campaign_id
      AND (dc.active_from IS NULL OR dc.active_from <= now()) AND (dc.active_to IS NULL OR dc.active_to > now())
    LEFT JOIN discount_campaign_texts dct ON dct.campaign_id = dc.campaign_id AND dct.language = ${lang}
    WHERE ${except('dc')} GROUP BY dc.campaign_id, dc.name, dct.name, dct.alias, dc.sort_order
    UNION ALL
    SELECT 'di', base.discount_percent::int::text, NULL, NULL, NULL, NULL, NULL, count(*)::int, NULL, NULL
    FROM base WHERE base.regular > base.price AND ${except('di')} GROUP BY base.discount_percent
    UNION ALL
    SELECT 'p', ppv.parameter_id::text || '_' || pv.identifier, COALESCE(pvt.value, pv.identifier), NULL,
           pa.parameter_id, COALESCE(pat.label, pa.name), pv.sort_order, count(DISTINCT base.product_id)::int, NULL, NULL
    FROM base JOIN product_parameter_values ppv ON ppv.product_id = base.product_id
    JOIN parameters pa ON pa.parameter_id = ppv.parameter_id AND pa.is_filter
    JOIN parameter_values pv ON pv.parameter_value_id = ppv.parameter_value_id
    LEFT JOIN parameter_value_texts pvt ON pvt.parameter_value_id = pv.parameter_value_id AND pvt.language = ${lang}
    LEFT JOIN parameter_texts pat ON pat.parameter_id = pa.parameter_id AND pat.language = ${lang}
    WHERE ${parameterCondition}
    GROUP BY ppv.parameter_id, pv.identifier, pvt.value, pa.parameter_id, pat.label, pa.name, pv.sort_order
    UNION ALL
    SELECT 'price', 'range', NULL, NULL, NULL, NULL, NULL, count(*)::int, min(base.price), max(base.price)
    FROM base WHERE ${except('price')}`.execute(db)
  return assembleFilters(result.rows, tree, scope.language)
}

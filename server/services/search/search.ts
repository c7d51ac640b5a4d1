/**
 * The product list behind landing-page (search-page and autocomplete read the same rules from the
 * index in memory, memory-index.ts): the matching products of a market, ranked,
 * filtered by the facet selections, grouped by style and paged, with the facet counts. One SQL
 * statement; the facets count disjunctively (each facet's counts apply every other selection, so
 * a shopper can pick a second brand).
 *
 * Relevance score of a product:
 *   ts_rank over the weighted document (name and compound parts A, keywords B, description D)
 *   × (1 + 0.1 · ln(1 + decayed popularity))        clicks, add-to-carts, favourites, purchases
 *   × (1 + 0.3 · ln(1 + choices after this phrase))  what shoppers picked after the same search
 *   × 0.5 when out of stock
 *   + 10 for an exact article number.
 */
import { sql, type RawBuilder } from 'kysely'
import { LOCALES, LOCALE_CODES, type LocaleCode, type MarketAlias } from '../../../src/shared/markets'
import type { ProductSort } from '../../../src/shared/search-api'
import { FEW_LEFT_THRESHOLD } from '../../../src/shared/availability'
import { currentPopularity } from './behaviour'
import type { SearchDatabase } from './db'
import type { FacetSelection } from './params'
import type { LanguageVocabulary, Vocabulary } from './vocabulary'

/** Each language's full-text configuration (the shop definition). */
const TS_CONFIG = Object.fromEntries(LOCALE_CODES.map((code) => [code, LOCALES[code].tsConfig])) as Record<
  LocaleCode,
  string
>
export const tsConfigOf = (language: LocaleCode) => TS_CONFIG[language]

export type FacetId = 'category' | 'brand' | 'color' | 'size' | 'price' | 'onSale' | 'inStock'
export const FACET_IDS: readonly FacetId[] = [
  'category',
  'brand',
  'color',
  'size',
  'price',
  'onSale',
  'inStock',
]

export interface ListRequest {
  language: LocaleCode
  market: MarketAlias
  /** a tsquery in the language's configuration, or null for a plain list */
  tsquery: string | null
  articleNumbers?: readonly string[]
  /** the phrase, for the ranking learned from earlier choices after it */
  phrase?: string
  /** a landing page's own restriction */
  categoryId?: number
  brandId?: number
  facets: FacetSelection
  sort: ProductSort
  limit: number
  skip: number
  halfLifeDays: number
  /** false: skip the facet counts (autocomplete needs only the products and the total) */
  facetCounts?: boolean
}

export interface FacetCounts {
  category: { id: number; n: number }[]
  brand: { id: number; n: number }[]
  color: { id: number; n: number }[]
  size: { id: string; n: number }[]
  price: { min: number | null; max: number | null }
  onSale: number
  inStock: number
}

export interface ListResult {
  /** product ids of the page, grouped styles in order */
  productIds: number[]
  totalHits: number
  facets: FacetCounts
}

const SORT_ORDER: Record<ProductSort, RawBuilder<unknown>> = {
  RELEVANCE: sql`score DESC, style_id`,
  NEWEST_FIRST: sql`newest DESC, style_id DESC`,
  PRICE_ASCENDING: sql`price ASC, style_id`,
  PRICE_DESCENDING: sql`price DESC, style_id`,
  DISCOUNT: sql`discount DESC NULLS LAST, score DESC, style_id`,
  RATING: sql`rating DESC NULLS LAST, score DESC, style_id`,
  NAME: sql`name ASC, style_id`,
  TITLE: sql`name ASC, style_id`,
}

/** src/shared/availability.ts's rank of a listing row (ADR 0055): 0 in stock … 3 sold out. */
const AVAILABILITY = sql`CASE
    WHEN pl.first_available_on > current_date THEN 2
    WHEN pl.stock_static > 0 OR pl.stock_in_stock > ${sql.lit(FEW_LEFT_THRESHOLD)} THEN 0
    WHEN pl.stock_total > 0 THEN 1
    WHEN pl.last_incoming_on >= current_date THEN 2
    ELSE 3 END`

/** The facet filters as SQL conditions on the `matched` rows, by facet. */
function facetConditions(
  facets: FacetSelection,
  vocabulary: LanguageVocabulary,
  brands: Vocabulary['brands'],
): Map<FacetId, RawBuilder<unknown>> {
  const conditions = new Map<FacetId, RawBuilder<unknown>>()
  const categories = (facets.lists.get('category') ?? []).map(Number).filter(Number.isSafeInteger)
  if (facets.lists.has('category')) conditions.set('category', sql`category_ids && ${categories}::integer[]`)
  if (facets.lists.has('brand')) {
    const wanted = new Set(facets.lists.get('brand'))
    const ids = [...brands.values()]
      .filter((brand) => wanted.has(brand.alias) || wanted.has(String(brand.id)))
      .map((brand) => brand.id)
    conditions.set('brand', sql`brand_id = ANY (${ids}::integer[])`)
  }
  if (facets.lists.has('color')) {
    const wanted = new Set(facets.lists.get('color'))
    const ids = [...vocabulary.colours].filter(([, colour]) => wanted.has(colour.key)).map(([id]) => id)
    conditions.set('color', sql`parameter_value_ids && ${ids}::integer[]`)
  }
  if (facets.lists.has('size'))
    // "in stock in that size" (ADR 0055)
    conditions.set('size', sql`sizes_in_stock && ${facets.lists.get('size') ?? []}::text[]`)
  const price = facets.ranges.get('price')
  if (price) {
    const min = price.min === undefined ? null : Math.round(price.min * 100)
    const max = price.max === undefined ? null : Math.round(price.max * 100)
    conditions.set(
      'price',
      sql`(${min}::bigint IS NULL OR price >= ${min}::bigint) AND (${max}::bigint IS NULL OR price <= ${max}::bigint)`,
    )
  }
  if (facets.flags.has('onSale')) conditions.set('onSale', sql`discount_percent > 0`)
  if (facets.flags.has('inStock')) conditions.set('inStock', sql`stock_total > 0`)
  return conditions
}

function allBut(conditions: Map<FacetId, RawBuilder<unknown>>, except?: FacetId): RawBuilder<unknown> {
  const parts = [...conditions].filter(([id]) => id !== except).map(([, condition]) => sql`(${condition})`)
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `)
}

/** The counts of a list that found nothing. */
export const EMPTY_FACETS: FacetCounts = {
  category: [],
  brand: [],
  color: [],
  size: [],
  price: { min: null, max: null },
  onSale: 0,
  inStock: 0,
}

const EMPTY_RESULT: ListResult = { productIds: [], totalHits: 0, facets: EMPTY_FACETS }

/** The page of a list; an empty tsquery (only stop words) finds nothing. */
export async function listProducts(
  db: SearchDatabase,
  vocabulary: Vocabulary,
  request: ListRequest,
): Promise<ListResult> {
  if (request.tsquery === '' && (request.articleNumbers ?? []).length === 0) return EMPTY_RESULT
  const language = vocabulary.languages[request.language]
  const conditions = facetConditions(request.facets, language, vocabulary.brands)
  const config = TS_CONFIG[request.language]
  const articles = [...(request.articleNumbers ?? [])]
  // inline, not in a CTE: the planner then uses the GIN index of the documents
  const tsq = sql`to_tsquery(${config}::regconfig, ${request.tsquery ?? ''})`
  const matchCondition =
    request.tsquery !== null
      ? sql`(d.lexemes @@ ${tsq} OR lower(p.article_number) = ANY (${articles}::text[]))`
      : sql`true`
  const restriction = sql.join(
    [
      request.categoryId !== undefined
        ? sql`(pl.category_ids @> ARRAY[${request.categoryId}]::integer[] OR pl.primary_category_id = ${request.categoryId})`
        : sql`true`,
      request.brandId !== undefined ? sql`pl.brand_id = ${request.brandId}` : sql`true`,
    ],
    sql` AND `,
  )
  const rank =
    request.tsquery !== null
      ? sql`ts_rank('{0.05, 0.2, 0.5, 1.0}', d.lexemes, ${tsq})
            + CASE WHEN lower(p.article_number) = ANY (${articles}::text[]) THEN 10 ELSE 0 END`
      : sql`1.0`
  const colourIds = [...language.colours.keys()]
  const facetSelects = sql`
      (SELECT json_agg(json_build_object('id', id, 'n', n)) FROM (
         SELECT c AS id, count(*)::int AS n FROM matched CROSS JOIN unnest(category_ids) AS c
         WHERE ${allBut(conditions, 'category')} GROUP BY c) x) AS category,
      (SELECT json_agg(json_build_object('id', brand_id, 'n', n)) FROM (
         SELECT brand_id, count(*)::int AS n FROM matched WHERE ${allBut(conditions, 'brand')} GROUP BY brand_id) x) AS brand,
      (SELECT json_agg(json_build_object('id', id, 'n', n)) FROM (
         SELECT v AS id, count(*)::int AS n FROM matched CROSS JOIN unnest(parameter_value_ids) AS v
         WHERE v = ANY (${colourIds}::integer[]) AND ${allBut(conditions, 'color')} GROUP BY v) x) AS color,
      (SELECT json_agg(json_build_object('id', id, 'n', n)) FROM (
         SELECT s AS id, count(*) FILTER (WHERE s = ANY (sizes_in_stock))::int AS n
         FROM matched CROSS JOIN unnest(sizes) AS s
         WHERE ${allBut(conditions, 'size')} GROUP BY s) x) AS size,
      (SELECT min(price) FROM matched WHERE ${allBut(conditions, 'price')}) AS price_min,
      (SELECT max(price) FROM matched WHERE ${allBut(conditions, 'price')}) AS price_max,
      (SELECT count(*)::int FROM matched WHERE discount_percent > 0 AND ${allBut(conditions, 'onSale')}) AS on_sale,
      (SELECT count(*)::int FROM matched WHERE stock_total > 0 AND ${allBut(conditions, 'inStock')}) AS in_stock`
  const { rows } = await sql<{
    total: number
    products: { p: number }[] | null
    category: { id: number; n: number }[] | null
    brand: { id: number; n: number }[] | null
    color: { id: number; n: number }[] | null
    size: { id: string; n: number }[] | null
    price_min: number | null
    price_max: number | null
    on_sale: number
    in_stock: number
  }>`
    WITH learned AS (
      SELECT product_id, count(*)::float8 AS n FROM search_events
      WHERE language = ${request.language} AND phrase = ${request.phrase ?? ''} AND kind IN ('click', 'add-to-cart')
      GROUP BY product_id
    ),
    matched AS MATERIALIZED (
      SELECT pl.product_id, COALESCE(p.variant_group_id, pl.product_id) AS style_id, pl.brand_id,
             pl.category_ids, pl.sizes, pl.sizes_in_stock, pl.parameter_value_ids, pl.price, pl.discount_percent,
             pl.first_available_on, pl.stock_total, pl.rating_average, t.name, ${AVAILABILITY} AS availability,
             (${rank})
               * (1 + 0.1 * ln(1 + greatest(COALESCE(${currentPopularity('pop', request.halfLifeDays)}, 0), 0)))
               * (1 + 0.3 * ln(1 + COALESCE(learned.n, 0)))
               * CASE WHEN pl.stock_total > 0 THEN 1 ELSE 0.5 END AS score
      FROM ${request.tsquery !== null ? sql`search_documents d JOIN product_listing pl ON pl.product_id = d.product_id AND pl.market_alias = ${request.market}` : sql`product_listing pl`}
      JOIN products p ON p.product_id = pl.product_id
      JOIN product_texts t ON t.product_id = pl.product_id AND t.language = ${request.language}
      LEFT JOIN search_product_popularity pop ON pop.product_id = pl.product_id
      LEFT JOIN learned ON learned.product_id = pl.product_id
      WHERE ${request.tsquery !== null ? sql`d.language = ${request.language} AND ${matchCondition}` : sql`pl.market_alias = ${request.market}`}
        AND ${restriction}
    ),
    filtered AS (SELECT * FROM matched WHERE ${allBut(conditions)}),
    groups AS (
      SELECT style_id, min(availability) AS availability, max(score) AS score, min(price) AS price, max(discount_percent) AS discount,
             max(first_available_on) AS newest, max(rating_average) AS rating, min(name) AS name
      FROM filtered GROUP BY style_id
    ),
    page AS (
      SELECT style_id, row_number() OVER (ORDER BY availability, ${SORT_ORDER[request.sort]}) AS position
      FROM groups ORDER BY availability, ${SORT_ORDER[request.sort]} LIMIT ${request.limit} OFFSET ${request.skip}
    )
    SELECT
      (SELECT count(*)::int FROM groups) AS total,
      (SELECT json_agg(json_build_object('p', f.product_id) ORDER BY page.position, f.score DESC, f.product_id)
       FROM filtered f JOIN page ON page.style_id = f.style_id) AS products,
      ${request.facetCounts === false ? sql`NULL AS category, NULL AS brand, NULL AS color, NULL AS size, NULL AS price_min, NULL AS price_max, 0 AS on_sale, 0 AS in_stock` : facetSelects}
  `.execute(db)
  const row = rows[0]
  return {
    productIds: (row?.products ?? []).map((item) => item.p),
    totalHits: row?.total ?? 0,
    facets: {
      category: row?.category ?? [],
      brand: row?.brand ?? [],
      color: row?.color ?? [],
      size: row?.size ?? [],
      price: {
        min: row?.price_min === null || row?.price_min === undefined ? null : Number(row.price_min),
        max: row?.price_max === null || row?.price_max === undefined ? null : Number(row.price_max),
      },
      onSale: row?.on_sale ?? 0,
      inStock: row?.in_stock ?? 0,
    },
  }
}

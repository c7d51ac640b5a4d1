/**
 * Recommendation lists (docs/service-contracts.md#search-api algorithms) from real data: the orders (co-purchase),
 * the behaviour the notifications and queries left (co-view, co-add-to-cart in one session, the
 * decayed popularity) and the catalogue (same category, style, brand, price band).
 *
 *   TOP_PRODUCTS      decayed popularity, then all-time sales
 *   NEWEST_PRODUCTS   the latest arrivals available now
 *   RECENTLY_VIEWED   the customer's product views, newest first
 *   ALTERNATIVES      same category within ±30 % of the price, co-viewed first
 *   UPSELL            same category, 10–100 % dearer, popular first
 *   STYLE_WITH        bought together, then added to carts in the same sessions, then the same
 *                     brand in other categories: things that go with it, never its own category
 *   CART              the same for everything in the cart
 *   ADD_TO_CART_RECS  the same for the product just added, the rest of the cart second
 *   MORE_FROM_SERIES  same brand, same category
 *   FAVORITES         the customer's favourites (add-favorite minus remove-favorite)
 *   PERSONAL          popular products of the categories the customer looked at
 * Every list leaves out the anchors' own styles and products that are not in stock and available.
 */
import { sql, type RawBuilder } from 'kysely'
import type { MarketAlias } from '../../../src/shared/markets'
import type { RecommendationAlgorithm } from '../../../src/shared/search-api'
import { currentPopularity, recentlyViewed } from './behaviour'
import type { SearchDatabase } from './db'

export interface RecommendationRequest {
  algorithm: RecommendationAlgorithm
  market: MarketAlias
  customerKey: string
  /** the product(s) the list is about: the product page's, the added one, the cart's */
  anchors: number[]
  /** for ADD_TO_CART_RECS: the rest of the cart, weighed less */
  secondaryAnchors?: number[]
  limit: number
  halfLifeDays: number
}

const CO_SESSION_KINDS = {
  view: ['view', 'click'],
  cart: ['add-to-cart'],
} as const

function ordering(algorithm: RecommendationAlgorithm): {
  where: RawBuilder<unknown>
  score: RawBuilder<unknown>
} {
  const popularity = sql`ln(1 + greatest(COALESCE(pop_score, 0), 0)) + 0.2 * ln(1 + sales_count)`
  switch (algorithm) {
    case 'ALTERNATIVES':
      return {
        where: sql`category_ids @> ARRAY[anchor_category]`,
        score: sql`CASE WHEN price BETWEEN anchor_price * 0.7 AND anchor_price * 1.3 THEN 100 ELSE 0 END
                   + 5 * co_view - abs(price - anchor_price)::float8 / greatest(anchor_price, 1) + 0.5 * ${popularity}`,
      }
    case 'UPSELL':
      return {
        where: sql`category_ids @> ARRAY[anchor_category] AND price BETWEEN anchor_price * 1.1 AND anchor_price * 2`,
        score: sql`5 * co_view + ${popularity}`,
      }
    case 'MORE_FROM_SERIES':
      return {
        where: sql`brand_id = ANY (anchor_brands) AND category_ids @> ARRAY[anchor_category]`,
        score: sql`5 * co_view + ${popularity}`,
      }
    case 'STYLE_WITH':
    case 'CART':
    case 'ADD_TO_CART_RECS':
      return {
        where: sql`NOT (primary_category_id = ANY (anchor_categories))
                   AND (co_purchase > 0 OR co_cart > 0 OR brand_id = ANY (anchor_brands))`,
        score: sql`10 * co_purchase + 4 * co_cart + 2 * co_view
                   + CASE WHEN brand_id = ANY (anchor_brands) THEN 1 ELSE 0 END + 0.3 * ${popularity}`,
      }
    case 'PERSONAL':
      return {
        where: sql`primary_category_id IN (
                     SELECT pl2.primary_category_id FROM search_events e
                     JOIN product_listing pl2 ON pl2.product_id = e.product_id AND pl2.market_alias = market
                     WHERE e.customer_key = customer AND e.kind IN ('view', 'click', 'add-to-cart'))`,
        score: popularity,
      }
    case 'NEWEST_PRODUCTS':
      return {
        where: sql`true`,
        score: sql`extract(epoch FROM first_available_on::timestamp) + ${popularity}`,
      }
    case 'TOP_PRODUCTS':
    default:
      return { where: sql`true`, score: popularity }
  }
}

/** The favourites a customer key has added and not removed, newest first. */
async function favourites(db: SearchDatabase, customerKey: string, limit: number): Promise<number[]> {
  const { rows } = await sql<{ product_id: number }>`
    SELECT product_id FROM search_events
    WHERE customer_key = ${customerKey} AND kind IN ('add-favorite', 'remove-favorite') AND product_id IS NOT NULL
    GROUP BY product_id
    HAVING (array_agg(kind ORDER BY created_at DESC, event_id DESC))[1] = 'add-favorite'
    ORDER BY max(created_at) DESC LIMIT ${limit}`.execute(db)
  return rows.map((row) => row.product_id)
}

/** The product ids of a recommendation list, best first. */
export async function recommend(db: SearchDatabase, request: RecommendationRequest): Promise<number[]> {
  const { algorithm, market, limit, halfLifeDays } = request
  if (algorithm === 'RECENTLY_VIEWED') {
    return (await recentlyViewed(db, request.customerKey, limit + request.anchors.length))
      .filter((id) => !request.anchors.includes(id))
      .slice(0, limit)
  }
  if (algorithm === 'FAVORITES') return favourites(db, request.customerKey, limit)
  const anchored = [
    'ALTERNATIVES',
    'UPSELL',
    'MORE_FROM_SERIES',
    'STYLE_WITH',
    'CART',
    'ADD_TO_CART_RECS',
  ].includes(algorithm)
  if (anchored && request.anchors.length === 0) return []
  const primary = request.anchors
  const secondary = request.secondaryAnchors ?? []
  const { where, score } = ordering(algorithm)
  const { rows } = await sql<{ product_id: number }>`
    WITH anchors AS (
      SELECT id AS product_id, 1.0::float8 AS weight FROM unnest(${primary}::integer[]) AS id
      UNION ALL
      SELECT id, 0.4 FROM unnest(${secondary}::integer[]) AS id WHERE id <> ALL (${primary}::integer[])
    ),
    anchor_facts AS (
      SELECT array_agg(DISTINCT COALESCE(p.variant_group_id, p.product_id)) AS styles,
             array_agg(DISTINCT pl.primary_category_id) AS categories,
             array_agg(DISTINCT pl.brand_id) AS brands,
             (array_agg(pl.primary_category_id ORDER BY a.weight DESC))[1] AS category,
             (array_agg(pl.price ORDER BY a.weight DESC))[1] AS price
      FROM anchors a
      JOIN products p ON p.product_id = a.product_id
      JOIN product_listing pl ON pl.product_id = a.product_id AND pl.market_alias = ${market}
    ),
    co_purchase AS (
      SELECT r2.product_id, sum(a.weight) AS n
      FROM anchors a
      JOIN order_rows r1 ON r1.product_id = a.product_id
      JOIN order_rows r2 ON r2.order_id = r1.order_id AND r2.product_id <> r1.product_id
      GROUP BY r2.product_id
    ),
    co_session AS (
      SELECT e2.product_id,
             sum(CASE WHEN e2.kind = ANY (${[...CO_SESSION_KINDS.cart]}::text[]) THEN a.weight ELSE 0 END) AS cart,
             sum(CASE WHEN e2.kind = ANY (${[...CO_SESSION_KINDS.view]}::text[]) THEN a.weight ELSE 0 END) AS view
      FROM anchors a
      JOIN search_events e1 ON e1.product_id = a.product_id AND e1.kind IN ('view', 'click', 'add-to-cart')
      JOIN search_events e2 ON e2.session_key = e1.session_key AND e2.product_id <> e1.product_id
        AND e2.kind IN ('view', 'click', 'add-to-cart')
      GROUP BY e2.product_id
    ),
    candidates AS (
      SELECT pl.product_id, pl.primary_category_id, pl.category_ids, pl.brand_id, pl.price, pl.sales_count,
             pl.first_available_on, ${currentPopularity('pop', halfLifeDays)} AS pop_score,
             COALESCE(cp.n, 0) AS co_purchase, COALESCE(cs.cart, 0) AS co_cart, COALESCE(cs.view, 0) AS co_view,
             af.category AS anchor_category, af.categories AS anchor_categories, af.brands AS anchor_brands,
             af.price AS anchor_price,
             ${market}::text AS market, ${request.customerKey}::uuid AS customer
      FROM product_listing pl
      JOIN products p ON p.product_id = pl.product_id
      CROSS JOIN anchor_facts af
      LEFT JOIN search_product_popularity pop ON pop.product_id = pl.product_id
      LEFT JOIN co_purchase cp ON cp.product_id = pl.product_id
      LEFT JOIN co_session cs ON cs.product_id = pl.product_id
      WHERE pl.market_alias = ${market} AND pl.stock_total > 0 AND pl.first_available_on <= current_date
        AND (af.styles IS NULL OR COALESCE(p.variant_group_id, p.product_id) <> ALL (af.styles))
    )
    SELECT product_id FROM candidates WHERE ${where}
    ORDER BY ${score} DESC, product_id LIMIT ${limit}`.execute(db)
  return rows.map((row) => row.product_id)
}

/**
 * The product SQL. One statement returns everything a product card needs besides its SKUs,
 * images and parameters (texts, brand, market price, 30-day lowest price, stock totals, category
 * ids, active campaigns, rating), so a product list is one statement plus one per batched relation.
 * Raw SQL through Kysely's `sql` tag: the same text runs on PGlite and PostgreSQL.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { DB, DiscountType } from '../../../db/schema'
import type { RequestScope } from '../request-scope'

export interface SkuRow {
  sku_id: number
  product_id: number
  article_number: string
  name: string
  gtin: string | null
  stock_in_stock: number
  stock_oversellable: number
  stock_static: number
  incoming_on: string | null
}

export interface ImageRow {
  product_id: number
  file_name: string
  tags: string[]
}

export interface ParameterRow {
  product_id: number
  parameter_id: number
  parameter_group_id: number
  group_name: string
  group_order: number
  identifier: string
  label: string
  parameter_order: number
  is_shown: boolean
  is_filter: boolean
  value_identifier: string
  value: string
}

export interface CampaignJson {
  id: number
  name: string
  alias: string | null
  hideTitle: boolean
  percentage: number
}

export interface ProductCoreRow {
  product_id: number
  article_number: string
  brand_id: number
  primary_category_id: number
  first_available_on: string
  discount_type: DiscountType
  is_collab: boolean
  is_sustainable: boolean
  is_petite: boolean
  is_outlet: boolean
  has_extended_sizes: boolean
  sales_count: number
  name: string
  alias: string
  text1: string
  text2: string
  text3: string
  meta_title: string | null
  meta_description: string | null
  meta_keywords: string | null
  brand_alias: string
  brand_name: string
  brand_description: string | null
  regular_price_inc_vat: number
  selling_price_inc_vat: number
  vat_rate_bp: number
  /**
   * Lowest selling price logged in the 30 days before today's price took effect (the EU rule's
   * prior price); null without log entries in that window.
   */
  lowest_30d_inc_vat: number | null
  stock_in_stock: number
  stock_oversellable: number
  stock_static: number
  /** The earliest future restock date of any SKU. */
  incoming_on: string | null
  category_ids: number[]
  campaigns: CampaignJson[]
  rating_score: number | null
  rating_count: number
}

/** The core columns and joins; `p` is products, `pt` its texts, `pp` its price in the market. */
export function coreSelect(
  scope: RequestScope,
  /** A row source joined first (e.g. a page of ids), so the lateral parts run for its rows only. */
  lead?: {
    source: RawBuilder<unknown>
    productId: RawBuilder<unknown>
    /**
     * Every product id the source holds, as an int[]: the running campaigns are then read once
     * for all of them instead of by a subquery per row (which scanned the campaign table's
     * products once per card: about a fifth of a page of 48 cards on PGlite).
     */
    ids?: RawBuilder<unknown>
  },
): { columns: RawBuilder<unknown>; from: RawBuilder<unknown> } {
  // A product's running campaigns, as card JSON in their order.
  const campaignJson = sql`json_agg(json_build_object('id', dc.campaign_id, 'name', COALESCE(dct.name, dc.name),
               'alias', dct.alias, 'hideTitle', dc.hide_title, 'percentage', dc.discount_percentage)
             ORDER BY dc.sort_order, dc.campaign_id)`
  const campaignsOf = (products: RawBuilder<unknown>) => sql`
      FROM discount_campaign_products dcp
      JOIN discount_campaigns dc ON dc.campaign_id = dcp.campaign_id
      LEFT JOIN discount_campaign_texts dct ON dct.campaign_id = dc.campaign_id AND dct.language = ${scope.language}
      WHERE ${products}
        AND (dc.active_from IS NULL OR dc.active_from <= now())
        AND (dc.active_to IS NULL OR dc.active_to > now())`
  const campaigns = lead?.ids
    ? sql`COALESCE(cc.campaigns, '[]'::json)`
    : sql`COALESCE((
      SELECT ${campaignJson} ${campaignsOf(sql`dcp.product_id = p.product_id`)}
    ), '[]'::json)`
  const batchCampaigns = lead?.ids
    ? sql`
    LEFT JOIN (
      SELECT dcp.product_id, ${campaignJson} AS campaigns
      ${campaignsOf(sql`dcp.product_id = ANY(${lead.ids})`)}
      GROUP BY dcp.product_id
    ) cc ON cc.product_id = p.product_id`
    : sql``
  const columns = sql`
    p.product_id, p.article_number, p.brand_id, p.primary_category_id, p.first_available_on,
    p.discount_type, p.is_collab, p.is_sustainable, p.is_petite, p.is_outlet, p.has_extended_sizes,
    p.sales_count,
    pt.name, pt.alias, pt.text1, pt.text2, pt.text3, pt.meta_title, pt.meta_description, pt.meta_keywords,
    b.alias AS brand_alias, b.name AS brand_name, bt.description AS brand_description,
    pp.regular_price_inc_vat, pp.selling_price_inc_vat, pp.vat_rate_bp,
    lp.lowest_30d_inc_vat,
    st.stock_in_stock, st.stock_oversellable, st.stock_static, st.incoming_on,
    ARRAY(SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = p.product_id
          ORDER BY pc.category_id) AS category_ids,
    ${campaigns} AS campaigns,
    rv.rating_score, rv.rating_count`
  const products = lead
    ? sql`${lead.source} JOIN products p ON p.product_id = ${lead.productId}`
    : sql`products p`
  const from = sql`
    ${products}
    JOIN product_texts pt ON pt.product_id = p.product_id AND pt.language = ${scope.language}
    JOIN product_prices pp ON pp.product_id = p.product_id AND pp.market_alias = ${scope.market.alias}
    JOIN brands b ON b.brand_id = p.brand_id
    LEFT JOIN brand_texts bt ON bt.brand_id = b.brand_id AND bt.language = ${scope.language}
    LEFT JOIN LATERAL (
      -- The day today's price took effect: the first log day after the last day with another price.
      SELECT COALESCE((
        SELECT min(n.logged_on) FROM price_log n
        WHERE n.product_id = p.product_id AND n.market_alias = pp.market_alias
          AND n.logged_on > (
            SELECT max(c.logged_on) FROM price_log c
            WHERE c.product_id = p.product_id AND c.market_alias = pp.market_alias
              AND c.selling_price_inc_vat <> pp.selling_price_inc_vat)
      ), current_date) AS since
    ) ps ON true
    LEFT JOIN LATERAL (
      SELECT min(l.selling_price_inc_vat) AS lowest_30d_inc_vat FROM price_log l
      WHERE l.product_id = p.product_id AND l.market_alias = pp.market_alias
        AND l.logged_on < ps.since
        -- from the entry in force 30 days before (the log holds change days, not every day)
        AND l.logged_on >= COALESCE((
          SELECT max(b.logged_on) FROM price_log b
          WHERE b.product_id = p.product_id AND b.market_alias = pp.market_alias AND b.logged_on <= ps.since - 30
        ), ps.since - 30)
    ) lp ON true
    LEFT JOIN LATERAL (
      SELECT COALESCE(sum(s.stock_in_stock), 0)::int AS stock_in_stock,
             COALESCE(sum(s.stock_oversellable), 0)::int AS stock_oversellable,
             COALESCE(sum(s.stock_static), 0)::int AS stock_static,
             min(s.incoming_on) FILTER (WHERE s.incoming_on >= current_date) AS incoming_on
      FROM skus s WHERE s.product_id = p.product_id
    ) st ON true
    LEFT JOIN LATERAL (
      SELECT avg(r.rating)::float8 AS rating_score, count(*)::int AS rating_count
      FROM reviews r WHERE r.product_id = p.product_id
    ) rv ON true ${batchCampaigns}`
  return { columns, from }
}

/** Core rows of the given products that are sold in the scope's market (any order). */
export async function selectProductCores(
  db: Kysely<DB>,
  scope: RequestScope,
  productIds: readonly number[],
): Promise<ProductCoreRow[]> {
  if (productIds.length === 0) return []
  const { columns, from } = coreSelect(scope)
  const result = await sql<ProductCoreRow>`
    SELECT ${columns} FROM ${from}
    WHERE p.is_active AND p.product_id IN (${sql.join([...productIds])})`.execute(db)
  return result.rows
}

/** The product id for an alias in the scope's language, or in any language as a fallback. */
export async function productIdByAlias(
  db: Kysely<DB>,
  scope: RequestScope,
  alias: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('product_texts')
    .select('product_id')
    .where('alias', '=', alias)
    .orderBy(sql`language = ${scope.language}`, 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.product_id ?? null
}

/** The SKUs of the row's product `p` as JSON, in the order the skus loader reads them. */
export const skusJson = sql`COALESCE((
    SELECT json_agg(json_build_object('sku_id', s.sku_id, 'product_id', s.product_id,
             'article_number', s.article_number, 'name', s.name, 'gtin', s.gtin,
             'stock_in_stock', s.stock_in_stock, 'stock_oversellable', s.stock_oversellable,
             'stock_static', s.stock_static, 'incoming_on', s.incoming_on)
           ORDER BY s.sort_order, s.sku_id)
    FROM skus s WHERE s.product_id = p.product_id), '[]'::json)`

/** The images of the row's product `p` as JSON, in the order the images loader reads them. */
export const imagesJson = sql`COALESCE((
    SELECT json_agg(json_build_object('product_id', i.product_id, 'file_name', i.file_name, 'tags', i.tags)
           ORDER BY i.sort_order, i.file_name)
    FROM product_images i WHERE i.product_id = p.product_id), '[]'::json)`

/** A card of a list page: its core row, with its SKUs and images when they were asked for. */
export type ProductCardRow = ProductCoreRow & { skus?: SkuRow[]; images?: ImageRow[] }

/**
 * The cards of a list page (ADR 0045): the core rows of the given products in the given order,
 * each with its SKUs and images when `withRelations`. The ids are one array parameter, so the
 * text is the same for every list, sort and page: the database worker's named statement keeps
 * one generic plan for it instead of planning its lateral parts per call (ADR 0041), and its plan
 * cannot depend on the list (the list's own statement picks the ids). Each card travels as one
 * JSON text, parsed here: on PGlite that is cheaper than parsing and cloning ~35 columns a row
 * field by field. Ids the scope's market or language lacks have no card.
 */
export async function selectProductCards(
  db: Kysely<DB>,
  scope: RequestScope,
  productIds: readonly number[],
  { withRelations = false }: { withRelations?: boolean } = {},
): Promise<ProductCardRow[]> {
  if (productIds.length === 0) return []
  const ids = sql`${[...productIds]}::int[]`
  const { columns, from } = coreSelect(scope, {
    source: sql`unnest(${ids}) WITH ORDINALITY AS page(product_id, position)`,
    productId: sql`page.product_id`,
    ids,
  })
  const relations = withRelations ? sql`, ${skusJson} AS skus, ${imagesJson} AS images` : sql``
  const result = await sql<{ card: string }>`
    SELECT row_to_json(card)::text AS card
    FROM (SELECT page.position, ${columns} ${relations} FROM ${from}) card
    ORDER BY card.position`.execute(db)
  return result.rows.map(({ card }) => {
    const { position: _position, ...row } = JSON.parse(card) as ProductCardRow & { position: number }
    return row
  })
}

/** A product page's own relations, read with its core row (see selectProductWithRelations). */
export interface ProductRelationsJson {
  skus: SkuRow[]
  images: ImageRow[]
  parameters: ParameterRow[]
  texts: { product_id: number; language: string; alias: string }[]
}

/**
 * One product (by id, or by alias in the scope's language with any language as a fallback) with
 * its SKUs, images, parameters and texts in all languages as JSON: a product page's reads in one
 * statement instead of one per relation. Null when there is no such product in the market.
 */
export async function selectProductWithRelations(
  db: Kysely<DB>,
  scope: RequestScope,
  product: { productId: number } | { alias: string },
): Promise<(ProductCoreRow & ProductRelationsJson) | null> {
  const target =
    'productId' in product
      ? sql`SELECT ${product.productId}::int AS product_id`
      : sql`SELECT product_id FROM product_texts WHERE alias = ${product.alias}
            ORDER BY language = ${scope.language} DESC LIMIT 1`
  const { columns, from } = coreSelect(scope, { source: sql`target`, productId: sql`target.product_id` })
  const lang = scope.language
  const result = await sql<ProductCoreRow & ProductRelationsJson>`
    WITH target AS (${target})
    SELECT ${columns},
      ${skusJson} AS skus,
      ${imagesJson} AS images,
      COALESCE((
        SELECT json_agg(json_build_object('product_id', ppv.product_id, 'parameter_id', pa.parameter_id,
                 'parameter_group_id', pa.parameter_group_id, 'group_name', COALESCE(pgt.name, ''),
                 'group_order', pg.sort_order, 'identifier', pa.name, 'label', COALESCE(pat.label, pa.name),
                 'parameter_order', pa.sort_order, 'is_shown', pa.is_shown, 'is_filter', pa.is_filter,
                 'value_identifier', pv.identifier, 'value', COALESCE(pvt.value, pv.identifier))
               ORDER BY pg.sort_order, pg.parameter_group_id, pa.sort_order, pa.parameter_id)
        FROM product_parameter_values ppv
        JOIN parameters pa ON pa.parameter_id = ppv.parameter_id
        JOIN parameter_groups pg ON pg.parameter_group_id = pa.parameter_group_id
        LEFT JOIN parameter_group_texts pgt ON pgt.parameter_group_id = pg.parameter_group_id AND pgt.language = ${lang}
        LEFT JOIN parameter_texts pat ON pat.parameter_id = pa.parameter_id AND pat.language = ${lang}
        JOIN parameter_values pv ON pv.parameter_value_id = ppv.parameter_value_id
        LEFT JOIN parameter_value_texts pvt ON pvt.parameter_value_id = pv.parameter_value_id AND pvt.language = ${lang}
        WHERE ppv.product_id = p.product_id), '[]'::json) AS parameters,
      COALESCE((
        SELECT json_agg(json_build_object('product_id', t.product_id, 'language', t.language, 'alias', t.alias))
        FROM product_texts t WHERE t.product_id = p.product_id), '[]'::json) AS texts
    FROM ${from}
    WHERE p.is_active`.execute(db)
  return result.rows[0] ?? null
}

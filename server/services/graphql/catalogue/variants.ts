/**
 * ProductType.variantGroup: the colours of a product's style (products sharing
 * `products.variant_group_id`, migration 0400). All products of a response load their groups in
 * one statement per scope (a batch loader kept per request), with each colour's name, alias,
 * colour value and label, swatch colour and first image. Each colour's sizes are its 'sku'-level
 * variants (Geins nests them under VariantType.variants; Ralph's product query reads three levels),
 * read through the request's SKU loader, so a product page's colours cost one statement.
 */
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { BatchLoader, groupBy } from '../batch-loader'
import type { GraphQLContext, RequestScope } from '../context'
import type { ResolverModule } from '../resolver-types'
import type { ResolversParentTypes } from '../generated'
import { scopeKey } from '../scope'
import type { SkuRow } from './loaders'
import { stockType, todayUtc } from './model'
import { dateTime, productScope, productUrl, skuType } from './products'

export interface VariantRow {
  for_product_id: number
  /** null for a product sold in one colour (its only row is itself). */
  variant_group_id: number | null
  product_id: number
  name: string
  alias: string
  colour_value: string | null
  colour_label: string | null
  color_hex: string | null
  primary_image: string | null
}

/** The parameter colour variants differ in (seed vocabulary: parameter 1, "Color"). */
export const VARIANT_DIMENSION = 'Color'
/** The dimension of a colour's sizes (its SKUs). */
export const SKU_DIMENSION = 'Size'

export function selectVariantRows(
  db: Kysely<DB>,
  scope: RequestScope,
  productIds: readonly number[],
): Promise<VariantRow[]> {
  return sql<VariantRow>`
    SELECT p.product_id AS for_product_id, m.variant_group_id, m.product_id, pt.name, pt.alias,
           pv.identifier AS colour_value, COALESCE(pvt.value, pv.identifier) AS colour_label, m.color_hex,
           img.file_name AS primary_image
    FROM products p
    JOIN products m ON (m.variant_group_id = p.variant_group_id OR m.product_id = p.product_id) AND m.is_active
    JOIN product_texts pt ON pt.product_id = m.product_id AND pt.language = ${scope.language}
    JOIN product_prices pp ON pp.product_id = m.product_id AND pp.market_alias = ${scope.market.alias}
    LEFT JOIN parameters pa ON pa.name = ${VARIANT_DIMENSION}
    LEFT JOIN product_parameter_values ppv ON ppv.product_id = m.product_id AND ppv.parameter_id = pa.parameter_id
    LEFT JOIN parameter_values pv ON pv.parameter_value_id = ppv.parameter_value_id
    LEFT JOIN parameter_value_texts pvt ON pvt.parameter_value_id = pv.parameter_value_id AND pvt.language = ${scope.language}
    LEFT JOIN LATERAL (
      SELECT pi.file_name FROM product_images pi WHERE pi.product_id = m.product_id
      ORDER BY pi.sort_order, pi.file_name LIMIT 1
    ) img ON true
    WHERE p.product_id IN (${sql.join([...productIds])})
    ORDER BY p.product_id, m.product_id`
    .execute(db)
    .then((result) => result.rows)
}

/** VariantGroupType of one product from its group's rows (null without a group). */
export function variantGroup(rows: readonly VariantRow[]) {
  const first = rows[0]
  if (!first || first.variant_group_id === null) return null
  return {
    variantGroupId: first.variant_group_id,
    mainProductId: first.variant_group_id,
    activeProducts: rows.length,
    variants: rows.map((row) => ({
      level: 1,
      dimension: VARIANT_DIMENSION,
      type: 'product',
      value: row.colour_value,
      label: row.colour_label,
      productId: row.product_id,
      name: row.name,
      alias: row.alias,
      canonicalUrl: productUrl(row.alias),
      primaryImage: row.primary_image,
      attributes: row.color_hex ? [{ key: 'hex', value: row.color_hex }] : [],
    })),
  }
}

const loadersByRequest = new WeakMap<object, Map<string, BatchLoader<number, VariantRow[]>>>()

function variantLoader(ctx: GraphQLContext, scope: RequestScope): BatchLoader<number, VariantRow[]> {
  let byScope = loadersByRequest.get(ctx.loaders)
  if (!byScope) {
    byScope = new Map()
    loadersByRequest.set(ctx.loaders, byScope)
  }
  const key = scopeKey(scope)
  let loader = byScope.get(key)
  if (!loader) {
    loader = new BatchLoader(async (ids) => {
      const grouped = groupBy(await selectVariantRows(ctx.db, scope, ids), (row) => row.for_product_id)
      return new Map(ids.map((id) => [id, grouped.get(id) ?? []]))
    })
    byScope.set(key, loader)
  }
  return loader
}

/** A colour's stock: its sizes summed, the earliest arrival still ahead (as ProductType.totalStock). */
export function colourStock(skus: readonly SkuRow[], today: string = todayUtc()) {
  const sum = (pick: (sku: SkuRow) => number) => skus.reduce((total, sku) => total + pick(sku), 0)
  const incoming =
    skus
      .map((sku) => sku.incoming_on)
      .filter((date): date is string => date !== null && date >= today)
      .sort()[0] ?? null
  const stock = stockType({
    inStock: sum((sku) => sku.stock_in_stock),
    oversellable: sum((sku) => sku.stock_oversellable),
    static: sum((sku) => sku.stock_static),
    incoming,
  })
  return { ...stock, incoming: dateTime(incoming) }
}

interface ColourVariant {
  type: string
  productId: number
  name: string | null
  alias: string | null
}

/** A colour's size as a Geins 'sku'-level variant (level 0, the most exact selection). */
function sizeVariant(sku: SkuRow, colour: ColourVariant) {
  const { stock } = skuType(sku)
  return {
    level: 0,
    dimension: SKU_DIMENSION,
    type: 'sku',
    value: sku.name,
    label: sku.name,
    skuId: sku.sku_id,
    stock,
    incoming: dateTime(sku.incoming_on),
    productId: colour.productId,
    name: colour.name,
    alias: colour.alias,
    canonicalUrl: null,
    primaryImage: null,
    attributes: [],
    variants: [],
  }
}

async function skusOf(ctx: GraphQLContext, productId: number) {
  return (await ctx.loaders.skus.load(productId)) ?? []
}

/**
 * ProductType.variantDimensions: the dimensions a shopper chooses in. 'Color' (the product level)
 * with this product's colour as the value and the style's colours as the group; 'Size' (the sku
 * level) with the product's sizes as the group and no value, as no size is chosen on a product.
 */
export function variantDimensions(productId: number, rows: readonly VariantRow[], skus: readonly SkuRow[]) {
  const own = rows.find((row) => row.product_id === productId)
  const colours = rows.flatMap((row) =>
    row.colour_value === null
      ? []
      : [{ label: row.colour_label ?? row.colour_value, value: row.colour_value }],
  )
  const dimensions = []
  if (own?.colour_value) {
    dimensions.push({
      level: 1,
      dimension: VARIANT_DIMENSION,
      type: 'product',
      value: own.colour_value,
      label: own.colour_label,
      attributes: own.color_hex ? [{ key: 'hex', value: own.color_hex }] : [],
      group: colours,
    })
  }
  if (skus.length > 0) {
    dimensions.push({
      level: 0,
      dimension: SKU_DIMENSION,
      type: 'sku',
      value: null,
      label: null,
      attributes: [],
      group: skus.map((sku) => ({ label: sku.name, value: sku.name })),
    })
  }
  return dimensions
}

type VariantParent = ResolversParentTypes['VariantType']

/** The colour a product-level variant stands for (its sizes are read by product id). */
function colourOf(parent: VariantParent): ColourVariant | null {
  const { type, productId, name, alias } = parent
  if (type === undefined || productId === undefined) return null
  return { type, productId, name: name ?? null, alias: alias ?? null }
}

export const variantResolvers: ResolverModule = {
  VariantType: {
    // The 'sku' level carries its own fields; the product level reads the colour's SKUs.
    skuId: (parent: VariantParent) => parent.skuId ?? null,
    stock: async (parent: VariantParent, _args: unknown, ctx: GraphQLContext) =>
      parent.stock ??
      (parent.productId === undefined ? null : colourStock(await skusOf(ctx, parent.productId))),
    incoming: async (parent: VariantParent, _args: unknown, ctx: GraphQLContext) =>
      parent.incoming !== undefined
        ? parent.incoming
        : parent.productId === undefined
          ? null
          : colourStock(await skusOf(ctx, parent.productId)).incoming,
    variants: async (parent: VariantParent, _args: unknown, ctx: GraphQLContext) => {
      if (parent.variants !== undefined) return parent.variants
      const colour = colourOf(parent)
      if (!colour) return []
      return (await skusOf(ctx, colour.productId)).map((sku) => sizeVariant(sku, colour))
    },
  },
  ProductType: {
    variantGroup: async (parent: Record<string, unknown>, _args: unknown, ctx: GraphQLContext) => {
      const productId = parent['productId']
      if (typeof productId !== 'number') return null
      const rows = await variantLoader(ctx, productScope(parent) ?? ctx.scope).load(productId)
      return variantGroup(rows ?? [])
    },
    variantDimensions: async (parent: Record<string, unknown>, _args: unknown, ctx: GraphQLContext) => {
      const productId = parent['productId']
      if (typeof productId !== 'number') return null
      const [rows, skus] = await Promise.all([
        variantLoader(ctx, productScope(parent) ?? ctx.scope).load(productId),
        skusOf(ctx, productId),
      ])
      return variantDimensions(productId, rows ?? [], skus)
    },
  },
}

/**
 * ProductType, SkuType and RelatedProductType. A product object carries everything its core row
 * gives (names, prices, stock, badges) as plain fields, and a hidden reference to the row and scope
 * from which the relation fields (skus, images, parameters, categories, price log, alternative
 * URLs) load through the request's batch loaders.
 *
 * Other areas (the cart) build their own product objects without that reference; the relation
 * resolvers then return the object's own field, so those objects keep working unchanged.
 */
import { LOCALES, MARKETS, MARKET_ALIASES, CHANNEL_ID, type LocaleCode } from '../../../../src/shared/markets'
import type { GraphQLContext, RequestScope } from '../context'
import type { ResolverModule } from '../resolver-types'
import type { ParameterType, ProductRelation, ResolversParentTypes, StockType } from '../generated'
import {
  ancestry,
  type CategoryNode,
  type CategoryTree,
  type ImageRow,
  type ParameterRow,
  type SkuRow,
} from './loaders'
import {
  lowestPriceType,
  priceType,
  productBadges,
  stockStatus,
  stockType,
  todayUtc,
  type StockInput,
} from './model'
import type { CampaignJson, ProductCoreRow } from './product-sql'

const SOURCE = Symbol('catalogueSource')

export interface ProductSource {
  core: ProductCoreRow
  scope: RequestScope
}

interface WithSource {
  [SOURCE]?: ProductSource
}

export const productUrl = (alias: string) => `/p/${alias}`
export const categoryUrl = (alias: string) => `/c/${alias}`
export const brandUrl = (alias: string) => `/b/${alias}`
export const campaignUrl = (alias: string) => `/dc/${alias}`

/** A date column ('YYYY-MM-DD') as the DateTime the schema promises (midnight UTC). */
export function dateTime(date: string | null): string | null {
  return date ? `${date}T00:00:00.000Z` : null
}

export function categoryType(node: CategoryNode) {
  return {
    categoryId: node.categoryId,
    parentCategoryId: node.parentId ?? 0,
    order: node.order,
    alias: node.alias,
    canonicalUrl: categoryUrl(node.alias),
    name: node.name,
    description: node.description,
    secondaryDescription: node.secondaryDescription,
    isHidden: node.isHidden,
    primaryImage: node.imageFileName,
    backgroundImage: null,
  }
}

export function campaignRule(campaign: CampaignJson) {
  return {
    campaignId: String(campaign.id),
    name: campaign.name,
    hideTitle: campaign.hideTitle,
    ruleType: 'PRICE_CAMPAIGN',
    category: null,
    action: 'DISCOUNT_PERCENTAGE',
    actionValue: String(campaign.percentage),
    canonicalUrl: campaign.alias ? campaignUrl(campaign.alias) : null,
  }
}

function coreStock(core: ProductCoreRow): StockInput {
  return {
    inStock: core.stock_in_stock,
    oversellable: core.stock_oversellable,
    static: core.stock_static,
    incoming: core.incoming_on,
  }
}

function skuStock(sku: SkuRow): StockInput {
  return {
    inStock: sku.stock_in_stock,
    oversellable: sku.stock_oversellable,
    static: sku.stock_static,
    incoming: sku.incoming_on,
  }
}

export function skuType(sku: SkuRow) {
  const stock = skuStock(sku)
  return {
    skuId: sku.sku_id,
    productId: sku.product_id,
    articleNumber: sku.article_number,
    name: sku.name,
    gtin: sku.gtin,
    stock: { ...stockType(stock), incoming: dateTime(stock.incoming) },
    incoming: dateTime(sku.incoming_on),
    stockStatus: stockStatus(stock),
  }
}

function imageType(image: ImageRow) {
  return { fileName: image.file_name, tags: image.tags }
}

/** Parameter rows of one product → ParameterGroupType[] in group order. */
export function parameterGroups(productId: number, rows: readonly ParameterRow[]) {
  const groups = new Map<
    number,
    { parameterGroupId: number; productId: number; name: string; parameters: ParameterType[] }
  >()
  for (const row of rows) {
    let group = groups.get(row.parameter_group_id)
    if (!group) {
      group = { parameterGroupId: row.parameter_group_id, productId, name: row.group_name, parameters: [] }
      groups.set(row.parameter_group_id, group)
    }
    group.parameters.push({
      parameterId: row.parameter_id,
      parameterGroupId: row.parameter_group_id,
      type: 'text',
      name: row.label,
      label: row.label,
      value: row.value,
      show: row.is_shown,
      showFilter: row.is_filter,
      identifier: row.identifier,
      facetId: `p_${row.parameter_id}_${row.value_identifier}`,
    })
  }
  return [...groups.values()]
}

/** The product object for one core row in a scope. */
export function productType(core: ProductCoreRow, scope: RequestScope) {
  const price = {
    regularIncVat: core.regular_price_inc_vat,
    sellingIncVat: core.selling_price_inc_vat,
    vatRateBp: core.vat_rate_bp,
  }
  const stock = coreStock(core)
  const product = {
    [SOURCE]: { core, scope } satisfies ProductSource,
    productId: core.product_id,
    name: core.name,
    alias: core.alias,
    articleNumber: core.article_number,
    categoryId: core.primary_category_id,
    canonicalUrl: productUrl(core.alias),
    firstAvailableOn: core.first_available_on,
    texts: { text1: core.text1, text2: core.text2, text3: core.text3 },
    brand: {
      brandId: core.brand_id,
      alias: core.brand_alias,
      canonicalUrl: brandUrl(core.brand_alias),
      name: core.brand_name,
      description: core.brand_description,
    },
    unitPrice: priceType(price, scope),
    lowestPrice: lowestPriceType({ ...price, lowest30dIncVat: core.lowest_30d_inc_vat }, scope),
    rating:
      core.rating_count > 0
        ? { score: Math.round((core.rating_score ?? 0) * 10) / 10, voteCount: core.rating_count }
        : null,
    totalStock: { ...stockType(stock), incoming: dateTime(stock.incoming) },
    meta: {
      title: core.meta_title ?? core.name,
      description: core.meta_description ?? (core.text1.slice(0, 160) || null),
      keywords: core.meta_keywords,
    },
    discountCampaigns: core.campaigns.map(campaignRule),
    discountType: core.discount_type === 'EXTERNAL' ? 'NONE' : core.discount_type,
    stockStatus: stockStatus(stock),
    badges: productBadges(
      {
        firstAvailableOn: core.first_available_on,
        salesCount: core.sales_count,
        isCollab: core.is_collab,
        isSustainable: core.is_sustainable,
        hasExtendedSizes: core.has_extended_sizes,
        isPetite: core.is_petite,
        isOutlet: core.is_outlet,
        stock,
      },
      todayUtc(),
    ),
    incoming: dateTime(core.incoming_on),
  }
  return product
}

export type ProductObject = ReturnType<typeof productType>

function sourceOf(parent: unknown): ProductSource | undefined {
  return (parent as WithSource | null)?.[SOURCE]
}

/** The scope a catalogue product object was read in (undefined for other areas' objects). */
export function productScope(parent: unknown): RequestScope | undefined {
  return sourceOf(parent)?.scope
}

type ProductParent = ResolversParentTypes['ProductType']
type RelatedParent = ResolversParentTypes['RelatedProductType']

/**
 * A relation field: loaded for catalogue products, the object's own value for anyone else's. The
 * loaded value and the object's own are both checked against the field's type in the schema.
 */
function relationOf<P extends object>() {
  return <K extends keyof P, T>(field: K, load: (source: ProductSource, ctx: GraphQLContext) => Promise<T>) =>
    (parent: P, _args: unknown, ctx: GraphQLContext): Promise<T> | NonNullable<P[K]> | null => {
      const source = sourceOf(parent)
      return source ? load(source, ctx) : (parent[field] ?? null)
    }
}

const relation = relationOf<ProductParent>()
const sharedRelation = relationOf<ProductParent | RelatedParent>()
const relatedRelation = relationOf<RelatedParent>()

async function treeOf(source: ProductSource, ctx: GraphQLContext): Promise<CategoryTree> {
  return ctx.loaders.categoryTree(source.scope.language)
}

/** Market/language pairs a product page exists in, for hreflang alternates. */
function alternativeUrls(aliases: ReadonlyMap<LocaleCode, string>, url: (alias: string) => string) {
  return MARKET_ALIASES.flatMap((market) =>
    MARKETS[market].allowedLocales.flatMap((language) => {
      const alias = aliases.get(language)
      if (!alias) return []
      return [
        { url: url(alias), culture: LOCALES[language].iso, language, country: market, channelId: CHANNEL_ID },
      ]
    }),
  )
}

async function relatedImages(source: ProductSource, ctx: GraphQLContext) {
  return ((await ctx.loaders.images.load(source.core.product_id)) ?? []).map(imageType)
}

const sharedRelations = {
  skus: sharedRelation('skus', async (source, ctx) =>
    ((await ctx.loaders.skus.load(source.core.product_id)) ?? []).map(skuType),
  ),
  productImages: sharedRelation('productImages', relatedImages),
  primaryCategory: sharedRelation('primaryCategory', async (source, ctx) => {
    const node = (await treeOf(source, ctx)).byId.get(source.core.primary_category_id)
    return node ? categoryType(node) : null
  }),
  parameterGroups: sharedRelation('parameterGroups', async (source, ctx) =>
    parameterGroups(
      source.core.product_id,
      (await ctx.loaders.parameters(source.scope.language).load(source.core.product_id)) ?? [],
    ),
  ),
}

export const productResolvers: ResolverModule = {
  ProductType: {
    ...sharedRelations,
    categories: relation('categories', async (source, ctx) => {
      const tree = await treeOf(source, ctx)
      return source.core.category_ids.flatMap((id) => {
        const node = tree.byId.get(id)
        return node ? [categoryType(node)] : []
      })
    }),
    breadcrumbs: relation('breadcrumbs', async (source, ctx) =>
      ancestry(await treeOf(source, ctx), source.core.primary_category_id).map((node) => ({
        categoryId: node.categoryId,
        parentCategoryId: node.parentId ?? 0,
        url: categoryUrl(node.alias),
        name: node.name,
      })),
    ),
    priceLog: relation('priceLog', async (source, ctx) => {
      const rows = (await ctx.loaders.priceLog(source.scope.market.alias).load(source.core.product_id)) ?? []
      const lowest = Math.min(...rows.map((row) => row.selling_price_inc_vat))
      return rows.map((row) => ({
        ...priceType(
          {
            regularIncVat: row.regular_price_inc_vat,
            sellingIncVat: row.selling_price_inc_vat,
            vatRateBp: source.core.vat_rate_bp,
          },
          source.scope,
        ),
        isLowest: row.selling_price_inc_vat === lowest,
        date: row.logged_on,
      }))
    }),
    alternativeUrls: relation('alternativeUrls', async (source, ctx) => {
      const texts = (await ctx.loaders.productTexts.load(source.core.product_id)) ?? []
      return alternativeUrls(new Map(texts.map((text) => [text.language, text.alias])), productUrl)
    }),
    stockStatus: (parent: ProductParent) => parent.stockStatus ?? statusFromStockType(parent.totalStock),
  },
  SkuType: {
    stockStatus: (parent: ResolversParentTypes['SkuType']) =>
      parent.stockStatus ?? statusFromStockType(parent.stock),
  },
  RelatedProductType: {
    ...sharedRelations,
    // Geins' deprecated enum twin of relationType, which Ralph's relatedProducts query reads.
    relation: (parent: RelatedParent) => productRelation(parent.relationType),
    primaryImage: relatedRelation(
      'primaryImage',
      async (source, ctx) => (await relatedImages(source, ctx))[0]?.fileName ?? null,
    ),
    secondaryImage: relatedRelation(
      'secondaryImage',
      async (source, ctx) => (await relatedImages(source, ctx))[1]?.fileName ?? null,
    ),
  },
}

/** The stock status of a StockType-shaped object some other area built. */
function statusFromStockType(stock: Partial<StockType> | null | undefined) {
  if (!stock) return null
  return stockStatus({
    inStock: stock.inStock ?? 0,
    oversellable: stock.oversellable ?? 0,
    static: stock.static ?? 0,
    incoming: null,
  })
}

const PRODUCT_RELATIONS: readonly ProductRelation[] = ['SIMILAR', 'RELATED']

/** relationType (a string column) as the deprecated enum; null for a kind the enum lacks. */
function productRelation(relationType: string | undefined): ProductRelation | null {
  return PRODUCT_RELATIONS.find((relation) => relation === relationType) ?? null
}

export { alternativeUrls }

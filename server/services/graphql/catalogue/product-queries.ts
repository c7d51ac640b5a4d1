/** products, product and relatedProducts. */
import { sql } from 'kysely'
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql'
import type { GraphQLContext, RequestScope } from '../context'
import type { ResolverModule } from '../resolver-types'
import { DEFAULT_TAKE } from '../limits'
import { scopeFromArgs, type ScopeArgs } from '../scope'
import { emptySelection, parseFacets } from './facets'
import {
  availabilityTier,
  defaultSort,
  resolveTarget,
  selectListCounts,
  selectListTotal,
  selectProductPage,
  type ListCounts,
  type ListQuery,
} from './listing'
import { coreSelect, selectProductWithRelations, type ProductCoreRow } from './product-sql'
import type { LocaleCode } from '../../../../src/shared/markets'
import { productType } from './products'
import { parseArgs, ProductsArgs } from './validation'
import type {
  GeinsMerchantApiQueryProductArgs,
  GeinsMerchantApiQueryProductsArgs,
  ResolversTypes,
} from '../generated'

function toMinor(amount: number | null | undefined): number | null {
  return amount === null || amount === undefined ? null : Math.round(amount * 100)
}

/** Puts rows the list query already read into the request's product loader. */
function primeProducts(ctx: GraphQLContext, scope: RequestScope, rows: readonly ProductCoreRow[]): void {
  const loader = ctx.loaders.products(scope)
  for (const row of rows) loader.prime(row.product_id, row)
}

/** Fields selected in a selection set, through fragments: name → their selection sets. */
function selectedFields(info: GraphQLResolveInfo, sets: readonly (SelectionSetNode | undefined)[]) {
  const fields = new Map<string, SelectionSetNode[]>()
  const visit = (set: SelectionSetNode | undefined) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        const nested = fields.get(selection.name.value) ?? []
        if (selection.selectionSet) nested.push(selection.selectionSet)
        fields.set(selection.name.value, nested)
      } else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet)
      else visit(info.fragments[selection.name.value]?.selectionSet)
    }
  }
  sets.forEach(visit)
  return fields
}

/** What a products query selects: whether its cards want SKUs or images, whether it wants facets. */
function listSelection(info: GraphQLResolveInfo) {
  const selected = selectedFields(
    info,
    info.fieldNodes.map((node) => node.selectionSet),
  )
  const cards = selectedFields(info, selected.get('products') ?? [])
  return {
    cards: selected.has('products'),
    cardRelations: cards.has('skus') || cards.has('productImages'),
    filters: selected.has('filters'),
  }
}

/**
 * ProductsResultType as products() answers it: the count and the filters are functions, which
 * graphql-js calls only when the query selects them (codegen mapper, scripts/codegen.ts).
 */
export interface ProductsResultShape {
  count: () => Promise<number>
  products: ResolversTypes['ProductType'][]
  filters: () => Promise<ResolversTypes['FilterCollectionType']>
}

async function products(
  _parent: unknown,
  rawArgs: GeinsMerchantApiQueryProductsArgs,
  ctx: GraphQLContext,
  info: GraphQLResolveInfo,
): Promise<ProductsResultShape> {
  const args = parseArgs(ProductsArgs, rawArgs)
  const scope = await scopeFromArgs(ctx, rawArgs)
  const tree = await ctx.loaders.categoryTree(scope.language)
  const filter = args.filter ?? {}
  const target = await resolveTarget(ctx.db, scope, tree, args)
  const searchText = filter.searchText?.trim() || null
  const selection = parseFacets(filter.facets ?? [])
  const query: ListQuery = {
    target,
    searchText,
    selection,
    excluded: filter.excludeFacets ? parseFacets(filter.excludeFacets) : emptySelection(),
    priceRange: { lowest: toMinor(filter.price?.lowest), highest: toMinor(filter.price?.highest) },
    productIds: filter.productIds && filter.productIds.length > 0 ? filter.productIds : null,
    sort: filter.sort ?? defaultSort(target, searchText),
    filterMode: filter.filterMode ?? 'BY_GROUP',
    skip: args.skip ?? 0,
    take: args.take ?? DEFAULT_TAKE,
  }
  const selects = listSelection(info)
  // A card's SKUs and images come with the page (as JSON) rather than in two statements more.
  const page = selects.cards
    ? await selectProductPage(ctx.db, scope, tree, query, { withRelations: selects.cardRelations })
    : { rows: [] }
  primeProducts(ctx, scope, page.rows)
  for (const [id, { skus, images }] of page.relations ?? []) {
    ctx.loaders.skus.prime(id, skus)
    ctx.loaders.images.prime(id, images)
  }
  // The total and the facet counts cost a pass over the whole list, so they run only when the
  // query asks for them, and are kept between requests (the process's catalogue cache) until the
  // catalogue changes. A query with facets takes its total from the same pass.
  const key = countsKey(scope, query)
  let counts: Promise<ListCounts> | undefined
  const listCounts = () =>
    (counts ??= ctx.loaders.counts(`facets ${key}`, () => selectListCounts(ctx.db, scope, tree, query)))
  return {
    count: () =>
      selects.filters
        ? listCounts().then(({ total }) => total)
        : ctx.loaders.counts(`total ${key}`, () => selectListTotal(ctx.db, scope, tree, query)),
    products: page.rows.map((row) => productType(row, scope)),
    filters: () => listCounts().then(({ filters }) => filters),
  }
}

/** What a list's counts depend on: everything of the query but its order and page. */
function countsKey(scope: RequestScope, query: ListQuery): string {
  const { sort: _sort, skip: _skip, take: _take, target, ...counted } = query
  const list = target.kind === 'category' ? { kind: target.kind, categoryIds: target.categoryIds } : target
  return JSON.stringify([scope.market.alias, scope.language, list, counted], (_key, value: unknown) =>
    value instanceof Map ? [...value] : value,
  )
}

type ProductArgs = GeinsMerchantApiQueryProductArgs

/**
 * A product page's product: one statement reads it with its SKUs, images, parameters and texts,
 * which then wait in the request's loaders for the relation fields; the alias is remembered for
 * the page's related products and reviews.
 */
async function product(_parent: unknown, args: ProductArgs, ctx: GraphQLContext) {
  const scope = await scopeFromArgs(ctx, args)
  const alias = args.alias?.trim()
  const byId = args.productId !== null && args.productId !== undefined
  if (byId ? args.productId! <= 0 : !alias) return null
  const row = await selectProductWithRelations(
    ctx.db,
    scope,
    byId ? { productId: args.productId! } : { alias: alias! },
  )
  if (!row) return null
  const { skus, images, parameters, texts, ...core } = row
  const id = core.product_id
  ctx.loaders.products(scope).prime(id, core)
  ctx.loaders.skus.prime(id, skus)
  ctx.loaders.images.prime(id, images)
  ctx.loaders.parameters(scope.language).prime(id, parameters)
  ctx.loaders.productTexts.prime(
    id,
    texts.map((text) => ({ ...text, language: text.language as LocaleCode })),
  )
  if (!byId && alias) ctx.loaders.primeProductId(scope, alias, id)
  return productType(core, scope)
}

/** How many related products a product page shows. */
export const RELATED_LIMIT = 12

async function relatedProducts(_parent: unknown, args: ScopeArgs & { alias: string }, ctx: GraphQLContext) {
  const scope = await scopeFromArgs(ctx, args)
  const productId = await ctx.loaders.productIdByAlias(scope, args.alias.trim())
  if (!productId) return null
  const { columns, from } = coreSelect(scope, { source: sql`related`, productId: sql`related.product_id` })
  // What can be bought first (ADR 0055), then the same category and brand ('SIMILAR') before the
  // same category ('RELATED'); bestsellers first. The ids are chosen first so the core's lateral
  // parts run for the chosen rows only.
  const result = await sql<ProductCoreRow & { relation_type: string }>`
    WITH origin AS (SELECT product_id, brand_id, primary_category_id FROM products WHERE product_id = ${productId}),
    related AS (
      SELECT p.product_id, row_number() OVER (
               ORDER BY ${availabilityTier('l')}, (p.brand_id = origin.brand_id) DESC, p.sales_count DESC,
                        p.product_id) AS position,
             CASE WHEN p.brand_id = origin.brand_id THEN 'SIMILAR' ELSE 'RELATED' END AS relation_type
      FROM products p JOIN origin ON origin.primary_category_id = p.primary_category_id
      JOIN product_listing l ON l.product_id = p.product_id AND l.market_alias = ${scope.market.alias}
      WHERE p.is_active AND p.product_id <> origin.product_id
      ORDER BY position
      LIMIT ${RELATED_LIMIT}
    )
    SELECT ${columns}, related.relation_type
    FROM ${from}
    ORDER BY related.position`.execute(ctx.db)
  primeProducts(ctx, scope, result.rows)
  return result.rows.map((row) => ({ ...productType(row, scope), relationType: row.relation_type }))
}

export const productQueryResolvers: ResolverModule = {
  Query: { products, product, relatedProducts },
}

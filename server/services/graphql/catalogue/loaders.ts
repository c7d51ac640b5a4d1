/**
 * Per-request batch loaders for the catalogue. Each relation of a product (SKUs, images,
 * parameters, price log, texts in other languages) is read for all products of a response in one
 * statement; the category tree of a language is read once per request and serves categories,
 * breadcrumbs, facets and list aliases.
 */
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { LocaleCode, MarketAlias } from '../../../../src/shared/markets'
import { BatchLoader, groupBy } from '../batch-loader'
import type { RequestScope } from '../request-scope'
import { scopeKey } from '../scope'
import {
  selectProductCores,
  productIdByAlias,
  type ImageRow,
  type ParameterRow,
  type ProductCoreRow,
  type SkuRow,
} from './product-sql'

export type { ImageRow, ParameterRow, SkuRow } from './product-sql'

export interface PriceLogRow {
  product_id: number
  logged_on: string
  selling_price_inc_vat: number
  regular_price_inc_vat: number
}

export interface ProductTextRow {
  product_id: number
  language: LocaleCode
  alias: string
}

export interface CategoryNode {
  categoryId: number
  parentId: number | null
  order: number
  isHidden: boolean
  imageFileName: string | null
  name: string
  alias: string
  description: string | null
  secondaryDescription: string | null
  metaTitle: string | null
  metaDescription: string | null
}

export interface CategoryTree {
  nodes: CategoryNode[]
  byId: Map<number, CategoryNode>
  byAlias: Map<string, CategoryNode>
  children: Map<number | null, CategoryNode[]>
}

export interface CatalogueLoaders {
  products(scope: RequestScope): BatchLoader<number, ProductCoreRow>
  skus: BatchLoader<number, SkuRow[]>
  images: BatchLoader<number, ImageRow[]>
  parameters(language: LocaleCode): BatchLoader<number, ParameterRow[]>
  priceLog(market: MarketAlias): BatchLoader<number, PriceLogRow[]>
  productTexts: BatchLoader<number, ProductTextRow[]>
  categoryTree(language: LocaleCode): Promise<CategoryTree>
  /** The product id of an alias in a scope's language (a product page asks three times). */
  productIdByAlias(scope: RequestScope, alias: string): Promise<number | null>
  /** Remembers the product id of an alias that another read found. */
  primeProductId(scope: RequestScope, alias: string, productId: number): void
  /**
   * A list's counts (its total, its facet counts) under a key naming the list and what is
   * counted: kept between requests when a shared cache is given.
   */
  counts<T>(key: string, compute: () => Promise<T>): Promise<T>
}

function memo<K, V>(create: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>()
  return (key) => {
    let value = cache.get(key)
    if (value === undefined) {
      value = create(key)
      cache.set(key, value)
    }
    return value
  }
}

function byProduct<R extends { product_id: number }>(rows: readonly R[]): Map<number, R[]> {
  return groupBy(rows, (row) => row.product_id)
}

/** Every id gets an entry, so "no rows" is cached as an empty list rather than re-queried. */
function withEmpty<R>(ids: readonly number[], groups: Map<number, R[]>): Map<number, R[]> {
  for (const id of ids) if (!groups.has(id)) groups.set(id, [])
  return groups
}

export async function loadCategoryTree(db: Kysely<DB>, language: LocaleCode): Promise<CategoryTree> {
  const rows = await db
    .selectFrom('categories as c')
    .innerJoin('category_texts as ct', (join) =>
      join.onRef('ct.category_id', '=', 'c.category_id').on('ct.language', '=', language),
    )
    .select([
      'c.category_id',
      'c.parent_id',
      'c.sort_order',
      'c.is_hidden',
      'c.image_file_name',
      'ct.name',
      'ct.alias',
      'ct.description',
      'ct.secondary_description',
      'ct.meta_title',
      'ct.meta_description',
    ])
    .orderBy('c.sort_order')
    .orderBy('c.category_id')
    .execute()
  const nodes: CategoryNode[] = rows.map((row) => ({
    categoryId: row.category_id,
    parentId: row.parent_id,
    order: row.sort_order,
    isHidden: row.is_hidden,
    imageFileName: row.image_file_name,
    name: row.name,
    alias: row.alias,
    description: row.description,
    secondaryDescription: row.secondary_description,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
  }))
  return {
    nodes,
    byId: new Map(nodes.map((node) => [node.categoryId, node])),
    byAlias: new Map(nodes.map((node) => [node.alias, node])),
    children: groupBy(nodes, (node) => node.parentId),
  }
}

/**
 * The category with this alias in the tree's language, or with the alias of another language (a
 * shopper who switched language on a category page) as a fallback.
 */
export async function findCategory(
  db: Kysely<DB>,
  tree: CategoryTree,
  alias: string,
): Promise<CategoryNode | undefined> {
  const node = tree.byAlias.get(alias)
  if (node) return node
  const other = await db
    .selectFrom('category_texts')
    .select('category_id')
    .where('alias', '=', alias)
    .limit(1)
    .executeTakeFirst()
  return other ? tree.byId.get(other.category_id) : undefined
}

/** The category and all categories below it. */
export function descendantIds(tree: CategoryTree, categoryId: number): number[] {
  const ids: number[] = []
  const stack = [categoryId]
  while (stack.length > 0) {
    const id = stack.pop() as number
    ids.push(id)
    for (const child of tree.children.get(id) ?? []) stack.push(child.categoryId)
  }
  return ids
}

/** From the root down to the category. */
export function ancestry(tree: CategoryTree, categoryId: number): CategoryNode[] {
  const chain: CategoryNode[] = []
  const seen = new Set<number>()
  let node = tree.byId.get(categoryId)
  while (node && !seen.has(node.categoryId)) {
    seen.add(node.categoryId)
    chain.unshift(node)
    node = node.parentId === null ? undefined : tree.byId.get(node.parentId)
  }
  return chain
}

const aliasKey = (scope: RequestScope, alias: string) => `${scope.language}\u0000${alias}`

/** What the loaders take from the process's catalogue cache (./catalogue-cache.ts). */
export interface SharedCatalogue {
  categoryTree(language: LocaleCode): Promise<CategoryTree>
  counts<T>(key: string, compute: () => Promise<T>): Promise<T>
}

/**
 * `shared`: the process's catalogue cache (category trees, facet counts), if the caller has one;
 * without it the tree is read once per request and facet counts every time.
 */
export function createCatalogueLoaders(db: Kysely<DB>, shared?: SharedCatalogue): CatalogueLoaders {
  const productsByScope = new Map<string, BatchLoader<number, ProductCoreRow>>()
  const productIds = new Map<string, Promise<number | null>>()

  return {
    products(scope) {
      const key = scopeKey(scope)
      let loader = productsByScope.get(key)
      if (!loader) {
        loader = new BatchLoader(async (ids) => {
          const rows = await selectProductCores(db, scope, ids)
          return new Map(rows.map((row) => [row.product_id, row]))
        })
        productsByScope.set(key, loader)
      }
      return loader
    },

    skus: new BatchLoader(async (ids) => {
      const rows = await db
        .selectFrom('skus')
        .select([
          'sku_id',
          'product_id',
          'article_number',
          'name',
          'gtin',
          'stock_in_stock',
          'stock_oversellable',
          'stock_static',
          'incoming_on',
        ])
        .where('product_id', 'in', [...ids])
        .orderBy('product_id')
        .orderBy('sort_order')
        .orderBy('sku_id')
        .execute()
      return withEmpty(ids, byProduct(rows))
    }),

    images: new BatchLoader(async (ids) => {
      const rows = await db
        .selectFrom('product_images')
        .select(['product_id', 'file_name', 'tags'])
        .where('product_id', 'in', [...ids])
        .orderBy('product_id')
        .orderBy('sort_order')
        .orderBy('file_name')
        .execute()
      return withEmpty(ids, byProduct(rows))
    }),

    parameters: memo(
      (language: LocaleCode) =>
        new BatchLoader<number, ParameterRow[]>(async (ids) => {
          const result = await sql<ParameterRow>`
            SELECT ppv.product_id, pa.parameter_id, pa.parameter_group_id,
                   COALESCE(pgt.name, '') AS group_name, pg.sort_order AS group_order,
                   pa.name AS identifier, COALESCE(pat.label, pa.name) AS label, pa.sort_order AS parameter_order,
                   pa.is_shown, pa.is_filter, pv.identifier AS value_identifier,
                   COALESCE(pvt.value, pv.identifier) AS value
            FROM product_parameter_values ppv
            JOIN parameters pa ON pa.parameter_id = ppv.parameter_id
            JOIN parameter_groups pg ON pg.parameter_group_id = pa.parameter_group_id
            LEFT JOIN parameter_group_texts pgt ON pgt.parameter_group_id = pg.parameter_group_id AND pgt.language = ${language}
            LEFT JOIN parameter_texts pat ON pat.parameter_id = pa.parameter_id AND pat.language = ${language}
            JOIN parameter_values pv ON pv.parameter_value_id = ppv.parameter_value_id
            LEFT JOIN parameter_value_texts pvt ON pvt.parameter_value_id = pv.parameter_value_id AND pvt.language = ${language}
            WHERE ppv.product_id IN (${sql.join([...ids])})
            ORDER BY ppv.product_id, pg.sort_order, pg.parameter_group_id, pa.sort_order, pa.parameter_id`.execute(
            db,
          )
          return withEmpty(ids, byProduct(result.rows))
        }),
    ),

    priceLog: memo(
      (market: MarketAlias) =>
        new BatchLoader<number, PriceLogRow[]>(async (ids) => {
          const rows = await db
            .selectFrom('price_log')
            .select(['product_id', 'logged_on', 'selling_price_inc_vat', 'regular_price_inc_vat'])
            .where('market_alias', '=', market)
            .where('product_id', 'in', [...ids])
            .where(sql<boolean>`logged_on >= current_date - 30`)
            .orderBy('product_id')
            .orderBy('logged_on')
            .execute()
          return withEmpty(ids, byProduct(rows))
        }),
    ),

    productTexts: new BatchLoader(async (ids) => {
      const rows = await db
        .selectFrom('product_texts')
        .select(['product_id', 'language', 'alias'])
        .where('product_id', 'in', [...ids])
        .execute()
      return withEmpty(ids, byProduct(rows.map((row) => ({ ...row, language: row.language as LocaleCode }))))
    }),

    categoryTree: memo((language: LocaleCode) =>
      shared ? shared.categoryTree(language) : loadCategoryTree(db, language),
    ),

    productIdByAlias(scope, alias) {
      const key = aliasKey(scope, alias)
      let id = productIds.get(key)
      if (!id) {
        id = productIdByAlias(db, scope, alias)
        productIds.set(key, id)
      }
      return id
    },

    primeProductId(scope, alias, productId) {
      const key = aliasKey(scope, alias)
      if (!productIds.has(key)) productIds.set(key, Promise.resolve(productId))
    },

    counts: (key, compute) => (shared ? shared.counts(key, compute) : compute()),
  }
}

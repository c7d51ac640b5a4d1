/**
 * The listing table (migration 0700) against the pre-0700 SQL over the normalised tables
 * (listing-reference.ts): for many targets, facet selections, sorts, pages and both filter modes
 * on the seeded catalogue, the page (every core column, in order), the total and every facet
 * count must be identical. Then catalogue writes (a price, stock, a size, a campaign, a
 * deactivated product) must show in the very next list read, still identical to the oracle.
 */
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DB } from '../../../server/db/schema'
import { emptySelection, parseFacets } from '../../../server/services/graphql/catalogue/facets'
import {
  GENERIC_LISTS,
  selectListCounts,
  selectListTotal,
  selectProductPage,
  type ListQuery,
  type ListTarget,
} from '../../../server/services/graphql/catalogue/listing'
import {
  createCatalogueLoaders,
  descendantIds,
  loadCategoryTree,
  type CategoryTree,
} from '../../../server/services/graphql/catalogue/loaders'
import { SORT_TYPES } from '../../../server/services/graphql/catalogue/validation'
import type { RequestScope } from '../../../server/services/graphql/context'
import { configuredMarkets, resolveScope } from '../../../server/services/graphql/scope'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { referenceFilters, referenceProductPage } from './listing-reference'
import { describeEachDatabase } from '../helpers/outside-servers'

const SEED_PRODUCTS = 300

function listQuery(target: ListTarget, overrides: Partial<ListQuery> = {}): ListQuery {
  return {
    target,
    searchText: null,
    selection: emptySelection(),
    excluded: emptySelection(),
    priceRange: { lowest: null, highest: null },
    productIds: null,
    sort: 'LATEST',
    filterMode: 'BY_GROUP',
    skip: 0,
    take: 48,
    ...overrides,
  }
}

interface Case {
  name: string
  scope: RequestScope
  query: ListQuery
}

const finnish = resolveScope(configuredMarkets(), { marketId: 'fi', languageId: 'fi' })
const swedish = resolveScope(configuredMarkets(), { marketId: 'se', languageId: 'sv' })

async function expectSameAsReference(db: Kysely<DB>, tree: CategoryTree, { name, scope, query }: Case) {
  const expectedPage = await referenceProductPage(db, scope, tree, query)
  const { rows } = await selectProductPage(db, scope, tree, query)
  // The total three ways: counted on its own, with the facet counts, and by the reference.
  const page = { count: await selectListTotal(db, scope, tree, query), rows }
  expect(page, `${name}: page`).toEqual(expectedPage)
  const [{ total, filters }, expectedFilters] = [
    await selectListCounts(db, scope, tree, query),
    await referenceFilters(db, scope, tree, query),
  ]
  expect(total, `${name}: total with the facet counts`).toBe(expectedPage.count)
  expect(filters, `${name}: facets`).toEqual(expectedFilters)
  return { page, filters }
}

/** Facet ids of the whole catalogue's most common values, to build selections from. */
async function commonFacets(db: Kysely<DB>, tree: CategoryTree) {
  const filters = await referenceFilters(db, finnish, tree, listQuery({ kind: 'all' }))
  const top = (type: string, rank = 0) => {
    const values = [...(filters.facets.find((group) => group.type === type)?.values ?? [])]
    const value = values.sort((a, b) => b.count - a.count || a.facetId.localeCompare(b.facetId))[rank]
    if (!value) throw new Error(`the seeded catalogue has no ${type} facet`)
    return value.facetId
  }
  const parameter = filters.facets.find((group) => group.type === 'Parameter')
  const parameterValues = parameter?.values.map((value) => value.facetId) ?? []
  return {
    brand: top('Brand'),
    otherBrand: top('Brand', 1),
    size: top('Sku'),
    otherSize: top('Sku', 1),
    category: top('Category', 3),
    campaign: top('Campaign'),
    discount: top('Discount'),
    parameter: parameterValues[0] ?? top('Brand'),
    otherParameter: parameterValues[1] ?? top('Brand', 2),
  }
}

async function cases(db: Kysely<DB>, tree: CategoryTree): Promise<Case[]> {
  const facets = await commonFacets(db, tree)
  const root = tree.children.get(null)?.[0]
  if (!root) throw new Error('the seeded catalogue has no root category')
  const category: ListTarget = {
    kind: 'category',
    node: root,
    categoryIds: descendantIds(tree, root.categoryId),
  }
  const brandId = Number(facets.brand.slice('b_'.length))
  const campaignId = Number(facets.campaign.slice('dc_'.length))
  const all: ListTarget = { kind: 'all' }
  const list: Case[] = [
    { name: 'all', scope: finnish, query: listQuery(all) },
    { name: 'all, Swedish market', scope: swedish, query: listQuery(all) },
    { name: 'category', scope: finnish, query: listQuery(category) },
    { name: 'category, se', scope: swedish, query: listQuery(category, { sort: 'PRICE' }) },
    { name: 'brand', scope: finnish, query: listQuery({ kind: 'brand', brandId, alias: 'x', name: 'x' }) },
    {
      name: 'campaign',
      scope: finnish,
      query: listQuery({ kind: 'campaign', campaignId, alias: 'x', name: 'x' }),
    },
    {
      name: 'search',
      scope: finnish,
      query: listQuery({ kind: 'search', text: 'mekot' }, { sort: 'RELEVANCE' }),
    },
    {
      name: 'category + search text',
      scope: swedish,
      query: listQuery(category, { searchText: 'klänning', sort: 'RELEVANCE' }),
    },
  ]
  for (const generic of Object.keys(GENERIC_LISTS) as (keyof typeof GENERIC_LISTS)[]) {
    list.push({
      name: `generic ${generic}`,
      scope: finnish,
      query: listQuery({ kind: 'generic', list: generic }, { sort: GENERIC_LISTS[generic].sort }),
    })
  }
  for (const sort of SORT_TYPES) {
    list.push({
      name: `category sorted ${sort}`,
      scope: finnish,
      query: listQuery(category, { sort, take: 20 }),
    })
  }
  const selections: [string, string[]][] = [
    ['brand + size', [facets.brand, facets.size]],
    ['two brands, two sizes', [facets.brand, facets.otherBrand, facets.size, facets.otherSize]],
    ['category facet + parameter', [facets.category, facets.parameter]],
    ['two parameter values', [facets.parameter, facets.otherParameter]],
    ['discount band', [facets.discount]],
    ['campaign facet + brand', [facets.campaign, facets.brand]],
  ]
  for (const [name, ids] of selections) {
    for (const filterMode of ['BY_GROUP', 'CURRENT'] as const) {
      list.push({
        name: `all, ${name}, ${filterMode}`,
        scope: finnish,
        query: listQuery(all, { selection: parseFacets(ids), filterMode }),
      })
    }
  }
  list.push(
    {
      name: 'price range',
      scope: finnish,
      query: listQuery(category, {
        priceRange: { lowest: 3000, highest: 9000 },
        selection: parseFacets([facets.size]),
      }),
    },
    {
      name: 'excluded brand',
      scope: finnish,
      query: listQuery(all, { excluded: parseFacets([facets.brand]) }),
    },
    {
      name: 'excluded size and campaign, CURRENT',
      scope: swedish,
      query: listQuery(category, {
        excluded: parseFacets([facets.size, facets.campaign]),
        filterMode: 'CURRENT',
      }),
    },
    {
      name: 'product ids keep their order',
      scope: finnish,
      query: listQuery(all, { productIds: [7, 3, 250, 11] }),
    },
    {
      name: 'second page',
      scope: finnish,
      query: listQuery(all, { skip: 40, take: 10, sort: 'PRICE_DESC' }),
    },
    { name: 'past the end', scope: finnish, query: listQuery(category, { skip: 5000, take: 10 }) },
    { name: 'take 0', scope: finnish, query: listQuery(all, { take: 0 }) },
    { name: 'nothing matches', scope: finnish, query: listQuery({ kind: 'search', text: 'qqqxxyzz' }) },
  )
  return list
}

describeEachDatabase('listing table on %s', (kind) => {
  let database: TestDatabase
  let tree: CategoryTree

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: SEED_PRODUCTS } })
    tree = await loadCategoryTree(database.db, 'fi')
  }, 240_000)

  afterAll(async () => {
    await database?.close()
  })

  it('gives the same pages, totals and facet counts as the query over the catalogue tables', async () => {
    const all = await cases(database.db, tree)
    expect(all.length).toBeGreaterThan(40)
    let nonEmpty = 0
    for (const testCase of all) {
      const { page, filters } = await expectSameAsReference(database.db, tree, testCase)
      if (page.count > 0 && filters.facets.length > 0) nonEmpty += 1
    }
    // The comparison means something only when most cases find products and count facets.
    expect(nonEmpty).toBeGreaterThan(all.length - 6)
  })

  it("reads a page's cards with their SKUs and images as the loaders read them", async () => {
    const db = database.db
    const loaders = createCatalogueLoaders(db)
    const campaign = await db
      .selectFrom('discount_campaign_products')
      .select('campaign_id')
      .executeTakeFirstOrThrow()
    // Cards travel as JSON text: a text's escapes must come back as they were.
    const tricky = 'Mekko "Ä\\ö" \u2028 😀 </script> \t\n'
    await db
      .updateTable('product_texts')
      .set({ name: tricky, text1: tricky })
      .where('product_id', '=', 9)
      .where('language', '=', 'fi')
      .execute()
    const pages: Case[] = [
      { name: 'category', scope: finnish, query: listQuery(rootCategory(tree)) },
      { name: 'all, second page, se', scope: swedish, query: listQuery({ kind: 'all' }, { skip: 48 }) },
      {
        name: 'campaign',
        scope: finnish,
        query: listQuery({ kind: 'campaign', campaignId: campaign.campaign_id, alias: 'x', name: 'x' }),
      },
      {
        name: 'ids in their order',
        scope: finnish,
        query: listQuery({ kind: 'all' }, { productIds: [9, 3, 250] }),
      },
    ]
    for (const { name, scope, query } of pages) {
      const reference = await referenceProductPage(db, scope, tree, query)
      const { rows, relations } = await selectProductPage(db, scope, tree, query, { withRelations: true })
      expect(rows, name).toEqual(reference.rows)
      expect(rows.length, name).toBeGreaterThan(0)
      expect([...(relations?.keys() ?? [])], name).toEqual(rows.map((row) => row.product_id))
      for (const row of rows) {
        const card = relations?.get(row.product_id)
        expect(card?.skus, `${name}: SKUs of ${row.product_id}`).toEqual(
          await loaders.skus.load(row.product_id),
        )
        expect(card?.images, `${name}: images of ${row.product_id}`).toEqual(
          await loaders.images.load(row.product_id),
        )
      }
    }
    const [trickyCard] = (
      await selectProductPage(db, finnish, tree, listQuery({ kind: 'all' }, { productIds: [9] }))
    ).rows
    expect([trickyCard?.name, trickyCard?.text1]).toEqual([tricky, tricky])
  })

  it("reads every list's cards with one statement text (its plan is kept, ADR 0045)", async () => {
    const db = database.db
    const texts = new Set<string>()
    const stop = database.onQuery(({ sql: text }) => {
      if (text.includes('row_to_json(card)')) texts.add(text)
    })
    const facets = await commonFacets(db, tree)
    try {
      for (const [scope, query] of [
        [finnish, listQuery(rootCategory(tree))],
        [finnish, listQuery(rootCategory(tree), { sort: 'PRICE_DESC', skip: 5, take: 7 })],
        [swedish, listQuery({ kind: 'all' }, { selection: parseFacets([facets.brand, facets.size]) })],
        [finnish, listQuery({ kind: 'search', text: 'mekko' })],
      ] as const) {
        for (const withRelations of [true, false]) {
          expect(
            (await selectProductPage(db, scope, tree, query, { withRelations })).rows.length,
          ).toBeGreaterThan(0)
        }
      }
    } finally {
      stop()
    }
    // one text with the cards' SKUs and images, one without
    expect(texts.size).toBe(2)
    if (kind !== 'pglite') return
    // The worker's named statement (ADR 0041) runs it from a generic plan, not planned per call.
    for (let i = 0; i < 6; i += 1) await selectProductPage(db, finnish, tree, listQuery(rootCategory(tree)))
    const { rows } = await sql<{ generic_plans: number }>`
      SELECT generic_plans::int AS generic_plans FROM pg_prepared_statements
      WHERE statement LIKE '%row_to_json(card)%' AND statement NOT LIKE '%pg_prepared_statements%'`.execute(
      db,
    )
    expect(rows.length).toBe(2)
    expect(rows.every((row) => row.generic_plans > 0)).toBe(true)
  })

  it('shows a price change in the list at once', async () => {
    const db = database.db
    const cheapest = listQuery({ kind: 'all' }, { sort: 'PRICE', take: 3 })
    const before = await selectProductPage(db, finnish, tree, cheapest)
    const productId = 123
    expect(before.rows.map((row) => row.product_id)).not.toContain(productId)
    await db
      .updateTable('product_prices')
      .set({ selling_price_inc_vat: 1, regular_price_inc_vat: 100_000 })
      .where('product_id', '=', productId)
      .where('market_alias', '=', 'fi')
      .execute()
    const after = await expectSameAsReference(db, tree, {
      name: 'after the price change',
      scope: finnish,
      query: cheapest,
    })
    expect(after.page.rows[0]?.product_id).toBe(productId)
    expect(after.page.rows[0]?.selling_price_inc_vat).toBe(1)
    expect(after.filters.price.lowest).toBe(0.01)
    const band = after.filters.facets.find((group) => group.type === 'Discount')?.values.at(-1)
    expect(band?.facetId).toBe('di_81-100')
    // The other markets keep their price.
    const swedishPage = await selectProductPage(db, swedish, tree, cheapest)
    expect(swedishPage.rows.map((row) => row.product_id)).not.toContain(productId)
  })

  it('keeps the listing right when transactions change the same product at once', async () => {
    const db = database.db
    const productId = 77
    const skus = await db.selectFrom('skus').select('sku_id').where('product_id', '=', productId).execute()
    expect(skus.length).toBeGreaterThan(1)
    await db.updateTable('skus').set({ stock_in_stock: 50 }).where('product_id', '=', productId).execute()
    // On PostgreSQL these run on separate connections at once; each sees the others' commits.
    await Promise.all(
      [...skus, ...skus].map(({ sku_id }) =>
        db.transaction().execute(async (trx) => {
          await trx
            .updateTable('skus')
            .set((eb) => ({ stock_in_stock: eb('stock_in_stock', '-', 1) }))
            .where('sku_id', '=', sku_id)
            .execute()
        }),
      ),
    )
    const { rows } = await sql<{ market_alias: string; stock_in_stock: number }>`
      SELECT market_alias, stock_in_stock::int AS stock_in_stock FROM product_listing
      WHERE product_id = ${productId} ORDER BY market_alias`.execute(db)
    expect(rows.map((row) => row.stock_in_stock)).toEqual(rows.map(() => skus.length * 48))
    expect(rows).toHaveLength(4)
  })

  it('shows stock, size, campaign and activity changes at once', async () => {
    const db = database.db
    const productId = 42
    const byStock = listQuery({ kind: 'all' }, { sort: 'TOTAL_STOCK', take: 5 })
    await db
      .updateTable('skus')
      .set({ stock_in_stock: 0, stock_oversellable: 0, stock_static: 0 })
      .where('product_id', '=', productId)
      .execute()
    await expectSameAsReference(db, tree, { name: 'after a sell-out', scope: finnish, query: byStock })

    const sizeQuery = listQuery({ kind: 'all' }, { selection: parseFacets(['sk_XXXL-test']) })
    const [sku] = await db.selectFrom('skus').select('sku_id').where('product_id', '=', productId).execute()
    await db
      .updateTable('skus')
      .set({ name: 'XXXL-test', stock_in_stock: 3 })
      .where('sku_id', '=', sku?.sku_id ?? 0)
      .execute()
    const withSize = await expectSameAsReference(db, tree, {
      name: 'after a size rename and a restock',
      scope: finnish,
      query: sizeQuery,
    })
    expect(withSize.page.rows.map((row) => row.product_id)).toEqual([productId])

    // The size sells out: a size filter means "in stock in that size" (ADR 0055), and the size
    // stays in the facet with 0.
    await db
      .updateTable('skus')
      .set({ stock_in_stock: 0 })
      .where('sku_id', '=', sku?.sku_id ?? 0)
      .execute()
    const soldOut = await expectSameAsReference(db, tree, {
      name: 'after the size sold out',
      scope: finnish,
      query: sizeQuery,
    })
    expect(soldOut.page.rows).toEqual([])
    const sizeFacet = soldOut.filters.facets.find((group) => group.type === 'Sku')
    expect(sizeFacet?.values.find((value) => value.facetId === 'sk_XXXL-test')?.count).toBe(0)

    const campaign = await db
      .selectFrom('discount_campaigns')
      .select('campaign_id')
      .orderBy('campaign_id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('discount_campaign_products')
      .values({ campaign_id: campaign.campaign_id, product_id: productId })
      .onConflict((conflict) => conflict.doNothing())
      .execute()
    await db
      .insertInto('product_categories')
      .values({ product_id: productId, category_id: root(tree) })
      .onConflict((c) => c.doNothing())
      .execute()
    await expectSameAsReference(db, tree, {
      name: 'after joining a campaign',
      scope: finnish,
      query: listQuery({ kind: 'campaign', campaignId: campaign.campaign_id, alias: 'x', name: 'x' }),
    })

    await db.updateTable('products').set({ is_active: false }).where('product_id', '=', productId).execute()
    const inactive = await expectSameAsReference(db, tree, {
      name: 'after deactivation',
      scope: finnish,
      query: sizeQuery,
    })
    expect(inactive.page.count).toBe(0)

    await sql`DELETE FROM products WHERE product_id = ${productId}`.execute(db)
    const { rows } = await sql<{
      n: number
    }>`SELECT count(*)::int AS n FROM product_listing WHERE product_id = ${productId}`.execute(db)
    expect(rows[0]?.n).toBe(0)
  })
})

function rootCategory(tree: CategoryTree): ListTarget {
  const node = tree.children.get(null)?.[0]
  if (!node) throw new Error('the seeded catalogue has no root category')
  return { kind: 'category', node, categoryIds: descendantIds(tree, node.categoryId) }
}

function root(tree: CategoryTree): number {
  return tree.children.get(null)?.[0]?.categoryId ?? 1
}

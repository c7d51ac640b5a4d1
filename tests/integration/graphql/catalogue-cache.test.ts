/**
 * The catalogue cache (server/services/graphql/catalogue/catalogue-cache.ts): facet counts and
 * category trees are kept between requests, and the database's notifications (migration 1020)
 * drop them when the catalogue changes, so the next request counts again. Each test awaits the
 * cache's invalidation, never a timer.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import graphqlService from '../../../server/services/graphql'
import { CatalogueCache } from '../../../server/services/graphql/catalogue/catalogue-cache'
import type { FilterCollection } from '../../../server/services/graphql/catalogue/listing'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

const LIST = `query ($url: String) {
  products(url: $url, take: 4, marketId: "fi", languageId: "fi") {
    products { productId }
    filters { price { lowest highest } facets { type values { facetId label count } } }
  } }`

interface ListData {
  products: {
    products: { productId: number }[]
    filters: { price: { lowest: number; highest: number }; facets: FacetGroup[] }
  }
}

interface FacetGroup {
  type: string
  values: { facetId: string; label: string; count: number }[]
}

describeEachDatabase('the catalogue cache on %s', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance
  let apiKey: string

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: 300 } })
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/lumo-catalogue-cache-test',
      SESSION_SECRET: 'catalogue-cache-secret-0123456789abcdef',
    })
    apiKey = config.apiKey
    app = Fastify()
    await app.register(graphqlService, { database, config })
    await app.ready()
  }, 240_000)

  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  /** The list and how many SQL statements it cost. */
  async function list(url: string): Promise<{ data: ListData; statements: number }> {
    let statements = 0
    const stop = database.onQuery(() => {
      statements += 1
    })
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'x-apikey': apiKey },
        payload: { query: LIST, variables: { url } },
      })
      const body = response.json() as { data: ListData; errors?: unknown[] }
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
      return { data: body.data, statements }
    } finally {
      stop()
    }
  }

  const invalidation = () =>
    new Promise<void>((resolve) => {
      const stop = app.catalogueCache.onInvalidated(() => {
        stop()
        resolve()
      })
    })

  it('counts a list once, and again on the request after a price changes', async () => {
    const first = await list('/c/vaatteet')
    const again = await list('/c/vaatteet')
    expect(again.data).toEqual(first.data)
    // the facet statement is not run again (nor the category tree read)
    expect(again.statements).toBeLessThan(first.statements)

    const productId = first.data.products.products[0]!.productId
    const dropped = invalidation()
    await sql`UPDATE product_prices SET selling_price_inc_vat = 98765400, regular_price_inc_vat = 98765400
      WHERE product_id = ${productId} AND market_alias = 'fi'`.execute(database.db)
    await dropped
    const after = await list('/c/vaatteet')
    expect(after.data.products.filters.price.highest).toBe(987654)
    // the facet counts again, and only them: a listing change leaves the category trees kept
    expect(after.statements).toBe(again.statements + 1)
  })

  it('shows a renamed category on the next request', async () => {
    const before = await list('/c/vaatteet')
    const category = before.data.products.filters.facets
      .find((group) => group.type === 'Category')
      ?.values.find((value) => value.count > 0)
    expect(category).toBeDefined()
    const categoryId = Number(category!.facetId.slice('c_'.length))
    const dropped = invalidation()
    await sql`UPDATE category_texts SET name = 'Uusi nimi' WHERE category_id = ${categoryId} AND language = 'fi'`.execute(
      database.db,
    )
    await dropped
    const after = await list('/c/vaatteet')
    const renamed = after.data.products.filters.facets
      .find((group) => group.type === 'Category')
      ?.values.find((value) => value.facetId === category!.facetId)
    expect(renamed?.label).toBe('Uusi nimi')
  })

  it('keeps no facet counts past the next campaign start', async () => {
    const { rows } = await sql<{ at: Date | string }>`SELECT now() + interval '1 hour' AS at`.execute(
      database.db,
    )
    const start = new Date(rows[0]!.at).getTime()
    await sql`INSERT INTO discount_campaigns (campaign_id, name, discount_percentage, active_from)
      VALUES (9901, 'cache test', 10, ${new Date(start)})`.execute(database.db)
    let clock = Date.now()
    const cache = new CatalogueCache(database.db, () => clock)
    let computed = 0
    const compute = async (): Promise<FilterCollection> => {
      computed += 1
      return { price: { lowest: 0, highest: 0 }, facets: [] }
    }
    await cache.counts('list', compute)
    await cache.counts('list', compute)
    expect(computed).toBe(1)
    clock = start
    await cache.counts('list', compute)
    expect(computed).toBe(2)
  })
})

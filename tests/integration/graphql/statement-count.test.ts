/**
 * How many SQL statements each page type's GraphQL operations cost (issue #9): the storefront's
 * own operation files with the fragments it appends and its variables, counted through the
 * database's query hook. The bounds guard against N+1 queries: the count must not grow with the
 * number of products on the page, so each page is also run with a much larger page size.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import graphqlService from '../../../server/services/graphql'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

const OPERATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../graphql/operations')
const operation = (...files: string[]) =>
  files.map((file) => readFileSync(path.join(OPERATIONS, `${file}.graphql`), 'utf8')).join('\n')

// As src/ui/product-card-data.ts (withListProductFields, withPriceFields) appends them.
const CARD_FRAGMENTS = ['list-product-fields', 'price-fields']
const HOME = operation('home', ...CARD_FRAGMENTS)
const LIST_PAGE = operation('list-page', 'list-result-fields', ...CARD_FRAGMENTS)
const PRODUCT = operation('product', 'price-fields')
const RELATED = operation('related-products', 'price-fields')
const REVIEWS = operation('reviews')
const BRANDS = operation('list-brands')

const PRODUCT_ALIAS = FIXTURE_PRODUCTS.satinDress.aliases.fi

describeEachDatabase('SQL statements per page type on %s', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance
  let apiKey: string

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: 300 } })
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/lumo-statement-count-test',
      SESSION_SECRET: 'statement-count-secret-0123456789abcdef',
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

  /** Runs the operation once and returns how many statements it sent, failing on any error. */
  async function statementsOf(query: string, variables: Record<string, unknown>): Promise<number> {
    let statements = 0
    const stop = database.onQuery(() => {
      statements += 1
    })
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'x-apikey': apiKey },
        payload: { query, variables: { languageId: 'fi-FI', marketId: 'fi', ...variables } },
      })
      const body = response.json() as { data?: Record<string, unknown>; errors?: unknown[] }
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
      expect(response.statusCode).toBe(200)
    } finally {
      stop()
    }
    return statements
  }

  /** The count at the storefront's page size, after a warm-up (the market cache fills once). */
  async function countAt(query: string, variables: Record<string, unknown>) {
    await statementsOf(query, variables)
    return statementsOf(query, variables)
  }

  it('home: running campaigns and two rails', async () => {
    const count = await countAt(HOME, { railSize: 8 })
    // Markets and category tree are cached; the running campaigns and the two lists, each its
    // page's ids and then its cards with their images and SKUs (ADR 0045).
    expect(count).toBeLessThanOrEqual(5)
    expect(await statementsOf(HOME, { railSize: 40 })).toBe(count)
  })

  it('category list with facets', async () => {
    const variables = { url: '/c/vaatteet', skip: 0, take: 24, filter: { sort: 'LATEST' } }
    // The first time: the page with its cards' images and SKUs, the facet counts (and the
    // category trees of the four languages and the next campaign boundary, kept from then on).
    const first = await statementsOf(LIST_PAGE, variables)
    expect(first).toBeLessThanOrEqual(7)
    // Then the facet counts and the category trees (the list's info and its aliases in the other
    // languages) are kept until the catalogue changes: the page alone, its ids and then its cards
    // with their images and SKUs (ADR 0045).
    const count = await statementsOf(LIST_PAGE, variables)
    expect(count).toBe(2)
    expect(await statementsOf(LIST_PAGE, { ...variables, take: 120 })).toBe(count)
    // A selection is a list of its own: its counts once more.
    const selected = { ...variables, filter: { sort: 'LATEST', facets: ['sk_M'] } }
    expect(await statementsOf(LIST_PAGE, selected)).toBe(count + 1)
  })

  it("a list's total: kept with its facet counts, or on its own; no page read without products", async () => {
    const url = '/c/vaatteet'
    const totalOf = async (query: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'x-apikey': apiKey },
        payload: { query, variables: { url, marketId: 'fi', languageId: 'fi-FI' } },
      })
      return (response.json() as { data: { products: { count: number } } }).data.products.count
    }
    const COUNT_ONLY =
      'query ($url: String, $marketId: String, $languageId: String) { products(url: $url, take: 24, marketId: $marketId, languageId: $languageId) { count } }'
    const WITH_FACETS =
      'query ($url: String, $marketId: String, $languageId: String) { products(url: $url, take: 24, marketId: $marketId, languageId: $languageId) { count filters { facets { filterId } } } }'
    const WITH_CARDS =
      'query ($url: String, $marketId: String, $languageId: String) { products(url: $url, take: 24, marketId: $marketId, languageId: $languageId) { count products { productId } } }'
    const alone = await totalOf(COUNT_ONLY)
    expect(alone).toBeGreaterThan(24)
    expect(await totalOf(WITH_FACETS)).toBe(alone)
    // Both are kept now: the total costs nothing, and a page costs its page alone (ids, cards).
    expect(await statementsOf(COUNT_ONLY, { url })).toBe(0)
    expect(await statementsOf(WITH_FACETS, { url })).toBe(0)
    expect(await statementsOf(WITH_CARDS, { url })).toBe(2)
  })

  it('product page: product, related products, reviews', async () => {
    const product = await countAt(PRODUCT, { alias: PRODUCT_ALIAS })
    const related = await countAt(RELATED, { alias: PRODUCT_ALIAS })
    const reviews = await countAt(REVIEWS, { alias: PRODUCT_ALIAS, take: 5 })
    // the product with its SKUs, images, parameters and texts; its colour variants
    expect(product).toBeLessThanOrEqual(2)
    // each finds the product by its alias first
    expect(related).toBeLessThanOrEqual(3)
    expect(reviews).toBeLessThanOrEqual(2)
    expect(await statementsOf(REVIEWS, { alias: PRODUCT_ALIAS, take: 50 })).toBe(reviews)
  })

  it('product page rendered on the server: the three operations share one request', async () => {
    // The render's in-process API: one set of loaders for the page, so the alias is read once.
    const execute = app.graphqlExecutor({ 'X-ApiKey': apiKey })
    const variables = { alias: PRODUCT_ALIAS, languageId: 'fi-FI', marketId: 'fi' }
    const page = async () => {
      let statements = 0
      const stop = database.onQuery(() => {
        statements += 1
      })
      try {
        for (const query of [PRODUCT, RELATED, REVIEWS]) {
          const result = await execute({ query, variables: { ...variables, take: 5 } })
          expect(result.body.errors, JSON.stringify(result.body.errors)).toBeUndefined()
        }
      } finally {
        stop()
      }
      return statements
    }
    await page()
    expect(await page()).toBeLessThanOrEqual(5)
  })

  it('brands index', async () => {
    expect(await countAt(BRANDS, {})).toBeLessThanOrEqual(1)
  })
})

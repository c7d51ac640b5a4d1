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
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import graphqlService from '../../../server/services/graphql'
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/db'

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

describe.each(databaseKinds())('SQL statements per page type on %s', (kind) => {
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
    // Markets and category tree are cached; the running campaigns, two lists, and the rails' images
    // one batch per rail (the database answers the two rails at different moments: PostgreSQL, and
    // PGlite since it runs in a worker thread).
    expect(count).toBeLessThanOrEqual(6)
    expect(await statementsOf(HOME, { railSize: 40 })).toBe(count)
  })

  it('category list with facets', async () => {
    const variables = { url: '/c/vaatteet', skip: 0, take: 24, filter: { sort: 'LATEST' } }
    const count = await countAt(LIST_PAGE, variables)
    expect(count).toBeLessThanOrEqual(kind === 'pglite' ? 5 : 6)
    expect(await statementsOf(LIST_PAGE, { ...variables, take: 120 })).toBe(count)
  })

  it('product page: product, related products, reviews', async () => {
    const product = await countAt(PRODUCT, { alias: PRODUCT_ALIAS })
    const related = await countAt(RELATED, { alias: PRODUCT_ALIAS })
    const reviews = await countAt(REVIEWS, { alias: PRODUCT_ALIAS, take: 5 })
    expect(product).toBeLessThanOrEqual(8)
    expect(related).toBeLessThanOrEqual(3)
    expect(reviews).toBeLessThanOrEqual(3)
    expect(await statementsOf(REVIEWS, { alias: PRODUCT_ALIAS, take: 50 })).toBe(reviews)
  })

  it('brands index', async () => {
    expect(await countAt(BRANDS, {})).toBeLessThanOrEqual(1)
  })
})

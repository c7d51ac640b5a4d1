/**
 * The search service's index in memory (server/services/search/memory-index.ts, ADR 0038) against
 * PostgreSQL itself: the same matches and the same ts_rank as `@@` and ts_rank over
 * search_documents; the build right after start, in the background; and the index following
 * the change log (a price, a rename, a deactivated product) without an indexer round.
 */
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocaleCode } from '../../../src/shared/markets'
import type { SearchPageResponse } from '../../../src/shared/search-api'
import type { SearchDatabase } from '../../../server/services/search/db'
import { compileQuery, MemoryIndex } from '../../../server/services/search/memory-index'
import { rebuildIndex } from '../../../server/services/search/indexer'
import { tsConfigOf } from '../../../server/services/search/search'
import { parseTsquery } from '../../../server/services/search/tsquery'
import { createTestDatabase } from '../helpers/db'
import { queryUrl, registerSearchApp, shopper, startSearchApp, type SearchApp } from './search-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const QUERIES: [LocaleCode, string][] = [
  ['fi', `'mekko'`],
  ['fi', `'mek':*`],
  ['fi', `'musta' & ( 'mekko' | 'mekot' )`],
  ['fi', `( 'villaneule' | 'villa' & 'neule' )`],
  ['fi', `'neule' | 'takki'`],
  ['sv', `'svart' & 'klänning'`],
  ['nb', `'kjole' & !'svart'`],
  ['da', `'sw':* & 'uld'`],
]

describeEachDatabase('search index in memory (%s)', (kind) => {
  let search: SearchApp
  let db: SearchDatabase

  beforeAll(async () => {
    search = await startSearchApp(kind, 400)
    db = search.database.db as unknown as SearchDatabase
  }, 300_000)
  afterAll(() => search?.close())

  it('matches and ranks as PostgreSQL does', async () => {
    const memory = new MemoryIndex(db)
    await memory.load()
    for (const [language, tsquery] of QUERIES) {
      const { rows } = await sql<{ q: string; product_id: number; rank: number }>`
        SELECT to_tsquery(${tsConfigOf(language)}::regconfig, ${tsquery})::text AS q, product_id,
               ts_rank('{0.05, 0.2, 0.5, 1.0}', lexemes, to_tsquery(${tsConfigOf(language)}::regconfig, ${tsquery})) AS rank
        FROM search_documents
        WHERE language = ${language} AND lexemes @@ to_tsquery(${tsConfigOf(language)}::regconfig, ${tsquery})
        ORDER BY product_id`.execute(db)
      expect(rows.length, tsquery).toBeGreaterThan(0)
      const found = memory
        .rankedMatches(language, compileQuery(parseTsquery(rows[0]!.q)))
        .sort((a, b) => a.productId - b.productId)
      expect(
        found.map((row) => row.productId),
        tsquery,
      ).toEqual(rows.map((row) => row.product_id))
      found.forEach((row, index) => expect(row.rank, tsquery).toBeCloseTo(Number(rows[index]!.rank), 5))
    }
  })

  it('follows a price change, a rename and a deactivated product through the change log', async () => {
    const get = async (params: Record<string, string>) => {
      const response = await search.app.inject({ url: queryUrl('search-page', shopper(), params) })
      expect(response.statusCode, response.body).toBe(200)
      return response.json<SearchPageResponse>()
    }
    const cheapest = async () =>
      (await get({ q: 'mekko', sort: 'PRICE_ASCENDING', limit: '1' })).primaryList.productGroups[0]!
        .products[0]!
    const before = await cheapest()
    const { rows } = await sql<{ product_id: number }>`
      SELECT product_id FROM products WHERE article_number <> ${before.key} AND product_id IN (
        SELECT product_id FROM search_documents WHERE language = 'fi' AND lexemes @@ to_tsquery('finnish', 'mekko'))
      ORDER BY product_id DESC LIMIT 1`.execute(db)
    const other = rows[0]!.product_id
    await sql`UPDATE product_prices SET selling_price_inc_vat = 1, regular_price_inc_vat = 1
              WHERE product_id = ${other} AND market_alias = 'fi'`.execute(db)
    const after = await cheapest()
    expect(after.key).not.toBe(before.key)
    expect(after.sellingPrice.min).toBe(0.01)

    await sql`UPDATE product_texts SET name = 'Revontulikimallemekko' WHERE product_id = ${other} AND language = 'fi'`.execute(
      db,
    )
    // the rename waits for an indexer round (it rebuilds the document), then shows at once
    await search.refresh()
    const renamed = await get({ q: 'revontulikimallemekko' })
    expect(renamed.primaryList.productGroups[0]?.products[0]?.title).toBe('Revontulikimallemekko')

    await sql`UPDATE products SET is_active = false WHERE product_id = ${other}`.execute(db)
    await search.refresh()
    expect((await get({ q: 'revontulikimallemekko' })).primaryList.totalHits).toBe(0)
  })
})

/**
 * A change log read while a transaction holding a lower change id is still open (PostgreSQL): the
 * indexer's document writes take no lock the listing's writers take (those wait for each other,
 * migration 0700), so a listing change can commit and be read before them.
 */
describeEachDatabase(
  'search index in memory and transactions committing out of order (%s)',
  (kind) => {
    it('applies a document written by a transaction that commits after a later change was read', async () => {
      const database = await createTestDatabase({ kind, seed: { products: 60 } })
      const db = database.db as unknown as SearchDatabase
      const indexer = new pg.Client({ connectionString: database.url })
      await indexer.connect()
      try {
        await rebuildIndex(db)
        const memory = new MemoryIndex(db)
        await memory.load()
        const { rows } = await sql<{ product_id: number }>`
          SELECT product_id FROM product_listing WHERE market_alias = 'fi'
            AND product_id IN (SELECT product_id FROM search_documents WHERE language = 'fi')
          ORDER BY product_id LIMIT 2`.execute(db)
        const [renamed, repriced] = rows.map((row) => row.product_id) as [number, number]
        expect(memory.facts('fi', repriced)).toBeDefined()
        const word = compileQuery(parseTsquery(`'revontulikimalle'`))
        // the indexer's transaction rewrites a document and takes the lower change id…
        await indexer.query('BEGIN')
        await indexer.query(
          `WITH old AS (DELETE FROM search_documents WHERE language = 'fi' AND product_id = $1 RETURNING *)
           INSERT INTO search_documents (language, product_id, lexemes)
           SELECT language, product_id, lexemes || 'revontulikimalle'::tsvector FROM old`,
          [renamed],
        )
        // …while a price change commits a higher one, and the index reads it
        await sql`UPDATE product_prices SET selling_price_inc_vat = 222
                  WHERE product_id = ${repriced} AND market_alias = 'fi'`.execute(db)
        await memory.sync()
        expect(memory.facts('fi', repriced)?.price).toBe(222)
        expect(memory.rankedMatches('fi', word)).toEqual([])
        await indexer.query('COMMIT')
        await memory.sync()
        expect(memory.rankedMatches('fi', word).map((row) => row.productId)).toEqual([renamed])
      } finally {
        await indexer.end()
        await database.close()
      }
    }, 300_000)
  },
  ['postgres'],
)

describe('search index build at start', () => {
  it('starts without a request, and a search arriving before it is done waits for it', async () => {
    const database = await createTestDatabase({ seed: { products: 400 } })
    const statements: string[] = []
    database.onQuery((event) => statements.push(event.sql))
    const { app, index: indexOf } = await registerSearchApp(database)
    try {
      await app.ready()
      // the first search right away: it must not find an empty index
      const first = app.inject({ url: queryUrl('search-page', shopper(), { q: 'mekko' }) })
      await new Promise((resolve) => setImmediate(resolve))
      expect(indexOf()?.started()).not.toBeNull()
      const page = (await first).json<SearchPageResponse>()
      expect(page.primaryList.totalHits).toBeGreaterThan(0)
      await indexOf()?.started()
      expect(indexOf()?.size().documents).toBeGreaterThan(0)
      const built = statements.filter((text) => /INSERT INTO search_documents/i.test(text)).length
      expect(built).toBeGreaterThan(0)
      // a later search reads the index in memory: no build, and no full-text scan in SQL
      statements.length = 0
      const later = await app.inject({ url: queryUrl('search-page', shopper(), { q: 'neule' }) })
      expect(later.json<SearchPageResponse>().primaryList.totalHits).toBeGreaterThan(0)
      expect(statements.filter((text) => /INSERT INTO search_documents|@@/i.test(text))).toEqual([])
    } finally {
      await app.close()
      await database.close()
    }
  }, 300_000)

  it('waits for no request: the build has begun before any search', async () => {
    const database = await createTestDatabase({ seed: { products: 400 } })
    const { app, index: indexOf } = await registerSearchApp(database)
    try {
      await app.ready()
      await new Promise((resolve) => setImmediate(resolve))
      const started = indexOf()?.started()
      expect(started).not.toBeNull()
      await started
      expect(indexOf()?.size().documents).toBeGreaterThan(0)
    } finally {
      await app.close()
      await database.close()
    }
  }, 300_000)
})

import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { DatabaseInUseError, openDatabase, openPostgres, pgliteDirectory } from '../../../server/db'
import { loadMigrations } from '../../../server/db/migrate'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase, itWithServers } from '../helpers/outside-servers'

const EXPECTED_TABLES = [
  'languages',
  'markets',
  'market_languages',
  'categories',
  'category_texts',
  'brands',
  'brand_texts',
  'products',
  'product_texts',
  'product_categories',
  'skus',
  'product_prices',
  'price_log',
  'discount_campaigns',
  'discount_campaign_texts',
  'discount_campaign_products',
  'parameter_groups',
  'parameters',
  'parameter_values',
  'product_parameter_values',
  'images',
  'product_images',
  'reviews',
  'promo_codes',
  'promo_code_markets',
  'gift_codes',
  'shipping_options',
  'shipping_zip_rules',
  'payment_options',
  'customer_email_rules',
  'member_types',
  'content_pages',
  'content_page_texts',
  'newsletter_subscriptions',
  'stock_monitors',
  'newsletter_consents',
  'newsletter_welcome_codes',
  'users',
  'carts',
  'cart_items',
  'checkouts',
  'orders',
  'order_rows',
  'order_events',
  'schema_migrations',
]

async function tableNames(database: TestDatabase): Promise<string[]> {
  const { rows } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
  `.execute(database.db)
  return rows.map((row) => row.tablename)
}

describeEachDatabase('migrations on %s', (kind) => {
  it(
    'create the whole schema on a fresh database and record every migration',
    { timeout: 180_000 },
    async () => {
      const database = await createTestDatabase({ kind })
      try {
        expect(await tableNames(database)).toEqual(expect.arrayContaining(EXPECTED_TABLES))
        const applied = await database.db
          .selectFrom('schema_migrations')
          .select('version')
          .orderBy('version')
          .execute()
        const files = await loadMigrations()
        expect(applied.map((row) => row.version)).toEqual(files.map((file) => file.version))
        const { rows: extensions } = await sql<{ extname: string }>`SELECT extname FROM pg_extension`.execute(
          database.db,
        )
        expect(extensions.map((row) => row.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']))
      } finally {
        await database.close()
      }
    },
  )

  it(
    'builds a per-language full-text vector with each language’s stemmer',
    { timeout: 180_000 },
    async () => {
      const database = await createTestDatabase({ kind, seed: { products: 20 } })
      try {
        // Finnish 'mekot' (plural) must find 'mekko'-stemmed names only through the Finnish config.
        const { rows } = await sql<{ language: string; hits: number }>`
        SELECT language, count(*)::int AS hits FROM product_texts
        WHERE search_vector @@ to_tsquery(
          CASE language WHEN 'fi' THEN 'finnish' WHEN 'sv' THEN 'swedish' WHEN 'nb' THEN 'norwegian' ELSE 'danish' END::regconfig,
          CASE language WHEN 'fi' THEN 'satiinimekot' WHEN 'sv' THEN 'satinklänningar' WHEN 'nb' THEN 'satengkjoler' ELSE 'satinkjoler' END)
        GROUP BY language ORDER BY language
      `.execute(database.db)
        expect(rows.map((row) => row.language)).toEqual(['da', 'fi', 'nb', 'sv'])
        const { rows: fuzzy } = await sql<{ name: string }>`
        SELECT name FROM product_texts WHERE language = 'fi' AND name % 'musta satinimeko' ORDER BY similarity(name, 'musta satinimeko') DESC LIMIT 1
      `.execute(database.db)
        expect(fuzzy[0]?.name).toBe('Musta satiinimekko')
      } finally {
        await database.close()
      }
    },
  )
})

describe('migrations are idempotent', () => {
  const dataDirs: string[] = []
  afterAll(async () => {
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })

  it(
    'reopening a PGlite data directory applies nothing and keeps the data',
    { timeout: 180_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'lumo-db-test-'))
      dataDirs.push(dataDir)
      const first = await openDatabase({ dataDir })
      expect(first.migrations.applied.length).toBeGreaterThan(0)
      await first.db
        .insertInto('languages')
        .values({ code: 'fi', iso: 'fi-FI', name: 'Suomi', ts_config: 'finnish' })
        .execute()
      await first.close()

      const second = await openDatabase({ dataDir })
      try {
        expect(second.migrations.applied).toEqual([])
        expect(second.migrations.skipped).toEqual(first.migrations.applied)
        const languages = await second.db.selectFrom('languages').select('code').execute()
        expect(languages).toEqual([{ code: 'fi' }])
      } finally {
        await second.close()
      }
    },
  )

  it(
    'keeps a second opener out of a PGlite data directory and takes over a stale lock',
    { timeout: 180_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'lumo-db-test-'))
      dataDirs.push(dataDir)
      const first = await openDatabase({ dataDir })
      try {
        await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseInUseError)
      } finally {
        await first.close()
      }
      // A lock left by a process that no longer runs (kill -9) does not block the next start.
      const finished = spawnSync(process.execPath, ['-e', ''])
      await writeFile(`${pgliteDirectory(dataDir)}.lock`, String(finished.pid))
      const reopened = await openDatabase({ dataDir })
      await reopened.close()
      // A restarted container: the server is PID 1 again, and the lock names that same pid
      // (issue #15, finding 2). It is ours from a past life, not a live owner.
      await writeFile(`${pgliteDirectory(dataDir)}.lock`, String(process.pid))
      const afterRestart = await openDatabase({ dataDir })
      await afterRestart.close()
      // A pid now used by another, younger process (pid reuse): the start time tells them apart.
      await writeFile(`${pgliteDirectory(dataDir)}.lock`, `${process.ppid} 1`)
      const afterReuse = await openDatabase({ dataDir })
      await afterReuse.close()
    },
  )

  itWithServers(
    ['postgres'],
    'two PostgreSQL processes opening one fresh database at once migrate it exactly once',
    { timeout: 180_000 },
    async () => {
      const target = await createTestDatabase({ kind: 'postgres' })
      try {
        // Start over on the same database: drop what createTestDatabase migrated.
        await sql`DROP SCHEMA public CASCADE`.execute(target.db)
        await sql`CREATE SCHEMA public`.execute(target.db)
        const url = target.url
        if (!url) throw new Error('postgres test database has no url')
        const [a, b] = await Promise.all([openPostgres(url), openPostgres(url)])
        try {
          const files = await loadMigrations()
          expect([...a.migrations.applied, ...b.migrations.applied].sort()).toEqual(
            files.map((file) => file.version),
          )
          const rows = await a.db.selectFrom('schema_migrations').select('version').execute()
          expect(rows).toHaveLength(files.length)
        } finally {
          await Promise.all([a.close(), b.close()])
        }
      } finally {
        await target.close()
      }
    },
  )
})

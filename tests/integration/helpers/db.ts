/**
 * Fresh, migrated (optionally seeded) databases for integration tests.
 *
 * PGlite (in its worker thread, like the server's; ADR 0023): the first call in a test process
 * builds a template (initdb + migrations [+ seed]) and dumps its data directory inside the worker;
 * every further database is a new worker loaded from that dump.
 * The dump is also cached in .test-data/pglite-templates/, keyed by the migrations, the seed's
 * sources and the product count, so later test files (and runs) skip building it.
 * PostgreSQL (when TEST_DATABASE_URL is set): a new database `lumo_test_<random>` on that server,
 * copied by the server from a template database `lumo_tpl_<day>_<key>` (migrated [and seeded],
 * built once for all test processes under an advisory lock; the same key as PGlite's), dropped
 * again at close. Templates of other days are dropped.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openPGliteWorker, openPostgres, type Database, type DatabaseKind } from '../../../server/db'
import { loadMigrations } from '../../../server/db/migrate'
import { seedDatabase, type SeedStats } from '../../../server/db/seed'

export interface TestDatabaseOptions {
  kind?: DatabaseKind
  seed?: { products: number }
  onQuery?: Parameters<Database['onQuery']>[0]
  /** Longest a statement may run (ms); none by default. */
  statementTimeoutMs?: number
}

export type TestDatabase = Database & {
  /** The connection string of the fresh PostgreSQL database (postgres kind only). */
  url?: string
  seedStats?: SeedStats
}

interface PGliteTemplate {
  dump: Uint8Array
  seedStats?: SeedStats
}

/** One template per seed size, built once per test process. */
const pgliteTemplates = new Map<number, Promise<PGliteTemplate>>()

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const TEMPLATE_CACHE_DIR = path.join(REPO_ROOT, '.test-data', 'pglite-templates')
const SEED_SOURCES_DIR = path.join(REPO_ROOT, 'server', 'db', 'seed')

/** The shop's definitions the seed imports and derives its rows from (markets, payment kinds, …). */
const SHARED_SOURCES_DIR = path.join(REPO_ROOT, 'src', 'shared')

/**
 * Changes whenever a migration, the seed's code or a shared definition it imports changes, so a
 * stale template is never used.
 */
async function templateKey(products: number): Promise<string> {
  const hash = createHash('sha256').update(`products=${products}\n`)
  for (const migration of await loadMigrations()) hash.update(`${migration.version}:${migration.checksum}\n`)
  const shared = new Set<string>()
  for (const file of (await readdir(SEED_SOURCES_DIR)).filter((name) => name.endsWith('.ts')).sort()) {
    const text = await readFile(path.join(SEED_SOURCES_DIR, file), 'utf8')
    hash.update(file).update(text)
    for (const [, name] of text.matchAll(/from '(?:\.\.\/)+src\/shared\/([\w/-]+)'/g))
      shared.add(`${name}.ts`)
  }
  for (const file of [...shared].sort()) {
    hash.update(file).update(await readFile(path.join(SHARED_SOURCES_DIR, file)).catch(() => ''))
  }
  return hash.digest('hex').slice(0, 24)
}

async function buildPGliteTemplate(products: number, referenceDate: string): Promise<PGliteTemplate> {
  // Built in a database worker like every other (the dump is made inside the worker).
  const database = await openPGliteWorker({})
  try {
    const seedStats = products > 0 ? await seedDatabase(database.db, { products, referenceDate }) : undefined
    return { dump: await database.dumpDataDir(), ...(seedStats ? { seedStats } : {}) }
  } finally {
    await database.close()
  }
}

/** The seed's dates hang on today, so templates are per day; older days' files are removed. */
function today(): string {
  return new Date().toISOString().slice(0, 10)
}

async function pruneOtherDays(day: string): Promise<void> {
  const files = await readdir(TEMPLATE_CACHE_DIR)
  await Promise.all(
    files
      .filter((name) => !name.startsWith(day))
      .map((name) => rm(path.join(TEMPLATE_CACHE_DIR, name), { force: true })),
  )
}

async function cachedPGliteTemplate(products: number): Promise<PGliteTemplate> {
  const day = today()
  const file = path.join(TEMPLATE_CACHE_DIR, `${day}-${await templateKey(products)}.tar`)
  const statsFile = `${file}.json`
  try {
    const [dump, stats] = await Promise.all([readFile(file), readFile(statsFile, 'utf8')])
    const seedStats = JSON.parse(stats) as SeedStats | null
    return { dump: new Uint8Array(dump), ...(seedStats ? { seedStats } : {}) }
  } catch {
    const template = await buildPGliteTemplate(products, day)
    await mkdir(TEMPLATE_CACHE_DIR, { recursive: true })
    // Write then rename: a parallel test process never reads a half-written template.
    const partial = `${file}.${process.pid}.partial`
    await writeFile(`${partial}.json`, JSON.stringify(template.seedStats ?? null))
    await writeFile(partial, template.dump)
    await rename(`${partial}.json`, statsFile)
    await rename(partial, file)
    await pruneOtherDays(day)
    return template
  }
}

function pgliteTemplate(products: number): Promise<PGliteTemplate> {
  let template = pgliteTemplates.get(products)
  if (!template) {
    template = cachedPGliteTemplate(products)
    // A failed build must not poison every later test of the process.
    template.catch(() => pgliteTemplates.delete(products))
    pgliteTemplates.set(products, template)
  }
  return template
}

async function createPGliteTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const template = await pgliteTemplate(options.seed?.products ?? 0)
  const database = await openPGliteWorker({
    loadDataDir: template.dump,
    ...(options.onQuery ? { onQuery: options.onQuery } : {}),
    ...(options.statementTimeoutMs ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
  })
  return Object.assign(database, template.seedStats ? { seedStats: template.seedStats } : {})
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

interface PostgresTemplate {
  name: string
  seedStats?: SeedStats
}

/** One template per seed size, looked up (or built) once per test process. */
const postgresTemplates = new Map<number, Promise<PostgresTemplate>>()

async function withAdmin<T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    return await use(admin)
  } finally {
    await admin.end()
  }
}

/**
 * The server's template database for this seed size, built when missing: migrated and seeded in
 * `<name>_building`, then renamed, so a template that exists is whole. The seed's figures are kept
 * as the database's comment. An advisory lock keeps two test processes from building it twice.
 */
async function buildOrFindPostgresTemplate(adminUrl: string, products: number): Promise<PostgresTemplate> {
  const day = today()
  const name = `lumo_tpl_${day.replaceAll('-', '')}_${(await templateKey(products)).slice(0, 16).toLowerCase()}`
  return withAdmin(adminUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name])
    try {
      const found = await admin.query<{ comment: string | null }>(
        `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
        [name],
      )
      if (found.rows[0]) {
        const seedStats = JSON.parse(found.rows[0].comment ?? 'null') as SeedStats | null
        return { name, ...(seedStats ? { seedStats } : {}) }
      }
      const building = `${name}_building`
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`)
      await admin.query(`CREATE DATABASE ${building}`)
      const database = await openPostgres(withDatabaseName(adminUrl, building))
      let seedStats: SeedStats | undefined
      try {
        if (products > 0) seedStats = await seedDatabase(database.db, { products, referenceDate: day })
      } finally {
        await database.close()
      }
      // a connection the closed pool left behind would block the rename (and every copy)
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [building],
      )
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`)
      await admin.query(
        `COMMENT ON DATABASE ${name} IS ${pg.escapeLiteral(JSON.stringify(seedStats ?? null))}`,
      )
      // yesterday's templates are of no use any more
      const stale = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'lumo\\_tpl\\_%' AND datname NOT LIKE $1`,
        [`lumo\\_tpl\\_${day.replaceAll('-', '')}\\_%`],
      )
      for (const { datname } of stale.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
      return { name, ...(seedStats ? { seedStats } : {}) }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name])
    }
  })
}

function postgresTemplate(adminUrl: string, products: number): Promise<PostgresTemplate> {
  let template = postgresTemplates.get(products)
  if (!template) {
    template = buildOrFindPostgresTemplate(adminUrl, products)
    template.catch(() => postgresTemplates.delete(products))
    postgresTemplates.set(products, template)
  }
  return template
}

async function createPostgresTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: the postgres kind needs a server')
  const template = await postgresTemplate(adminUrl, options.seed?.products ?? 0)
  const name = `lumo_test_${randomBytes(6).toString('hex')}`
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.name}`))
  const url = withDatabaseName(adminUrl, name)
  const dropDatabase = async () => {
    const dropper = new pg.Client({ connectionString: adminUrl })
    await dropper.connect()
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    } finally {
      await dropper.end()
    }
  }
  let database: Database
  const seedStats = template.seedStats
  try {
    // the template is migrated: opening finds nothing to apply
    database = await openPostgres(url, {
      ...(options.onQuery ? { onQuery: options.onQuery } : {}),
      ...(options.statementTimeoutMs ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
    })
  } catch (error) {
    await dropDatabase()
    throw error
  }
  const closeDatabase = database.close.bind(database)
  let closing: Promise<void> | undefined
  return Object.assign(database, {
    url,
    ...(seedStats ? { seedStats } : {}),
    close: () => {
      closing ??= closeDatabase().then(dropDatabase)
      return closing
    },
  })
}

/** A fresh database of the given kind (PGlite by default). Always `await database.close()`. */
export function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  return (options.kind ?? 'pglite') === 'postgres'
    ? createPostgresTestDatabase(options)
    : createPGliteTestDatabase(options)
}

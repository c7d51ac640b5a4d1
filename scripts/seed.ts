/**
 * `npm run seed`: opens the configured database (PGlite in DATA_DIR, or DATABASE_URL), migrates
 * it and seeds SEED_PRODUCTS products when it has no catalogue yet.
 * `npm run seed -- --force` empties every table first and seeds again.
 */
import { execFileSync } from 'node:child_process'
import { sql } from 'kysely'
import { ConfigError, loadConfig } from '../server/config'
import { openDatabase, pgliteDirectory, type Database } from '../server/db'
import { hasCatalogue, resetDatabase, seedDatabase } from '../server/db/seed'
import { streamProgress } from '../server/db/seed/progress'

async function databaseSize(database: Database, dataDir: string): Promise<string> {
  if (database.kind === 'postgres') {
    const { rows } = await sql<{
      size: string
    }>`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`.execute(database.db)
    return rows[0]?.size ?? 'unknown'
  }
  // PGlite writes its files on close; the size is measured after closing, see main().
  return pgliteDirectory(dataDir)
}

async function main() {
  const force = process.argv.includes('--force')
  const config = loadConfig()
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    log: console.log,
  })
  let sizeOf: string
  try {
    if (await hasCatalogue(database.db)) {
      if (!force) {
        console.log(
          'The database already has a catalogue. Run `npm run seed -- --force` to empty it and seed again.',
        )
        return
      }
      console.log('Emptying every table…')
      await resetDatabase(database.db)
    }
    console.log(`Seeding ${config.seedProducts} products into the ${database.kind} database…`)
    const stats = await seedDatabase(database.db, {
      products: config.seedProducts,
      progress: streamProgress(process.stdout),
    })
    console.log(
      `Seeded ${stats.products} products, ${stats.skus} skus, ${stats.images} images, ${stats.reviews} reviews, ` +
        `${stats.priceLogRows} price log rows, ${stats.categories} categories, ${stats.brands} brands, ` +
        `${stats.orders} orders in ${(stats.durationMs / 1000).toFixed(1)} s`,
    )
    sizeOf = await databaseSize(database, config.dataDir)
  } finally {
    await database.close()
  }
  if (database.kind === 'pglite') {
    const size = execFileSync('du', ['-sh', sizeOf], { encoding: 'utf8' }).split('\t')[0]
    console.log(`Database size: ${size} (${sizeOf})`)
  } else {
    console.log(`Database size: ${sizeOf}`)
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exitCode = 1
})

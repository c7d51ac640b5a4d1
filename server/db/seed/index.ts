/**
 * The deterministic seed: a believable four-market catalogue (about 2,000 products by default,
 * 50,000 for scale tests) plus the commerce data around it. The same seed number and reference
 * date always give the same rows. Everything is written in one transaction with multi-row
 * INSERTs, so a seed either happens completely or not at all.
 */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely'
import type { Config } from '../../config'
import type { Database } from '../index'
import type { DB } from '../schema'
import {
  brandRows,
  buildProduct,
  campaignRows,
  catalogueContext,
  categoryRows,
  parameterRows,
  type ProductRows,
} from './catalogue'
import { codeRows, contentRows, customerRows, marketRows, shippingAndPaymentRows } from './commerce'
import { DEFAULT_SEED } from './fixtures'

export { DEFAULT_SEED, FIXED_REFERENCE_DATE } from './fixtures'

export interface SeedOptions {
  /** Number of products (default 2,000). At least 5: the fixture products 1–5 must exist. */
  products?: number
  /** Random seed (default DEFAULT_SEED). */
  seed?: number
  /** 'YYYY-MM-DD' the relative dates hang on (new arrivals, price log, orders); default today UTC. */
  referenceDate?: string
  log?: (line: string) => void
}

export interface SeedStats {
  products: number
  skus: number
  categories: number
  brands: number
  reviews: number
  images: number
  priceLogRows: number
  orders: number
  durationMs: number
}

export class SeedError extends Error {
  override name = 'SeedError'
}

/** Products generated and written per round; bounds memory for 50,000-product seeds. */
const PRODUCTS_PER_ROUND = 500
/** PostgreSQL allows 65,535 bind parameters a statement; stay well below. */
const MAX_PARAMETERS_PER_INSERT = 30_000
/** Key for pg_advisory_xact_lock: two processes starting at once seed once. */
const SEED_LOCK_KEY = 0x6c756d73

type TableName = keyof DB

async function insertBatched<T extends TableName>(trx: Transaction<DB>, table: T, rows: Insertable<DB[T]>[]) {
  if (rows.length === 0) return
  const columns = Math.max(1, ...rows.slice(0, 20).map((row) => Object.keys(row).length))
  const perBatch = Math.max(1, Math.floor(MAX_PARAMETERS_PER_INSERT / columns))
  for (let start = 0; start < rows.length; start += perBatch) {
    // The generic table name defeats Kysely's per-table inference; the rows are typed by the caller.
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + perBatch) as never)
      .execute()
  }
}

export async function hasCatalogue(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('products').select('product_id').limit(1).executeTakeFirst()
  return row !== undefined
}

function today(): string {
  return new Date().toISOString().slice(0, 10)
}

async function writeProducts(trx: Transaction<DB>, products: ProductRows[]) {
  await insertBatched(
    trx,
    'images',
    products.flatMap((product) => product.images),
  )
  await insertBatched(
    trx,
    'products',
    products.map((product) => product.product),
  )
  await insertBatched(
    trx,
    'product_texts',
    products.flatMap((product) => product.texts),
  )
  await insertBatched(
    trx,
    'product_categories',
    products.flatMap((product) => product.categories),
  )
  await insertBatched(
    trx,
    'skus',
    products.flatMap((product) => product.skus),
  )
  await insertBatched(
    trx,
    'product_prices',
    products.flatMap((product) => product.prices),
  )
  await insertBatched(
    trx,
    'price_log',
    products.flatMap((product) => product.priceLog),
  )
  await insertBatched(
    trx,
    'discount_campaign_products',
    products.flatMap((product) => product.campaignProducts),
  )
  await insertBatched(
    trx,
    'product_parameter_values',
    products.flatMap((product) => product.parameterValues),
  )
  await insertBatched(
    trx,
    'product_images',
    products.flatMap((product) => product.productImages),
  )
  await insertBatched(
    trx,
    'reviews',
    products.flatMap((product) => product.reviews),
  )
}

/** The tables the product rounds fill; their secondary indexes are rebuilt once at the end. */
const BULK_TABLES = [
  'products',
  'product_texts',
  'product_categories',
  'skus',
  'product_prices',
  'price_log',
  'discount_campaign_products',
  'product_parameter_values',
  'product_images',
  'reviews',
] as const

/**
 * Drops the bulk tables' plain secondary indexes (not those behind primary keys or unique
 * constraints, which guard the data) and returns a function that creates them again. Building
 * a GIN index once is far cheaper than updating it for every inserted row.
 */
async function deferSecondaryIndexes(trx: Transaction<DB>): Promise<() => Promise<void>> {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    SELECT i.indexname, i.indexdef
    FROM pg_indexes i
    WHERE i.schemaname = current_schema()
      AND i.tablename IN (${sql.join(BULK_TABLES.map((table) => sql.lit(table)))})
      AND NOT EXISTS (
        SELECT 1 FROM pg_constraint c
        WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass
      )
  `.execute(trx)
  for (const row of rows) await sql`DROP INDEX ${sql.id(row.indexname)}`.execute(trx)
  return async () => {
    for (const row of rows) await sql.raw(row.indexdef).execute(trx)
  }
}

async function seedInTransaction(
  trx: Transaction<DB>,
  options: Required<Omit<SeedOptions, 'log'>> & Pick<SeedOptions, 'log'>,
): Promise<Omit<SeedStats, 'durationMs'>> {
  const { products: productCount, seed, referenceDate, log } = options
  const context = catalogueContext(seed, referenceDate)
  const structureCreated = new Date(`${referenceDate}T00:00:00Z`)
  structureCreated.setUTCFullYear(structureCreated.getUTCFullYear() - 3)

  const markets = marketRows()
  await insertBatched(trx, 'languages', markets.languages)
  await insertBatched(trx, 'markets', markets.markets)
  await insertBatched(trx, 'market_languages', markets.marketLanguages)

  const categories = categoryRows(structureCreated)
  await insertBatched(trx, 'categories', categories.categories)
  await insertBatched(trx, 'category_texts', categories.texts)
  const brands = brandRows(seed, structureCreated)
  await insertBatched(trx, 'brands', brands.brands)
  await insertBatched(trx, 'brand_texts', brands.texts)
  const parameters = parameterRows()
  await insertBatched(trx, 'parameter_groups', parameters.groups)
  await insertBatched(trx, 'parameter_group_texts', parameters.groupTexts)
  await insertBatched(trx, 'parameters', parameters.parameters)
  await insertBatched(trx, 'parameter_texts', parameters.parameterTexts)
  await insertBatched(trx, 'parameter_values', parameters.values)
  await insertBatched(trx, 'parameter_value_texts', parameters.valueTexts)
  const campaigns = campaignRows(referenceDate)
  await insertBatched(trx, 'discount_campaigns', campaigns.campaigns)
  await insertBatched(trx, 'discount_campaign_texts', campaigns.texts)

  const options_ = shippingAndPaymentRows()
  await insertBatched(trx, 'shipping_options', options_.shipping)
  await insertBatched(trx, 'shipping_zip_rules', options_.zipRules)
  await insertBatched(trx, 'payment_options', options_.payment)
  const codes = codeRows(referenceDate)
  await insertBatched(trx, 'promo_codes', codes.promoCodes)
  await insertBatched(trx, 'promo_code_markets', codes.promoMarkets)
  await insertBatched(trx, 'gift_codes', codes.giftCodes)
  await insertBatched(trx, 'gift_code_transactions', codes.giftTransactions)
  await insertBatched(trx, 'customer_email_rules', codes.emailRules)
  await insertBatched(trx, 'member_types', codes.memberTypes)
  const content = contentRows(referenceDate)
  await insertBatched(trx, 'content_pages', content.pages)
  await insertBatched(trx, 'content_page_texts', content.texts)

  const counts = { skus: 0, reviews: 0, images: 0, priceLogRows: 0 }
  const recreateIndexes = await deferSecondaryIndexes(trx)
  // The listing table (migration 0700) is built once after the load, not per inserted row.
  await sql`SELECT set_config('lumo.defer_product_listing', 'on', true)`.execute(trx)
  for (let first = 1; first <= productCount; first += PRODUCTS_PER_ROUND) {
    const last = Math.min(productCount, first + PRODUCTS_PER_ROUND - 1)
    const round: ProductRows[] = []
    for (let productId = first; productId <= last; productId++) round.push(buildProduct(context, productId))
    await writeProducts(trx, round)
    for (const product of round) {
      counts.skus += product.skus.length
      counts.reviews += product.reviews.length
      counts.images += product.images.length
      counts.priceLogRows += product.priceLog.length
    }
    if (productCount > PRODUCTS_PER_ROUND) log?.(`seeded ${last}/${productCount} products`)
  }
  await recreateIndexes()
  await sql`SELECT set_config('lumo.defer_product_listing', 'off', true)`.execute(trx)
  await sql`SELECT rebuild_product_listing()`.execute(trx)

  const customers = customerRows(context)
  await insertBatched(trx, 'users', customers.users)
  await insertBatched(trx, 'user_balances', customers.balances)
  await insertBatched(trx, 'user_favourites', customers.favourites)
  await insertBatched(trx, 'newsletter_subscriptions', customers.newsletter)
  await insertBatched(trx, 'stock_monitors', customers.monitors)
  await insertBatched(trx, 'carts', customers.carts)
  await insertBatched(trx, 'cart_items', customers.cartItems)
  for (const [index, order] of customers.orders.entries()) {
    const { order_id: orderId } = await trx
      .insertInto('orders')
      .values(order)
      .returning('order_id')
      .executeTakeFirstOrThrow()
    await insertBatched(
      trx,
      'order_rows',
      (customers.orderRows[index] ?? []).map((row) => ({ ...row, order_id: orderId })),
    )
    await insertBatched(
      trx,
      'order_events',
      (customers.orderEvents[index] ?? []).map((event) => ({ ...event, order_id: orderId })),
    )
  }

  // Fresh planner statistics: without them a freshly loaded table looks empty and small lists
  // get sequential scans (PGlite runs no autovacuum).
  await sql`ANALYZE`.execute(trx)

  return {
    products: productCount,
    categories: categories.categories.length,
    brands: brands.brands.length,
    orders: customers.orders.length,
    ...counts,
  }
}

async function runSeed(
  db: Kysely<DB>,
  options: SeedOptions,
  whenNotEmpty: 'throw' | 'skip',
): Promise<SeedStats | null> {
  const products = options.products ?? 2000
  if (!Number.isInteger(products) || products < 5) {
    throw new SeedError(`products must be an integer of at least 5 (the fixture products), got ${products}`)
  }
  const started = performance.now()
  const stats = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx)
    if (await hasCatalogue(trx)) {
      if (whenNotEmpty === 'skip') return null
      throw new SeedError('The database already has a catalogue; reset it first (npm run seed -- --force)')
    }
    return seedInTransaction(trx, {
      products,
      seed: options.seed ?? DEFAULT_SEED,
      referenceDate: options.referenceDate ?? today(),
      log: options.log,
    })
  })
  return stats ? { ...stats, durationMs: Math.round(performance.now() - started) } : null
}

/** Seeds an empty database; throws a SeedError when it already has a catalogue. */
export async function seedDatabase(db: Kysely<DB>, options: SeedOptions = {}): Promise<SeedStats> {
  const stats = await runSeed(db, options, 'throw')
  if (!stats) throw new SeedError('seed skipped')
  return stats
}

/** For the server start: seeds on the first start only (SEED_PRODUCTS products). */
export async function ensureSeeded(
  database: Database,
  config: Pick<Config, 'seedProducts'>,
  log: (line: string) => void = (line) => console.log(line),
): Promise<SeedStats | null> {
  if (await hasCatalogue(database.db)) return null
  log(`Seeding the ${database.kind} database with ${config.seedProducts} products…`)
  const stats = await runSeed(database.db, { products: config.seedProducts, log }, 'skip')
  if (stats)
    log(
      `Seeded ${stats.products} products, ${stats.skus} skus, ${stats.images} images in ${stats.durationMs} ms`,
    )
  return stats
}

/** Empties every table except schema_migrations (also other areas' tables), for a reseed. */
export async function resetDatabase(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'
  `.execute(db)
  if (rows.length === 0) return
  const tables = sql.join(rows.map((row) => sql.id(row.tablename)))
  await sql`TRUNCATE ${tables} RESTART IDENTITY CASCADE`.execute(db)
}

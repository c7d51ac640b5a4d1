/**
 * The deterministic seed: a believable four-market catalogue (about 2,000 products by default,
 * 50,000 for scale tests) plus the commerce data around it. The same seed number and reference
 * date always give the same rows. Everything is written in one transaction, so a seed either
 * happens completely or not at all; each step below writes one part of the shop, in order.
 */
import { sql, type Kysely, type Transaction } from 'kysely'
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
import { bulkInsert, deferForeignKeys, deferSecondaryIndexes, pauseTriggers, type TableName } from './bulk'
import { DEFAULT_SEED } from './fixtures'
import { logProgress, type Progress } from './progress'

export { DEFAULT_SEED, FIXED_REFERENCE_DATE } from './fixtures'

export interface SeedOptions {
  /** Number of products (default 2,000). At least 5: the fixture products 1–5 must exist. */
  products?: number
  /** Random seed (default DEFAULT_SEED). */
  seed?: number
  /** 'YYYY-MM-DD' the relative dates hang on (new arrivals, price log, orders); default today UTC. */
  referenceDate?: string
  log?: (line: string) => void
  /** How far the seed is; default: plain lines through `log`. */
  progress?: Progress
}

const SILENT: Progress = { update: () => undefined, line: () => undefined }

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
const PRODUCTS_PER_ROUND = 1000
/** Key for pg_advisory_xact_lock: two processes starting at once seed once. */
const SEED_LOCK_KEY = 0x6c756d73

export async function hasCatalogue(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('products').select('product_id').limit(1).executeTakeFirst()
  return row !== undefined
}

function today(): string {
  return new Date().toISOString().slice(0, 10)
}

interface SeedRun {
  trx: Transaction<DB>
  seed: number
  referenceDate: string
  /** When the shop's structure (categories, brands) was created: three years before the reference date. */
  structureCreated: Date
  progress: Progress
}

// ------------------------------------------------------------------------------ the steps, in order

async function seedMarkets({ trx }: SeedRun) {
  const markets = marketRows()
  await bulkInsert(trx, 'languages', markets.languages)
  // the reference tables keep their rows through a reseed: the definition's are upserted
  for (const row of markets.currencies)
    await trx
      .insertInto('currencies')
      .values(row)
      .onConflict((oc) => oc.column('code').doUpdateSet({ minor_unit: row.minor_unit }))
      .execute()
  for (const row of markets.buyerTypes)
    await trx
      .insertInto('buyer_types')
      .values(row)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute()
  await bulkInsert(trx, 'markets', markets.markets)
  await bulkInsert(trx, 'market_languages', markets.marketLanguages)
  await bulkInsert(trx, 'market_return_windows', markets.returnWindows)
}

async function seedCategories({ trx, structureCreated }: SeedRun) {
  const categories = categoryRows(structureCreated)
  await bulkInsert(trx, 'categories', categories.categories)
  await bulkInsert(trx, 'category_texts', categories.texts)
  return categories.categories.length
}

async function seedBrands({ trx, seed, structureCreated }: SeedRun) {
  const brands = brandRows(seed, structureCreated)
  await bulkInsert(trx, 'brands', brands.brands)
  await bulkInsert(trx, 'brand_texts', brands.texts)
  return brands.brands.length
}

async function seedParameters({ trx }: SeedRun) {
  const parameters = parameterRows()
  await bulkInsert(trx, 'parameter_groups', parameters.groups)
  await bulkInsert(trx, 'parameter_group_texts', parameters.groupTexts)
  await bulkInsert(trx, 'parameters', parameters.parameters)
  await bulkInsert(trx, 'parameter_texts', parameters.parameterTexts)
  await bulkInsert(trx, 'parameter_values', parameters.values)
  await bulkInsert(trx, 'parameter_value_texts', parameters.valueTexts)
}

async function seedCampaigns({ trx, referenceDate }: SeedRun) {
  const campaigns = campaignRows(referenceDate)
  await bulkInsert(trx, 'discount_campaigns', campaigns.campaigns)
  await bulkInsert(trx, 'discount_campaign_texts', campaigns.texts)
}

async function seedShippingAndPayment({ trx }: SeedRun) {
  const options = shippingAndPaymentRows()
  await bulkInsert(trx, 'shipping_options', options.shipping)
  await bulkInsert(trx, 'shipping_zip_rules', options.zipRules)
  await bulkInsert(trx, 'payment_options', options.payment)
}

async function seedCodesAndRules({ trx, referenceDate }: SeedRun) {
  const codes = codeRows(referenceDate)
  await bulkInsert(trx, 'promo_codes', codes.promoCodes)
  await bulkInsert(trx, 'promo_code_markets', codes.promoMarkets)
  await bulkInsert(trx, 'gift_codes', codes.giftCodes)
  await bulkInsert(trx, 'gift_code_transactions', codes.giftTransactions)
  await bulkInsert(trx, 'customer_email_rules', codes.emailRules)
  await bulkInsert(trx, 'member_types', codes.memberTypes)
}

async function seedContent({ trx, referenceDate }: SeedRun) {
  const content = contentRows(referenceDate)
  await bulkInsert(trx, 'content_pages', content.pages)
  await bulkInsert(trx, 'content_page_texts', content.texts)
}

/** The tables the product rounds fill, in foreign-key order. */
const PRODUCT_TABLES = [
  ['images', (product) => product.images],
  ['products', (product) => [product.product]],
  ['product_texts', (product) => product.texts],
  ['product_categories', (product) => product.categories],
  ['skus', (product) => product.skus],
  ['product_prices', (product) => product.prices],
  ['price_log', (product) => product.priceLog],
  ['discount_campaign_products', (product) => product.campaignProducts],
  ['product_parameter_values', (product) => product.parameterValues],
  ['product_images', (product) => product.productImages],
  ['reviews', (product) => product.reviews],
] as const satisfies readonly (readonly [TableName, (product: ProductRows) => readonly object[]])[]

type ProductCounts = Pick<SeedStats, 'skus' | 'reviews' | 'images' | 'priceLogRows'>

async function writeProductRound(trx: Transaction<DB>, round: readonly ProductRows[], counts: ProductCounts) {
  for (const [table, rowsOf] of PRODUCT_TABLES) {
    // Each table's rows are typed by its entry above; the loop's union type is too wide for TypeScript.
    const rows = round.flatMap((product) => rowsOf(product) as readonly object[])
    await bulkInsert(trx, table, rows as never[])
  }
  for (const product of round) {
    counts.skus += product.skus.length
    counts.reviews += product.reviews.length
    counts.images += product.images.length
    counts.priceLogRows += product.priceLog.length
  }
}

/**
 * Products with their texts, categories, SKUs, prices and price log, campaign memberships,
 * parameters, images and reviews, generated and written a round at a time. Indexes, foreign
 * keys and the listing table (migration 0700) are built once after the load.
 */
async function seedProducts(run: SeedRun, productCount: number): Promise<ProductCounts> {
  const { trx, progress } = run
  const context = catalogueContext(run.seed, run.referenceDate)
  const tables = PRODUCT_TABLES.map(([table]) => table)
  const restoreIndexes = await deferSecondaryIndexes(trx, [...tables, 'product_listing'])
  const restoreForeignKeys = await deferForeignKeys(trx, tables)
  const resumeListing = await pauseTriggers(trx, tables, '_listing')
  const counts: ProductCounts = { skus: 0, reviews: 0, images: 0, priceLogRows: 0 }
  for (let first = 1; first <= productCount; first += PRODUCTS_PER_ROUND) {
    const last = Math.min(productCount, first + PRODUCTS_PER_ROUND - 1)
    const round: ProductRows[] = []
    for (let productId = first; productId <= last; productId++) round.push(buildProduct(context, productId))
    await writeProductRound(trx, round, counts)
    progress.update('products', last, productCount)
  }
  progress.line(`products: ${productCount} written; building indexes, keys and the listing table`)
  await sql`SELECT rebuild_product_listing()`.execute(trx)
  await resumeListing()
  await restoreIndexes()
  await restoreForeignKeys()
  return counts
}

async function seedCustomers({ trx, seed, referenceDate }: SeedRun) {
  const customers = customerRows(catalogueContext(seed, referenceDate))
  await bulkInsert(trx, 'users', customers.users)
  await bulkInsert(trx, 'user_balances', customers.balances)
  await bulkInsert(trx, 'user_favourites', customers.favourites)
  await bulkInsert(trx, 'newsletter_subscriptions', customers.newsletter)
  await bulkInsert(trx, 'stock_monitors', customers.monitors)
  await bulkInsert(trx, 'carts', customers.carts)
  await bulkInsert(trx, 'cart_items', customers.cartItems)
  return customers
}

/** Orders take their ids from the database, so each is written before its rows and events. */
async function seedOrders({ trx }: SeedRun, customers: ReturnType<typeof customerRows>) {
  for (const [index, order] of customers.orders.entries()) {
    const { order_id: orderId } = await trx
      .insertInto('orders')
      .values(order)
      .returning('order_id')
      .executeTakeFirstOrThrow()
    const withOrder = <R extends object>(rows: readonly R[] | undefined) =>
      (rows ?? []).map((row) => ({ ...row, order_id: orderId }))
    await bulkInsert(trx, 'order_rows', withOrder(customers.orderRows[index]))
    await bulkInsert(trx, 'order_events', withOrder(customers.orderEvents[index]))
  }
  return customers.orders.length
}

async function seedInTransaction(run: SeedRun, productCount: number): Promise<Omit<SeedStats, 'durationMs'>> {
  await seedMarkets(run)
  const categories = await seedCategories(run)
  const brands = await seedBrands(run)
  await seedParameters(run)
  await seedCampaigns(run)
  await seedShippingAndPayment(run)
  await seedCodesAndRules(run)
  await seedContent(run)
  const counts = await seedProducts(run, productCount)
  const orders = await seedOrders(run, await seedCustomers(run))
  // Fresh planner statistics: without them a freshly loaded table looks empty and small lists
  // get sequential scans (PGlite runs no autovacuum).
  await sql`ANALYZE`.execute(run.trx)
  return { products: productCount, categories, brands, orders, ...counts }
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
    const referenceDate = options.referenceDate ?? today()
    const structureCreated = new Date(`${referenceDate}T00:00:00Z`)
    structureCreated.setUTCFullYear(structureCreated.getUTCFullYear() - 3)
    // Log lines only for seeds of several rounds; a small seed is one line before and after.
    const logged = options.log && products > PRODUCTS_PER_ROUND ? logProgress(options.log) : SILENT
    const progress = options.progress ?? logged
    const run = { trx, seed: options.seed ?? DEFAULT_SEED, referenceDate, structureCreated, progress }
    return seedInTransaction(run, products)
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

/**
 * Tables whose rows the migrations write (not the seed): a reseed keeps them, or they would be gone
 * for good — the migration that filled them never runs again.
 */
export const MIGRATION_DATA_TABLES = [
  'schema_migrations',
  'search_synonyms',
  'payment_kinds',
  'currencies',
  'buyer_types',
] as const

/** Empties every table but MIGRATION_DATA_TABLES (also other areas' tables), for a reseed. */
export async function resetDatabase(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
      AND NOT (tablename = ANY(${[...MIGRATION_DATA_TABLES]}::text[]))
  `.execute(db)
  if (rows.length === 0) return
  const tables = sql.join(rows.map((row) => sql.id(row.tablename)))
  await sql`TRUNCATE ${tables} RESTART IDENTITY CASCADE`.execute(db)
}

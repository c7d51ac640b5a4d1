import { sql, type Kysely, type RawBuilder } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../../server/db/schema'
import { MARKET_ALIASES } from '../../../src/shared/markets'
import { kindsOfferedIn } from '../../../src/shared/payment-kinds'
import {
  ensureSeeded,
  FIXED_REFERENCE_DATE,
  resetDatabase,
  seedDatabase,
  SeedError,
} from '../../../server/db/seed'
import { buildProduct, catalogueContext } from '../../../server/db/seed/catalogue'
import {
  FIXTURE_CUSTOMERS,
  FIXTURE_EMAIL_RULES,
  FIXTURE_GIFT_CODES,
  FIXTURE_NO_DELIVERY_ZIP,
  FIXTURE_PRODUCTS,
  FIXTURE_PROMO_CODES,
  FREE_SHIPPING_THRESHOLD,
} from '../../../server/db/seed/fixtures'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase, itWithServers } from '../helpers/outside-servers'

const PRODUCTS = 200

/** One md5 per table over its rows in text form: equal fingerprints = equal data. */
async function fingerprint(db: Kysely<DB>): Promise<Record<string, string>> {
  return db.connection().execute(async (connection) => {
    // Timestamps print in the session's time zone; pin it so two servers compare equal.
    await sql`SET TIME ZONE 'UTC'`.execute(connection)
    const { rows: tables } = await sql<{ tablename: string }>`
      SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY tablename
    `.execute(connection)
    const result: Record<string, string> = {}
    for (const { tablename } of tables) {
      // the search index's queue and change log record when a product was queued or changed
      // (now()): only which ones count
      const rowText =
        tablename === 'search_index_queue' || tablename === 'search_changes'
          ? sql`t.product_id::text`
          : sql`t::text`
      const { rows } = await sql<{ digest: string }>`
        SELECT md5(coalesce(string_agg(${rowText}, E'\\n' ORDER BY ${rowText}), '')) AS digest FROM ${sql.table(tablename)} t
      `.execute(connection)
      result[tablename] = rows[0]?.digest ?? ''
    }
    return result
  })
}

/** Runs a `SELECT … AS n` query and returns n. */
async function count(db: Kysely<DB>, query: RawBuilder<unknown>): Promise<number> {
  const { rows } = await query.execute(db)
  const row = rows[0] as { n?: number } | undefined
  return row?.n ?? Number.NaN
}

describeEachDatabase('the seed on %s', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: PRODUCTS } })
  })
  afterAll(async () => {
    await database?.close()
  })

  it('builds a category tree of at least 40 categories on three levels', async () => {
    const db = database.db
    expect(await count(db, sql`SELECT count(*)::int AS n FROM categories`)).toBeGreaterThanOrEqual(40)
    const depth = await count(
      db,
      sql`WITH RECURSIVE tree AS (
            SELECT category_id, 1 AS depth FROM categories WHERE parent_id IS NULL
            UNION ALL SELECT c.category_id, t.depth + 1 FROM categories c JOIN tree t ON c.parent_id = t.category_id)
          SELECT max(depth)::int AS n FROM tree`,
    )
    expect(depth).toBe(3)
    const names = await db.selectFrom('category_texts').select('name').where('language', '=', 'fi').execute()
    expect(names.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'Mekot',
        'Juhlamekot',
        'Takit',
        'Kengät',
        'Urheiluvaatteet',
        'Rantavaatteet',
        'Alusvaatteet',
      ]),
    )
  })

  it('has at least 60 brands and every product in all four languages with url-safe aliases', async () => {
    const db = database.db
    expect(await count(db, sql`SELECT count(*)::int AS n FROM brands`)).toBeGreaterThanOrEqual(60)
    expect(await count(db, sql`SELECT count(*)::int AS n FROM products`)).toBe(PRODUCTS)
    const perLanguage = await db
      .selectFrom('product_texts')
      .select(['language', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('language')
      .orderBy('language')
      .execute()
    expect(perLanguage).toEqual(['da', 'fi', 'nb', 'sv'].map((language) => ({ language, n: PRODUCTS })))
    const badAliases = await count(
      db,
      sql`SELECT count(*)::int AS n FROM product_texts WHERE alias !~ '^[a-z0-9]+(-[a-z0-9]+)*$'`,
    )
    expect(badAliases).toBe(0)
  })

  it('names products like a Nordic fashion shop in each language', async () => {
    const texts = await database.db
      .selectFrom('product_texts')
      .select(['language', 'name', 'alias'])
      .where('product_id', '=', FIXTURE_PRODUCTS.satinDress.productId)
      .execute()
    const byLanguage = Object.fromEntries(texts.map((text) => [text.language, text]))
    for (const language of ['fi', 'sv', 'nb', 'da'] as const) {
      expect(byLanguage[language]?.name).toBe(FIXTURE_PRODUCTS.satinDress.names[language])
      expect(byLanguage[language]?.alias).toBe(FIXTURE_PRODUCTS.satinDress.aliases[language])
    }
  })

  it('gives every product 1–8 skus and covers every stock status', async () => {
    const db = database.db
    const { rows } = await sql<{ min: number; max: number }>`
      SELECT min(n)::int AS min, max(n)::int AS max FROM (SELECT count(*) AS n FROM skus GROUP BY product_id) s
    `.execute(db)
    expect(rows[0]?.min).toBeGreaterThanOrEqual(1)
    expect(rows[0]?.max).toBeLessThanOrEqual(8)
    const statuses = await sql<{ status: string }>`
      SELECT DISTINCT CASE
        WHEN incoming_on IS NOT NULL AND stock_in_stock = 0 THEN 'incoming'
        WHEN stock_static > 0 THEN 'static'
        WHEN stock_oversellable > 0 THEN 'oversellable'
        WHEN stock_in_stock = 0 THEN 'out-of-stock'
        WHEN stock_in_stock <= 6 THEN 'few-left'
        ELSE 'in-stock' END AS status
      FROM skus
    `.execute(db)
    expect(statuses.rows.map((row) => row.status).sort()).toEqual(
      ['few-left', 'in-stock', 'incoming', 'out-of-stock', 'oversellable', 'static'].sort(),
    )
    const five = await db
      .selectFrom('skus')
      .selectAll()
      .where('sku_id', '=', FIXTURE_PRODUCTS.satinDress.skus.stockFive)
      .executeTakeFirstOrThrow()
    expect(five).toMatchObject({ product_id: 1, stock_in_stock: 5, stock_oversellable: 0, stock_static: 0 })
  })

  it('prices every product in EUR, SEK, NOK and DKK with each country’s VAT', async () => {
    const db = database.db
    const markets = await db
      .selectFrom('markets')
      .select(['alias', 'currency_code', 'vat_rate_bp'])
      .orderBy('alias')
      .execute()
    expect(markets).toEqual([
      { alias: 'dk', currency_code: 'DKK', vat_rate_bp: 2500 },
      { alias: 'fi', currency_code: 'EUR', vat_rate_bp: 2550 },
      { alias: 'no', currency_code: 'NOK', vat_rate_bp: 2500 },
      { alias: 'se', currency_code: 'SEK', vat_rate_bp: 2500 },
    ])
    const mismatched = await count(
      db,
      sql`SELECT count(*)::int AS n FROM product_prices pp JOIN markets m ON m.alias = pp.market_alias WHERE pp.vat_rate_bp <> m.vat_rate_bp`,
    )
    expect(mismatched).toBe(0)
    expect(await count(db, sql`SELECT count(*)::int AS n FROM product_prices`)).toBe(PRODUCTS * 4)
    const fixture = await db
      .selectFrom('product_prices')
      .select(['market_alias', 'regular_price_inc_vat'])
      .where('product_id', '=', 1)
      .execute()
    expect(Object.fromEntries(fixture.map((row) => [row.market_alias, row.regular_price_inc_vat]))).toEqual(
      FIXTURE_PRODUCTS.satinDress.regularPrice,
    )
  })

  it('puts about a fifth of the products on sale, each with a price log for the 30-day rule', async () => {
    const db = database.db
    const onSale = await count(
      db,
      sql`SELECT count(DISTINCT product_id)::int AS n FROM product_prices WHERE selling_price_inc_vat < regular_price_inc_vat`,
    )
    expect(onSale / PRODUCTS).toBeGreaterThan(0.12)
    expect(onSale / PRODUCTS).toBeLessThan(0.32)
    const withoutLog = await count(
      db,
      sql`SELECT count(*)::int AS n FROM product_prices pp WHERE pp.selling_price_inc_vat < pp.regular_price_inc_vat
          AND NOT EXISTS (SELECT 1 FROM price_log l WHERE l.product_id = pp.product_id AND l.market_alias = pp.market_alias
                          AND l.selling_price_inc_vat = pp.selling_price_inc_vat)`,
    )
    expect(withoutLog).toBe(0)
    const discountTypes = await count(
      db,
      sql`SELECT count(*)::int AS n FROM products p WHERE (p.discount_type = 'NONE') <>
          NOT EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.product_id AND pp.selling_price_inc_vat < pp.regular_price_inc_vat)`,
    )
    expect(discountTypes).toBe(0)
    // The campaign fixture had a lower price (-10 %) inside the 30 days before its campaign started.
    const log = await db
      .selectFrom('price_log')
      .select(['logged_on', 'selling_price_inc_vat'])
      .where('product_id', '=', FIXTURE_PRODUCTS.campaignDress.productId)
      .where('market_alias', '=', 'fi')
      .orderBy('logged_on')
      .execute()
    expect(log.length).toBe(4)
    const campaign = await db
      .selectFrom('discount_campaign_products as cp')
      .innerJoin('discount_campaign_texts as t', 't.campaign_id', 'cp.campaign_id')
      .select(['t.alias'])
      .where('cp.product_id', '=', FIXTURE_PRODUCTS.campaignDress.productId)
      .where('t.language', '=', 'fi')
      .executeTakeFirstOrThrow()
    expect(campaign.alias).toBe('juhlakausi')
  })

  it('has parameters with Color in group 1, reviews of 0–30 per product and at least two images each', async () => {
    const db = database.db
    const color = await db
      .selectFrom('parameters')
      .select(['parameter_group_id'])
      .where('name', '=', 'Color')
      .executeTakeFirstOrThrow()
    expect(color.parameter_group_id).toBe(1)
    const parameterNames = await db.selectFrom('parameters').select('name').execute()
    expect(parameterNames.map((row) => row.name).sort()).toEqual(
      ['Color', 'LaundryGuide', 'Material', 'ModelHeight', 'ModelSize', 'ProducedIn'].sort(),
    )
    const { rows: reviews } = await sql<{ max: number; total: number }>`
      SELECT coalesce(max(n), 0)::int AS max, coalesce(sum(n), 0)::int AS total FROM (SELECT count(*) AS n FROM reviews GROUP BY product_id) r
    `.execute(db)
    expect(reviews[0]?.max).toBeLessThanOrEqual(30)
    expect(reviews[0]?.total).toBeGreaterThan(PRODUCTS)
    const fewImages = await count(
      db,
      sql`SELECT count(*)::int AS n FROM products p WHERE (SELECT count(*) FROM product_images i WHERE i.product_id = p.product_id) < 2`,
    )
    expect(fewImages).toBe(0)
    const missingFiles = await count(
      db,
      sql`SELECT count(*)::int AS n FROM product_images pi LEFT JOIN images i USING (file_name) WHERE i.svg IS NULL OR i.svg NOT LIKE '<svg%'`,
    )
    expect(missingFiles).toBe(0)
    const image = await db
      .selectFrom('images')
      .select(['svg', 'content_type'])
      .where('file_name', '=', `${FIXTURE_PRODUCTS.satinDress.aliases.fi}-1.svg`)
      .executeTakeFirstOrThrow()
    expect(image.content_type).toBe('image/svg+xml')
    expect(image.svg).toContain('fill="#1f1f1f"') // the product's colour: black
  })

  it('has the documented commerce fixtures', async () => {
    const db = database.db
    const promos = await db.selectFrom('promo_codes').select(['code', 'kind', 'percentage']).execute()
    expect(promos).toEqual(
      expect.arrayContaining([
        { code: FIXTURE_PROMO_CODES.welcome15.code, kind: 'percentage', percentage: 15 },
        { code: FIXTURE_PROMO_CODES.save10.code, kind: 'fixed', percentage: null },
        { code: FIXTURE_PROMO_CODES.expired.code, kind: 'percentage', percentage: 20 },
      ]),
    )
    const save10 = await db
      .selectFrom('promo_code_markets')
      .selectAll()
      .where('code', '=', 'SAVE10')
      .orderBy('market_alias')
      .execute()
    expect(Object.fromEntries(save10.map((row) => [row.market_alias, row.amount_off_inc_vat]))).toEqual(
      FIXTURE_PROMO_CODES.save10.amountOff,
    )
    const gift = await db
      .selectFrom('gift_codes')
      .select(['balance', 'currency_code'])
      .where('code', '=', FIXTURE_GIFT_CODES.euroPartlyUsed.code)
      .executeTakeFirstOrThrow()
    expect(gift).toEqual({ balance: 2500, currency_code: 'EUR' })
    const rules = await db
      .selectFrom('customer_email_rules')
      .select(['email', 'message'])
      .orderBy('email')
      .execute()
    expect(rules).toEqual([FIXTURE_EMAIL_RULES.blacklisted, FIXTURE_EMAIL_RULES.invalid])
    const zipRule = await db
      .selectFrom('shipping_zip_rules')
      .selectAll()
      .where('market_alias', '=', 'fi')
      .executeTakeFirstOrThrow()
    expect(zipRule).toMatchObject({
      zip_from: FIXTURE_NO_DELIVERY_ZIP.zipFrom,
      zip_to: FIXTURE_NO_DELIVERY_ZIP.zipTo,
      rule: 'no_delivery',
    })
    const thresholds = await db
      .selectFrom('shipping_options')
      .select(['market_alias', 'free_shipping_threshold_inc_vat'])
      .where('is_default', '=', true)
      .execute()
    expect(
      Object.fromEntries(thresholds.map((row) => [row.market_alias, row.free_shipping_threshold_inc_vat])),
    ).toEqual(FREE_SHIPPING_THRESHOLD)
    const payments = await db.selectFrom('payment_options').select(['market_alias', 'kind']).execute()
    // each market offers exactly its kinds (card and invoice everywhere, Swish, MobilePay, Vipps in theirs)
    expect(payments.map((row) => `${row.market_alias}:${row.kind}`).sort()).toEqual(
      MARKET_ALIASES.flatMap((market) => kindsOfferedIn(market).map((kind) => `${market}:${kind}`)).sort(),
    )
    const pages = await db.selectFrom('content_pages').select('key').execute()
    expect(pages.map((page) => page.key)).toEqual(
      expect.arrayContaining(['about', 'terms', 'shipping', 'returns', 'customer-service', 'member']),
    )
    const noCredit = await db
      .selectFrom('users')
      .select('member_type')
      .where('email', '=', FIXTURE_CUSTOMERS.noCredit.email)
      .executeTakeFirstOrThrow()
    expect(noCredit.member_type).toMatch(/^NOCREDIT/)
    const statuses = await db.selectFrom('orders').select('status').distinct().execute()
    expect(statuses.map((row) => row.status).sort()).toEqual([
      'cancelled',
      'completed',
      'processing',
      'received',
    ])
  })

  it('prices its orders consistently: totals add up from rows, discount, shipping and fees', async () => {
    const orders = await database.db.selectFrom('orders').selectAll().execute()
    expect(orders.length).toBeGreaterThan(0)
    for (const order of orders) {
      const rows = await database.db
        .selectFrom('order_rows')
        .selectAll()
        .where('order_id', '=', order.order_id)
        .execute()
      expect(rows.reduce((sum, row) => sum + row.total_inc_vat, 0)).toBe(order.item_value_inc_vat)
      expect(order.total_inc_vat).toBe(
        order.item_value_inc_vat -
          order.discount_inc_vat +
          order.shipping_fee_inc_vat +
          order.payment_fee_inc_vat,
      )
      expect(order.vat_total).toBe(order.total_inc_vat - order.total_ex_vat)
    }
  })
})

describe('the seed is deterministic', () => {
  const SEED_OPTIONS = { products: 30, seed: 7, referenceDate: FIXED_REFERENCE_DATE }

  it('gives the same data for the same seed and reference date', { timeout: 300_000 }, async () => {
    const database = await createTestDatabase()
    try {
      await seedDatabase(database.db, SEED_OPTIONS)
      const first = await fingerprint(database.db)
      // Reset restarts identities, so a second seed into the same database must match exactly.
      await resetDatabase(database.db)
      await seedDatabase(database.db, SEED_OPTIONS)
      const second = await fingerprint(database.db)
      expect(Object.keys(first).length).toBeGreaterThan(30)
      expect(first.products).not.toBe(first.skus)
      expect(second).toEqual(first)
      await resetDatabase(database.db)
      await seedDatabase(database.db, { ...SEED_OPTIONS, seed: 8 })
      const other = await fingerprint(database.db)
      expect(other.products).not.toBe(first.products)
      expect(other.markets).toBe(first.markets)
    } finally {
      await database.close()
    }
  })

  itWithServers(
    ['postgres'],
    'gives the same data on PostgreSQL as on PGlite',
    { timeout: 300_000 },
    async () => {
      const [embedded, server] = await Promise.all([
        createTestDatabase(),
        createTestDatabase({ kind: 'postgres' }),
      ])
      try {
        await seedDatabase(embedded.db, SEED_OPTIONS)
        await seedDatabase(server.db, SEED_OPTIONS)
        expect(await fingerprint(server.db)).toEqual(await fingerprint(embedded.db))
      } finally {
        await Promise.all([embedded.close(), server.close()])
      }
    },
  )

  it('generates a product independently of how many products are seeded', () => {
    const context = catalogueContext(7, FIXED_REFERENCE_DATE)
    const again = catalogueContext(7, FIXED_REFERENCE_DATE)
    expect(buildProduct(again, 17)).toEqual(buildProduct(context, 17))
    expect(buildProduct(context, 18)).not.toEqual(buildProduct(context, 17))
    expect(buildProduct(catalogueContext(8, FIXED_REFERENCE_DATE), 17)).not.toEqual(buildProduct(context, 17))
  })
})

describe('seeding on start', () => {
  it(
    'seeds an empty database once, refuses a second seed, and reseeds after a reset',
    { timeout: 300_000 },
    async () => {
      const database = await createTestDatabase()
      try {
        const logged: string[] = []
        const stats = await ensureSeeded(database, { seedProducts: 12 }, (line) => logged.push(line))
        expect(stats?.products).toBe(12)
        expect(await ensureSeeded(database, { seedProducts: 12 }, (line) => logged.push(line))).toBeNull()
        expect(logged).toHaveLength(2)
        await expect(seedDatabase(database.db, { products: 12 })).rejects.toBeInstanceOf(SeedError)
        await resetDatabase(database.db)
        expect(await database.db.selectFrom('products').select('product_id').execute()).toEqual([])
        const again = await seedDatabase(database.db, { products: 10 })
        expect(again.products).toBe(10)
        // Identities restart after a reset, so the seeded orders get the same ids again.
        const orderIds = await database.db
          .selectFrom('orders')
          .select('order_id')
          .orderBy('order_id')
          .execute()
        expect(orderIds[0]?.order_id).toBe(1)
      } finally {
        await database.close()
      }
    },
  )
})

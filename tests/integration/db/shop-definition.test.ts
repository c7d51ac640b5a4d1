/**
 * The database holds the shop definition's facts (src/shared/shop-definition.ts, migration 1085,
 * ADR 0077): the reference tables have exactly its currencies and buyer types, the seeded markets
 * its VAT, currency, minimum order, shipping fees and return windows, the keys refuse anything
 * else, and no CHECK list stands in the way of a fifth market's rows.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CURRENCIES, CURRENCY_CODES, MARKETS, MARKET_ALIASES } from '../../../src/shared/markets'
import { BUYER_TYPES } from '../../../src/shared/customer-types'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

describeEachDatabase('the shop definition in the database (%s)', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: 20 } })
  })

  afterAll(async () => {
    await database?.close()
  })

  it('the reference tables hold exactly the definition’s currencies and buyer types', async () => {
    const currencies = await database.db.selectFrom('currencies').selectAll().orderBy('code').execute()
    expect(currencies).toEqual(
      [...CURRENCY_CODES].sort().map((code) => ({ code, minor_unit: CURRENCIES[code].minorUnit })),
    )
    const buyers = await database.db.selectFrom('buyer_types').select('code').orderBy('code').execute()
    expect(buyers.map((row) => row.code)).toEqual([...BUYER_TYPES].sort())
  })

  it('the markets, their shipping options and return windows are the definition’s', async () => {
    const markets = await database.db.selectFrom('markets').selectAll().orderBy('sort_order').execute()
    expect(markets.map((row) => row.alias)).toEqual([...MARKET_ALIASES])
    const shipping = await database.db.selectFrom('shipping_options').selectAll().execute()
    const windows = await database.db.selectFrom('market_return_windows').selectAll().execute()
    for (const row of markets) {
      const market = MARKETS[row.alias]
      expect(row).toMatchObject({
        currency_code: market.currency,
        vat_rate_bp: market.vatRateBp,
        min_order_value_inc_vat: market.minOrderValue,
        default_language: market.defaultLocale,
      })
      expect(
        shipping
          .filter((option) => option.market_alias === row.alias)
          .sort((a, b) => a.sort_order - b.sort_order)
          .map((option) => [option.name, option.fee_inc_vat, option.free_shipping_threshold_inc_vat]),
      ).toEqual(
        market.shipping.map((option) => [
          option.name,
          option.fee,
          option.freeAboveThreshold ? market.freeShippingThreshold : null,
        ]),
      )
      expect(windows.find((window) => window.market_alias === row.alias)?.days).toBe(market.returnWindowDays)
    }
  })

  it('refuses an order in an unknown currency or of an unknown buyer type', async () => {
    const order = await database.db
      .selectFrom('orders')
      .select('order_id')
      .orderBy('order_id')
      .executeTakeFirstOrThrow()
    await expect(
      database.db
        .updateTable('orders')
        .set({ currency_code: 'XXX' as never })
        .where('order_id', '=', order.order_id)
        .execute(),
    ).rejects.toThrow(/orders_currency_code_fkey/)
    await expect(
      database.db
        .updateTable('orders')
        .set({ customer_type: 'STUDENT' })
        .where('order_id', '=', order.order_id)
        .execute(),
    ).rejects.toThrow(/orders_customer_type_fkey/)
  })

  it('takes a fifth market’s rows: a currency without minor units, a language, a market', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('currencies')
          .values({ code: 'ISK' as never, minor_unit: 0 })
          .execute()
        await trx
          .insertInto('languages')
          .values({ code: 'is' as never, iso: 'is-IS', name: 'Íslenska', ts_config: 'simple', sort_order: 9 })
          .execute()
        await trx
          .insertInto('markets')
          .values({
            alias: 'is' as never,
            market_id: '1|is',
            country_code: 'IS',
            country_name: 'Ísland',
            currency_code: 'ISK' as never,
            currency_name: 'Íslensk króna',
            currency_symbol: 'kr',
            vat_rate_bp: 2400,
            default_language: 'is' as never,
          })
          .execute()
        const { rows } = await sql<{
          count: number
        }>`SELECT count(*)::int AS count FROM markets WHERE alias = 'is'`.execute(trx)
        expect(rows[0]?.count).toBe(1)
        // throwing rolls the transaction back: the database stays as the seed wrote it
        throw new RollbackFixture()
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollbackFixture)) throw error
      })
    expect(
      await database.db
        .selectFrom('markets')
        .select('alias')
        .where('alias', '=', 'is' as never)
        .execute(),
    ).toEqual([])
  })
})

class RollbackFixture extends Error {}

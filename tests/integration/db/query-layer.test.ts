import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { toJson } from '../../../server/db/schema'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

/** A promise with its resolve function, to hold a transaction open at a known point. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

describeEachDatabase('the query layer on %s', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: 20 } })
  })
  afterAll(async () => {
    await database?.close()
  })

  it('reads bigint as number, date as YYYY-MM-DD, timestamptz as Date and jsonb as a value', async () => {
    const { rows } = await sql<{ big: number; day: string; moment: Date }>`
      SELECT 9007199254740991::bigint AS big, DATE '2026-02-28' AS day, TIMESTAMPTZ '2026-02-28T23:30:00Z' AS moment
    `.execute(database.db)
    expect(rows[0]).toEqual({
      big: 9007199254740991,
      day: '2026-02-28',
      moment: new Date('2026-02-28T23:30:00Z'),
    })

    const price = await database.db
      .selectFrom('product_prices')
      .select(['regular_price_inc_vat', 'selling_price_inc_vat'])
      .where('product_id', '=', 1)
      .where('market_alias', '=', 'fi')
      .executeTakeFirstOrThrow()
    expect(price).toEqual({ regular_price_inc_vat: 5995, selling_price_inc_vat: 5995 })

    const cart = await database.db
      .insertInto('carts')
      .values({ market_alias: 'fi' })
      .returning('cart_id')
      .executeTakeFirstOrThrow()
    await database.db
      .insertInto('checkouts')
      .values({ cart_id: cart.cart_id, data: toJson({ email: 'a@example.com', tags: ['x', 'y'] }) })
      .execute()
    const checkout = await database.db
      .selectFrom('checkouts')
      .select('data')
      .where('cart_id', '=', cart.cart_id)
      .executeTakeFirstOrThrow()
    expect(checkout.data).toEqual({ email: 'a@example.com', tags: ['x', 'y'] })
  })

  it('reports affected rows for updates and deletes', async () => {
    const updated = await database.db
      .updateTable('skus')
      .set({ weight_grams: 500 })
      .where('product_id', '=', 1)
      .executeTakeFirst()
    expect(updated.numUpdatedRows).toBe(5n)
    const none = await database.db
      .updateTable('skus')
      .set({ weight_grams: 1 })
      .where('sku_id', '=', -1)
      .executeTakeFirst()
    expect(none.numUpdatedRows).toBe(0n)
  })

  it('never lets stock go negative: a conditional decrement touches no row, a blind one fails', async () => {
    const conditional = await database.db
      .updateTable('skus')
      .set((eb) => ({ stock_in_stock: eb('stock_in_stock', '-', 6) }))
      .where('sku_id', '=', 102)
      .where('stock_in_stock', '>=', 6)
      .executeTakeFirst()
    expect(conditional.numUpdatedRows).toBe(0n)
    await expect(
      database.db
        .updateTable('skus')
        .set((eb) => ({ stock_in_stock: eb('stock_in_stock', '-', 6) }))
        .where('sku_id', '=', 102)
        .execute(),
    ).rejects.toThrow(/check constraint/)
    const sku = await database.db
      .selectFrom('skus')
      .select('stock_in_stock')
      .where('sku_id', '=', 102)
      .executeTakeFirstOrThrow()
    expect(sku.stock_in_stock).toBe(5)
  })

  it('rolls a failed transaction back completely', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('newsletter_subscriptions').values({ email: 'rollback@example.com' }).execute()
        await trx.updateTable('skus').set({ stock_in_stock: 0 }).where('sku_id', '=', 101).execute()
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    const subscription = await database.db
      .selectFrom('newsletter_subscriptions')
      .select('email')
      .where('email', '=', 'rollback@example.com')
      .executeTakeFirst()
    expect(subscription).toBeUndefined()
    const sku = await database.db
      .selectFrom('skus')
      .select('stock_in_stock')
      .where('sku_id', '=', 101)
      .executeTakeFirstOrThrow()
    expect(sku.stock_in_stock).toBe(20)
  })

  it('keeps a concurrent query out of an open transaction', async () => {
    const inserted = gate()
    const release = gate()
    const transaction = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('newsletter_subscriptions').values({ email: 'concurrent@example.com' }).execute()
      inserted.open()
      await release.opened
      throw new Error('roll back')
    })
    await inserted.opened
    // Issued while the transaction holds its uncommitted row: it must not see (or join) it.
    const outside = database.db
      .selectFrom('newsletter_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('email', '=', 'concurrent@example.com')
      .executeTakeFirstOrThrow()
    release.open()
    await expect(transaction).rejects.toThrow('roll back')
    expect((await outside).count).toBe(0)
  })

  it('serialises concurrent transactions that read and write the same row', async () => {
    // Ten transactions each add 1 to a counter they read first: lost updates would show as < 10.
    const email = 'counter@example.com'
    await database.db.insertInto('newsletter_subscriptions').values({ email, tags: [] }).execute()
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        database.db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('newsletter_subscriptions')
            .select('tags')
            .where('email', '=', email)
            .forUpdate()
            .executeTakeFirstOrThrow()
          await trx
            .updateTable('newsletter_subscriptions')
            .set({ tags: [...row.tags, `t${i}`] })
            .where('email', '=', email)
            .execute()
        }),
      ),
    )
    const row = await database.db
      .selectFrom('newsletter_subscriptions')
      .select('tags')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(row.tags).toHaveLength(10)
  })

  it('reports every statement to query listeners', async () => {
    const statements: string[] = []
    const stop = database.onQuery((event) => statements.push(event.sql))
    await database.db.selectFrom('products').select('product_id').where('product_id', '=', 1).execute()
    await database.db.selectFrom('skus').select('sku_id').where('product_id', '=', 1).execute()
    stop()
    await database.db.selectFrom('brands').select('brand_id').execute()
    expect(statements).toHaveLength(2)
    expect(statements[0]).toMatch(/from "products"/)
  })
})

/**
 * Migration 0600's notifications for the page cache (docs/adr/0014-page-cache.md), received
 * through `Database.listen` on PGlite and, with TEST_DATABASE_URL, on a PostgreSQL server
 * (a dedicated connection). Each statement below is followed by a marker statement; since
 * notifications arrive in commit order, the marker's arrival means every earlier one is in.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

describeEachDatabase('page cache notifications on %s', (kind) => {
  let database: TestDatabase
  let stop: () => Promise<void>
  const received: string[] = []
  let waiters: { payload: string; resolve: () => void }[] = []

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: 20 } })
    stop = await database.listen('lumo_page_cache', (payload) => {
      received.push(payload)
      waiters = waiters.filter((waiter) => {
        if (waiter.payload !== payload) return true
        waiter.resolve()
        return false
      })
    })
  })
  afterAll(async () => {
    await stop?.()
    await database?.close()
  })

  /** Runs `statement`, then a content change as the marker; the payloads `statement` sent. */
  async function notificationsOf(statement: ReturnType<typeof sql>): Promise<string[]> {
    received.length = 0
    const marker = new Promise<void>((resolve) => waiters.push({ payload: 'content', resolve }))
    await statement.execute(database.db)
    await sql`UPDATE content_pages SET sort_order = sort_order`.execute(database.db)
    await marker
    return received.slice(0, -1)
  }

  it('names the product whose price changed', async () => {
    expect(
      await notificationsOf(sql`UPDATE product_prices SET selling_price_inc_vat = selling_price_inc_vat
        WHERE product_id IN (2, 3) AND market_alias = 'fi'`),
    ).toEqual(['product:2,product:3'])
  })

  it('names a product only when a size crosses a stock status', async () => {
    await notificationsOf(sql`UPDATE skus SET stock_in_stock = 30, stock_static = 0 WHERE product_id = 4`)
    expect(await notificationsOf(sql`UPDATE skus SET stock_in_stock = 29 WHERE product_id = 4`)).toEqual([])
    expect(await notificationsOf(sql`UPDATE skus SET stock_in_stock = 6 WHERE product_id = 4`)).toEqual([
      'product:4',
    ])
    expect(await notificationsOf(sql`UPDATE skus SET stock_in_stock = 5 WHERE product_id = 4`)).toEqual([])
    expect(
      await notificationsOf(
        sql`UPDATE skus SET stock_in_stock = 0, stock_oversellable = 0 WHERE product_id = 4`,
      ),
    ).toEqual(['product:4'])
  })

  it('tells lists about new and moved products, not about sales counts', async () => {
    expect(await notificationsOf(sql`UPDATE products SET sales_count = sales_count + 1`)).toEqual([])
    expect(
      await notificationsOf(sql`UPDATE products SET is_active = NOT is_active WHERE product_id = 5`),
    ).toEqual(['list,product:5'])
  })

  it('drops the catalogue when a campaign changes', async () => {
    expect(await notificationsOf(sql`UPDATE discount_campaigns SET active_to = now()`)).toEqual(['catalogue'])
  })
})

/**
 * Several server instances share live events through the database (ADR 0036): two apps, each
 * with its own connections to one PostgreSQL database (TEST_DATABASE_URL), as two processes
 * behind a load balancer would be. A stock change written through one instance reaches the
 * subscribers of both. Runs only with TEST_DATABASE_URL (PGlite has one process by design).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openPostgres, type Database } from '../../../server/db'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeWithServers } from '../helpers/outside-servers'
import {
  browserClient,
  startLiveShop,
  STOCK_SUBSCRIPTION,
  subscribe,
  type LiveShop,
  type SkuStock,
} from './live-harness'

describeWithServers(['postgres'], 'two instances on one postgres database', () => {
  const kind = 'postgres'
  let first: TestDatabase
  let second: Database
  let shopA: LiveShop
  let shopB: LiveShop
  let skuId: number
  let productId: number

  beforeAll(async () => {
    first = await createTestDatabase({ kind, seed: { products: 5 } })
    second = await openPostgres(first.url!)
    shopA = await startLiveShop(first)
    shopB = await startLiveShop(second)
    const sku = await first.db
      .selectFrom('skus')
      .select(['sku_id', 'product_id'])
      .where('stock_in_stock', '>', 0)
      .where('stock_static', '=', 0)
      .orderBy('sku_id')
      .executeTakeFirstOrThrow()
    skuId = sku.sku_id
    productId = sku.product_id
  }, 120_000)
  afterAll(async () => {
    await shopA?.close()
    await shopB?.close()
    await second?.close()
    await first?.close()
  })

  it('a stock change written through one instance reaches the subscribers of both', async () => {
    const onA = browserClient(shopA)
    const onB = browserClient(shopB)
    const stockA = subscribe<{ productStockChanged: SkuStock[] }>(onA, STOCK_SUBSCRIPTION, { productId })
    const stockB = subscribe<{ productStockChanged: SkuStock[] }>(onB, STOCK_SUBSCRIPTION, { productId })
    // the first answers are the stock as it is: both streams are open from here on
    await stockA.next()
    await stockB.next()

    // the last units sold through instance B
    await second.db
      .updateTable('skus')
      .set({ stock_in_stock: 0, stock_oversellable: 0 })
      .where('sku_id', '=', skuId)
      .execute()

    for (const stock of [stockA, stockB]) {
      const sizes = (await stock.next()).data?.productStockChanged
      expect(sizes?.find((size) => size.skuId === skuId)).toMatchObject({
        stockStatus: 'OUT_OF_STOCK',
        stock: { inStock: 0 },
      })
    }
    await onA.dispose()
    await onB.dispose()
  })
})

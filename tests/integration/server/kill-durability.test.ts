/**
 * Durability of the embedded database (issue #15 item 5): the production server killed with
 * SIGKILL in the middle of a burst of orders and cart changes, then started again on the same
 * DATA_DIR. Every order that was confirmed is there, no cart became two orders, stock went down by
 * exactly what the stored orders took, and every cart change that was confirmed is in its cart.
 * (On PostgreSQL the same is shown with two instances: two-instances.test.ts.)
 */
import { rmSync } from 'node:fs'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../server/db'
import {
  HARNESS_API_KEY as API_KEY,
  startProductionServer,
  type ProductionServer,
} from '../../../scripts/harness/production-server'
import { ensureProductionBuild } from './production-app'

const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId } }`

let clients = 0
async function gql<T>(baseUrl: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-apikey': API_KEY,
      // a shopper's address each (the proxy is trusted): placeOrder's limit per address holds
      'x-forwarded-for': `203.0.113.${(clients++ % 250) + 1}`,
    },
    body: JSON.stringify({ query, variables }),
  })
  return (await response.json()) as { data?: T; errors?: unknown[] }
}

const servers: ProductionServer[] = []
let dataDir: string | undefined
afterAll(async () => {
  for (const server of servers) await server.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('kill -9 during a burst on the embedded database', () => {
  it('loses no confirmed order or cart change, doubles none, and keeps stock consistent', async () => {
    await ensureProductionBuild()
    const env = { TRUST_PROXY: '127.0.0.1' }
    const first = await startProductionServer({ name: 'kill9', seedProducts: 60, env, keepDataDir: true })
    servers.push(first)
    dataDir = first.dataDir

    const skus = await gql<{
      products: { products: { skus: { skuId: number; stock: { inStock: number } }[] }[] }
    }>(first.baseUrl, 'query { products(take: 60) { products { skus { skuId stock { inStock } } } } }')
    const sku = skus
      .data!.products.products.flatMap((product) => product.skus)
      .sort((a, b) => b.stock.inStock - a.stock.inStock)[0]!
    expect(sku.stock.inStock).toBeGreaterThanOrEqual(20)

    // carts ready for ordering, and carts that will be changed during the burst
    const orderCarts: string[] = []
    const changeCarts: string[] = []
    for (let i = 0; i < 30; i++) {
      const id = (await gql<{ getCart: { id: string } }>(first.baseUrl, 'query { getCart { id } }')).data!
        .getCart.id
      if (i < 18) {
        await gql(
          first.baseUrl,
          `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${sku.skuId}, quantity: 1 }) { id } }`,
          { id },
        )
        orderCarts.push(id)
      } else changeCarts.push(id)
    }

    // SIGKILL once three orders and three cart changes are confirmed: the rest are in flight or to come
    let confirmedSoFar = 0
    let changedSoFar = 0
    let killed = false
    const killAfter = 3
    const maybeKill = () => {
      if (killed || confirmedSoFar < killAfter || changedSoFar < 3) return
      killed = true
      process.kill(first.pid, 'SIGKILL')
    }
    const placeOne = async (cartId: string, index: number) => {
      const answer = await gql<{ placeOrder: { orderId: string } }>(first.baseUrl, PLACE, {
        cartId,
        checkout: {
          email: `kill${index}@example.fi`,
          paymentId: 2,
          shippingId: 1,
          billingAddress: {
            firstName: 'Kill',
            lastName: 'Yhdeksän',
            addressLine1: 'Testikatu 9',
            zip: '00100',
            city: 'Helsinki',
          },
        },
      }).catch(() => undefined)
      if (!answer?.data?.placeOrder?.orderId) return null
      confirmedSoFar++
      maybeKill()
      return cartId
    }
    const changeOne = async (id: string) => {
      const answer = await gql(
        first.baseUrl,
        `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${sku.skuId}, quantity: 2 }) { id } }`,
        { id },
      ).catch(() => undefined)
      if (!answer || answer.errors) return null
      changedSoFar++
      maybeKill()
      return id
    }
    // the cart changes all in flight at once; the orders in three streams, each sending its next
    // order when the previous one is answered, so three are in flight when the kill comes
    const changes = changeCarts.map((id) => changeOne(id))
    const streams = [0, 1, 2].map(async (stream) => {
      const placed: (string | null)[] = []
      for (let index = stream; index < orderCarts.length; index += 3)
        placed.push(await placeOne(orderCarts[index]!, index))
      return placed
    })
    const orders = (await Promise.all(streams)).flat()
    const confirmedOrders = orders.filter((id): id is string => id !== null)
    const confirmedChanges = (await Promise.all(changes)).filter((id): id is string => id !== null)
    // the kill came in the middle: orders and cart changes were confirmed before it
    expect(killed).toBe(true)
    expect(confirmedOrders.length).toBeGreaterThanOrEqual(killAfter)
    await first.stop()

    // started again on the same DATA_DIR: it opens (the stale lock is taken over) and serves
    const second = await startProductionServer({
      name: 'kill9-again',
      seedProducts: 60,
      env,
      dataDir,
      keepDataDir: true,
    })
    servers.push(second)
    expect((await fetch(`${second.baseUrl}/readyz`)).status).toBe(200)
    for (const id of confirmedChanges) {
      const cart = await gql<{ getCart: { items: { skuId: number; quantity: number }[] } }>(
        second.baseUrl,
        'query ($id: String!) { getCart(id: $id) { items { skuId quantity } } }',
        { id },
      )
      expect(cart.data!.getCart.items).toEqual([{ skuId: sku.skuId, quantity: 2 }])
    }
    await second.stop()

    const database = await openDatabase({ dataDir, log: () => {} })
    try {
      const stored = await sql<{ cart_id: string; quantity: number }>`
        SELECT o.cart_id::text AS cart_id, sum(r.quantity)::int AS quantity
        FROM orders o JOIN order_rows r ON r.order_id = o.order_id
        WHERE o.cart_id::text = ANY(${orderCarts}::text[]) GROUP BY o.cart_id`.execute(database.db)
      const storedCarts = stored.rows.map((row) => row.cart_id)
      for (const id of confirmedOrders) expect(storedCarts).toContain(id)
      expect(new Set(storedCarts).size).toBe(storedCarts.length)
      const taken = stored.rows.reduce((sum, row) => sum + row.quantity, 0)
      const stock = await sql<{
        stock: number
      }>`SELECT stock_in_stock AS stock FROM skus WHERE sku_id = ${sku.skuId}`.execute(database.db)
      expect(Number(stock.rows[0]!.stock)).toBe(sku.stock.inStock - taken)
      console.log(
        `kill -9: ${confirmedOrders.length}/${orderCarts.length} orders confirmed, ${storedCarts.length} stored; ` +
          `${confirmedChanges.length}/${changeCarts.length} cart changes confirmed, all kept; stock ${sku.stock.inStock} → ${sku.stock.inStock - taken}`,
      )
    } finally {
      await database.close()
    }
  }, 300_000)
})

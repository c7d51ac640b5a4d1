/**
 * Two instances, one shop (issue #15 item 6): two production server processes on one PostgreSQL
 * and one Redis behind a round-robin proxy. Sessions, carts, the abuse limits, page-cache
 * invalidation and live subscriptions are shared; one instance killed (SIGKILL) in the middle of a burst of orders loses
 * none that was confirmed, and the other carries on. Runs when TEST_DATABASE_URL and
 * TEST_REDIS_URL name the servers (CI sets both; a machine without them runs the rest).
 */
import { randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createClient } from 'graphql-ws'
import { sql } from 'kysely'
import { STOCK_SUBSCRIPTION, subscribe, webSocketWith, type SkuStock } from '../live/live-harness'
import { passwordDigest } from '../../../src/shared/password-digest'
import { LOG_REPORT_LIMIT } from '../../../server/services/log'
import {
  HARNESS_API_KEY as API_KEY,
  startProductionServer,
  type ProductionServer,
} from '../../../scripts/harness/production-server'
import { startRoundRobinProxy, type RoundRobinProxy } from '../../../scripts/harness/round-robin-proxy'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { ensureProductionBuild } from './production-app'
import { describeWithServers } from '../helpers/outside-servers'

// a host of this run's own: the Redis page cache outlives a run, and keys pages by host
const PUBLIC_HOST = `lumo-${randomUUID().slice(0, 8)}.test`

/** The page cache's state of a page asked of one instance directly, with the shop's public host. */
function cacheStateOf(baseUrl: string, path: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, baseUrl), { headers: { host: PUBLIC_HOST } }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.headers['x-lumo-cache'] as string | undefined))
    })
    request.on('error', reject)
    request.end()
  })
}
const ORDERS_PAGE = '/fi/tilini/tilaukset'

/** Redis database number two above TEST_REDIS_URL's: the page cache and limits tests use theirs. */
function ownRedisDatabase(url: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${(Number(parsed.pathname.slice(1) || '0') + 2) % 16}`
  return parsed.toString()
}

describeWithServers(['postgres', 'redis'], 'two instances on PostgreSQL and Redis', (urls) => {
  const redisUrl = ownRedisDatabase(urls.redis)
  let database: TestDatabase
  let first: ProductionServer
  let second: ProductionServer
  let proxy: RoundRobinProxy
  let adminKey: string

  beforeAll(async () => {
    await ensureProductionBuild()
    database = await createTestDatabase({ kind: 'postgres', seed: { products: 60 } })
    const env = {
      DATABASE_URL: database.url!,
      REDIS_URL: redisUrl,
      // what every instance of one shop shares (docs/deploy.md "Scaling out")
      SESSION_SECRET: `two-instances-session-secret-${randomUUID()}`,
      ADMIN_KEY: `two-instances-admin-key-${randomUUID()}`,
      TRUST_PROXY: '127.0.0.1',
      // one public address for both, as behind one proxy: the page cache keys pages by host
      PUBLIC_URL: `http://${PUBLIC_HOST}`,
    }
    adminKey = env.ADMIN_KEY
    first = await startProductionServer({ name: 'cluster-a', seedProducts: 60, env })
    second = await startProductionServer({ name: 'cluster-b', seedProducts: 60, env })
    proxy = await startRoundRobinProxy([first.baseUrl, second.baseUrl])
  }, 300_000)

  afterAll(async () => {
    await proxy?.close()
    await first?.stop()
    await second?.stop()
    await database?.close()
  })

  let clients = 0
  /** One shopper's address per call (the proxy is trusted), so placeOrder's limit per address holds. */
  const newClient = () => `203.0.113.${(clients++ % 250) + 1}`

  async function gql<T>(baseUrl: string, query: string, variables: Record<string, unknown> = {}) {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-apikey': API_KEY, 'x-forwarded-for': newClient() },
      body: JSON.stringify({ query, variables }),
    })
    const body = (await response.json()) as { data?: T; errors?: unknown[] }
    return { status: response.status, ...body }
  }

  async function inStockSku(minimum: number): Promise<number> {
    const row = await sql<{ sku_id: number }>`
      SELECT sku_id FROM skus WHERE stock_in_stock >= ${minimum} AND stock_static = 0 ORDER BY sku_id LIMIT 1`.execute(
      database.db,
    )
    return row.rows[0]!.sku_id
  }

  it('both are ready, and the proxy spreads the traffic', async () => {
    for (const server of [first, second]) {
      const ready = await fetch(`${server.baseUrl}/readyz`)
      expect(ready.status).toBe(200)
    }
    for (let i = 0; i < 4; i++) expect((await fetch(`${proxy.baseUrl}/healthz`)).status).toBe(200)
    expect(proxy.served.get(first.baseUrl)).toBeGreaterThan(0)
    expect(proxy.served.get(second.baseUrl)).toBeGreaterThan(0)
  })

  it('a session made on one instance opens the account on the other', async () => {
    const shopper = {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lumo-csrf': '1' },
      body: JSON.stringify({
        username: `cluster-${randomUUID()}@example.fi`,
        password: await passwordDigest('salasana1'),
        rememberMe: true,
      }),
    }
    // registration answers alike for every e-mail; the login that follows makes the session
    expect((await fetch(`${first.baseUrl}/api/session/register`, shopper)).status).toBe(202)
    const registered = await fetch(`${first.baseUrl}/api/session/login`, shopper)
    expect(registered.status).toBe(200)
    const cookie = registered.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const onSecond = await fetch(`${second.baseUrl}${ORDERS_PAGE}`, {
      headers: { cookie },
      redirect: 'manual',
    })
    expect(onSecond.status).toBe(200)
    const withoutSession = await fetch(`${second.baseUrl}${ORDERS_PAGE}`, { redirect: 'manual' })
    expect(withoutSession.status).toBe(302)
  })

  it('a cart filled on one instance is the same cart on the other', async () => {
    const sku = await inStockSku(5)
    const created = await gql<{ getCart: { id: string } }>(first.baseUrl, 'query { getCart { id } }')
    const id = created.data!.getCart.id
    const added = await gql(
      second.baseUrl,
      `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${sku}, quantity: 2 }) { id } }`,
      { id },
    )
    expect(added.errors).toBeUndefined()
    const read = await gql<{ getCart: { items: { skuId: number; quantity: number }[] } }>(
      first.baseUrl,
      'query ($id: String!) { getCart(id: $id) { items { skuId quantity } } }',
      { id },
    )
    expect(read.data!.getCart.items).toEqual([{ skuId: sku, quantity: 2 }])
  })

  it('the abuse limits count once for the whole shop, not once per instance', async () => {
    const client = `198.51.100.${Math.floor(Math.random() * 200) + 1}`
    const statuses: number[] = []
    for (let i = 0; i < LOG_REPORT_LIMIT.limit + 10; i++) {
      // the proxy names the client; both instances trust it (TRUST_PROXY)
      const server = i % 2 === 0 ? first : second
      const response = await fetch(`${server.baseUrl}/api/log-error`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ type: 'error', message: `cluster ${i}`, url: '/fi/' }),
      })
      statuses.push(response.status)
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(10)
    expect(statuses.slice(0, LOG_REPORT_LIMIT.limit).every((status) => status < 300)).toBe(true)
  })

  it('a change made through one instance reaches the page the other one cached', async () => {
    // a size with little stock, on a product page both instances have cached
    const row = await sql<{ sku_id: number; stock: number; alias: string }>`
      SELECT s.sku_id, s.stock_in_stock AS stock, t.alias
      FROM skus s JOIN product_texts t ON t.product_id = s.product_id AND t.language = 'fi'
      WHERE s.stock_in_stock BETWEEN 1 AND 3 AND s.stock_static = 0
        AND NOT EXISTS (SELECT 1 FROM skus o WHERE o.product_id = s.product_id AND o.sku_id <> s.sku_id)
      ORDER BY s.sku_id LIMIT 1`.execute(database.db)
    const target = row.rows[0]
    expect(target).toBeDefined()
    const page = `/fi/p/${target!.alias}`
    const cacheState = (baseUrl: string) => cacheStateOf(baseUrl, page)
    await cacheState(first.baseUrl)
    expect(await cacheState(second.baseUrl)).toBe('hit')
    expect(await cacheState(first.baseUrl)).toBe('hit')

    // the last pieces are bought through the second instance
    const cart = (await gql<{ getCart: { id: string } }>(second.baseUrl, 'query { getCart { id } }')).data!
      .getCart.id
    await gql(
      second.baseUrl,
      `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${target!.sku_id}, quantity: ${target!.stock} }) { id } }`,
      { id: cart },
    )
    const placed = await gql<{ placeOrder: { orderId: string } }>(second.baseUrl, PLACE, {
      cartId: cart,
      checkout: checkout('viimeiset'),
    })
    expect(placed.errors).toBeUndefined()

    // the first instance hears of it through the database and renders the page again
    let state = await cacheState(first.baseUrl)
    for (let attempt = 0; attempt < 50 && state === 'hit'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      state = await cacheState(first.baseUrl)
    }
    expect(state).not.toBe('hit')
  })

  it('a stock change made through one instance reaches a shopper following the product on the other', async () => {
    const sku = await sql<{ sku_id: number; product_id: number; stock_in_stock: number }>`
      SELECT sku_id, product_id, stock_in_stock FROM skus
      WHERE stock_in_stock >= 3 AND stock_static = 0 ORDER BY sku_id DESC LIMIT 1`.execute(database.db)
    const { sku_id: skuId, product_id: productId, stock_in_stock: before } = sku.rows[0]!
    // a browser on the first instance (through its WebSocket proxy, with the shop's own origin)
    const browser = createClient({
      url: `${first.baseUrl.replace(/^http/, 'ws')}/api/graphql`,
      webSocketImpl: webSocketWith({ origin: `http://${PUBLIC_HOST}` }),
      retryAttempts: 0,
      lazy: true,
    })
    const stock = subscribe<{ productStockChanged: SkuStock[] }>(browser, STOCK_SUBSCRIPTION, { productId })
    const firstAnswer = (await stock.next()).data!.productStockChanged
    expect(firstAnswer.find((size) => size.skuId === skuId)?.stock.inStock).toBe(before)

    // the back office sets the size's stock through the second instance
    const set = await fetch(`${second.baseUrl}/admin/api/stock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminKey}` },
      body: JSON.stringify({ skuId, quantity: before - 2 }),
    })
    expect(set.status).toBe(200)
    for (;;) {
      const sizes = (await stock.next()).data!.productStockChanged
      const size = sizes.find((candidate) => candidate.skuId === skuId)
      if (size?.stock.inStock === before - 2) break
    }
    stock.stop()
    await browser.dispose()
  })

  it('one instance killed in the middle of a burst of orders: none confirmed is lost, the other carries on', async () => {
    const sku = await inStockSku(30)
    const stockBefore = await stockOf(sku)
    const carts: string[] = []
    for (let i = 0; i < 24; i++) {
      const id = (await gql<{ getCart: { id: string } }>(proxy.baseUrl, 'query { getCart { id } }')).data!
        .getCart.id
      await gql(
        proxy.baseUrl,
        `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${sku}, quantity: 1 }) { id } }`,
        { id },
      )
      carts.push(id)
    }
    const results = await Promise.all(
      carts.map(async (cartId, index) => {
        if (index === 8) process.kill(first.pid, 'SIGKILL')
        try {
          const answer = await gql<{ placeOrder: { orderId: string } }>(proxy.baseUrl, PLACE, {
            cartId,
            checkout: checkout(`burst${index}`),
          })
          return answer.data?.placeOrder?.orderId ?? null
        } catch {
          return null
        }
      }),
    )
    const confirmed = results.filter((id): id is string => id !== null)
    const stored = await sql<{ order_id: number; cart_id: string }>`
      SELECT order_id, cart_id::text AS cart_id FROM orders WHERE cart_id::text = ANY(${carts}::text[])`.execute(
      database.db,
    )
    // every confirmed order is stored, and no cart became two orders
    for (const id of confirmed) expect(stored.rows.map((row) => String(row.order_id))).toContain(id)
    expect(new Set(stored.rows.map((row) => row.cart_id)).size).toBe(stored.rows.length)
    // stock went down by exactly the orders stored
    expect(await stockOf(sku)).toBe(stockBefore - stored.rows.length)
    // the survivor takes every new order
    const after = (await gql<{ getCart: { id: string } }>(proxy.baseUrl, 'query { getCart { id } }')).data!
      .getCart.id
    await gql(
      proxy.baseUrl,
      `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${sku}, quantity: 1 }) { id } }`,
      { id: after },
    )
    const placed = await gql<{ placeOrder: { orderId: string } }>(proxy.baseUrl, PLACE, {
      cartId: after,
      checkout: checkout('survivor'),
    })
    expect(placed.data?.placeOrder.orderId).toBeTruthy()
    console.log(
      `two instances: ${confirmed.length}/${carts.length} orders confirmed during the kill, ${stored.rows.length} stored, stock ${stockBefore} → ${await stockOf(sku)}`,
    )
  })

  async function stockOf(sku: number): Promise<number> {
    const row = await sql<{
      stock: number
    }>`SELECT stock_in_stock AS stock FROM skus WHERE sku_id = ${sku}`.execute(database.db)
    return Number(row.rows[0]!.stock)
  }
})

const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId status } }`

function checkout(tag: string) {
  return {
    email: `${tag}@example.fi`,
    paymentId: 2,
    shippingId: 1,
    billingAddress: {
      firstName: 'Klusteri',
      lastName: 'Testaaja',
      addressLine1: 'Testikatu 1',
      zip: '00100',
      city: 'Helsinki',
    },
  }
}

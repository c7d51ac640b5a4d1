/**
 * The shared page cache on the production app and a real seeded database (docs/adr/0014):
 * shoppers never see each other's data, a change in the database reaches the cached page on the
 * next request (awaiting the database's notification, never a timer), responses that set a
 * cookie are not stored, every response has its own CSP nonce, checkout is never cached, renders
 * that overlap keep their shoppers apart, and the
 * Redis store (when TEST_REDIS_URL is set) shares pages between two app instances.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { PRODUCTION_API_KEY, startProductionApp, type ProductionApp } from './production-app'
import { describeWithServers } from '../helpers/outside-servers'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import type { PageCache } from '../../../server/ssr/page-cache'
import { FEW_LEFT_THRESHOLD, stockStatus } from '../../../server/services/graphql/catalogue/model'

const API_KEY = PRODUCTION_API_KEY

let shop: ProductionApp

beforeAll(async () => {
  shop = await startProductionApp()
})
afterAll(async () => {
  await shop?.close()
})

function bodyOf(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString()
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString()
  return response.body
}

function get(url: string, headers: Record<string, string> = {}, app: FastifyInstance = shop.app) {
  return app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', ...headers } })
}

function pageCacheOf(app: FastifyInstance): PageCache {
  if (!app.pageCache) throw new Error('the production app has no page cache')
  return app.pageCache
}

/** Resolves when the cache has dropped pages for a notification carrying `tag`. */
function invalidationOf(app: FastifyInstance, tag: string): Promise<string[]> {
  const cache = pageCacheOf(app)
  return new Promise((resolve) => {
    const listener = (tags: string[]) => {
      if (!tags.includes(tag) && !tags.includes('*')) return
      cache.off('invalidated', listener)
      resolve(tags)
    }
    cache.on('invalidated', listener)
  })
}

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', 'x-apikey': API_KEY },
    payload: { query, variables },
  })
  const body = response.json() as { data?: T; errors?: unknown[] }
  if (body.errors) throw new Error(JSON.stringify(body.errors))
  return body.data!
}

async function productOnList(listUrl = '/fi/c/mekot', index = 0) {
  const hrefs = [...bodyOf(await get(listUrl)).matchAll(/href="(\/fi\/p\/[^"]+)"/g)].map((m) => m[1]!)
  const url = [...new Set(hrefs)][index]!
  const alias = url.split('/').at(-1)!
  const row = await sql<{ product_id: number }>`
    SELECT product_id FROM product_texts WHERE alias = ${alias} AND language = 'fi'`.execute(shop.database.db)
  return { url, productId: row.rows[0]!.product_id }
}

describe('isolation between shoppers', () => {
  interface Shopper {
    cookies: string
    secrets: string[]
  }
  const shoppers: Shopper[] = []

  beforeAll(async () => {
    const skus = await sql<{ sku_id: number }>`
      SELECT sku_id FROM skus WHERE stock_in_stock > 20 AND stock_static = 0 ORDER BY sku_id LIMIT 3`.execute(
      shop.database.db,
    )
    for (let index = 0; index < 3; index++) {
      const marker = randomBytes(6).toString('hex')
      const email = `shopper-${marker}@example.test`
      const firstName = `Asiakas${marker}`
      // an order placed with one cart, and a second cart in progress (its id in the cookie)
      const ordered = (await gql<{ getCart: { id: string } }>('query { getCart { id } }')).getCart.id
      await gql(
        `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${skus.rows[index]!.sku_id}, quantity: 1 }) { id } }`,
        { id: ordered },
      )
      const order = await gql<{ placeOrder: { orderId: string; publicId: string } }>(
        `mutation ($cartId: String!, $checkout: CheckoutInputType!) { placeOrder(cartId: $cartId, checkout: $checkout) { orderId publicId } }`,
        {
          cartId: ordered,
          checkout: {
            email,
            paymentId: 2,
            shippingId: 1,
            billingAddress: {
              firstName,
              lastName: 'Testaaja',
              addressLine1: 'Aleksanterinkatu 5',
              zip: '00100',
              city: 'Helsinki',
            },
          },
        },
      )
      const cart = (await gql<{ getCart: { id: string } }>('query { getCart { id } }')).getCart.id
      await gql(
        `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${skus.rows[index]!.sku_id}, quantity: ${index + 2} }) { id } }`,
        { id: cart },
      )
      const user = JSON.stringify({ id: `user-${marker}`, email, customerType: 'PERSON', memberType: null })
      shoppers.push({
        cookies: [
          `lumo-cart=${cart}`,
          `lumo-auth=token-${marker}`,
          `lumo-user=${encodeURIComponent(user)}`,
          `lumo-persisted-states=${encodeURIComponent(JSON.stringify({ lastVisited: { productIds: [`visited-${marker}`] } }))}`,
        ].join('; '),
        // (not the numeric order id: small numbers are on every page)
        secrets: [cart, ordered, email, firstName, marker, order.placeOrder.publicId],
      })
    }
  })

  it('never sends a shopper anything of another shopper, and shared pages nothing of anyone', async () => {
    const { url: productUrl } = await productOnList()
    const shared = ['/fi/', productUrl, '/fi/c/mekot', '/fi/content/tietoa-meista', '/fi/ei-tallaista-sivua']
    const personal = ['/fi/kassa']
    const states = new Set<string>()
    // interleaved: every shopper asks every page twice, shoppers taking turns, misses and hits mixed
    for (let round = 0; round < 2; round++) {
      for (const url of [...shared, ...personal]) {
        for (const [index, shopper] of shoppers.entries()) {
          const response = await get(url, { cookie: shopper.cookies })
          const body = bodyOf(response)
          const others = shoppers.filter((_, other) => other !== index)
          for (const other of others)
            for (const secret of other.secrets) expect(body, url).not.toContain(secret)
          if (shared.includes(url)) {
            states.add(String(response.headers['x-lumo-cache']))
            for (const secret of shopper.secrets) expect(body, url).not.toContain(secret)
            expect(response.headers['set-cookie']).toBeUndefined()
          } else {
            expect(response.headers['x-lumo-cache']).toBe('bypass')
          }
        }
      }
    }
    expect(states).toEqual(new Set(['miss', 'hit']))
  })

  it('keeps shoppers apart when their pages render at the same time', async () => {
    // Every render shares the route table and Apollo's document work (ADR 0046); overlapping
    // renders must each still load into their own store through their own client.
    const { url: productUrl } = await productOnList()
    for (const url of ['/fi/kassa', `${productUrl}?nocache=1`, '/fi/c/mekot?nocache=1']) {
      for (let round = 0; round < 2; round++) {
        const bodies = (
          await Promise.all(shoppers.map((shopper) => get(url, { cookie: shopper.cookies })))
        ).map((response) => {
          expect(response.statusCode, url).toBe(200)
          return bodyOf(response)
        })
        for (const [index, body] of bodies.entries()) {
          for (const [other, shopper] of shoppers.entries())
            if (other !== index) for (const secret of shopper.secrets) expect(body, url).not.toContain(secret)
          // the server loaded this shopper's own cart into the page
          expect(body, url).toContain(shoppers[index]!.secrets[0])
        }
      }
    }
  })

  it('renders checkout for the shopper every time, never from the cache', async () => {
    const [first] = shoppers
    for (let i = 0; i < 2; i++) {
      const response = await get('/fi/kassa', { cookie: first!.cookies })
      expect(response.headers['x-lumo-cache']).toBe('bypass')
      expect(response.headers['cache-control']).toBe('private, no-store')
      // the server loaded this shopper's own cart into the page
      expect(bodyOf(response)).toContain(first!.secrets[0])
    }
  })
})

describe('invalidation', () => {
  it('shows a new price on the next request', async () => {
    const { url, productId } = await productOnList('/fi/c/mekot', 1)
    await get(url)
    expect((await get(url)).headers['x-lumo-cache']).toBe('hit')
    const dropped = invalidationOf(shop.app, `product:${productId}`)
    await sql`UPDATE product_prices SET regular_price_inc_vat = 987654, selling_price_inc_vat = 987654
      WHERE product_id = ${productId} AND market_alias = 'fi'`.execute(shop.database.db)
    await dropped
    const after = await get(url)
    expect(after.headers['x-lumo-cache']).toBe('miss')
    expect(bodyOf(after)).toContain('9876.54')
  })

  it('shows a sold-out size on the next request, and ignores stock changes a shopper cannot see', async () => {
    const { url, productId } = await productOnList('/fi/c/mekot', 2)
    const other = await productOnList('/fi/c/mekot', 3)
    // Notifications arrive in commit order: once one for another product is here, every
    // notification of the statements before it has been handled.
    const settle = async () => {
      const marker = invalidationOf(shop.app, `product:${other.productId}`)
      await sql`UPDATE product_prices SET selling_price_inc_vat = selling_price_inc_vat
        WHERE product_id = ${other.productId}`.execute(shop.database.db)
      await marker
    }
    await sql`UPDATE skus SET stock_in_stock = 40, stock_static = 0 WHERE product_id = ${productId}`.execute(
      shop.database.db,
    )
    await settle()
    const before = bodyOf(await get(url))
    expect((await get(url)).headers['x-lumo-cache']).toBe('hit')

    // 40 → 39 units leaves every size "in stock": the page stays cached
    const seen: string[][] = []
    const record = (tags: string[]) => seen.push(tags)
    pageCacheOf(shop.app).on('invalidated', record)
    await sql`UPDATE skus SET stock_in_stock = 39 WHERE product_id = ${productId}`.execute(shop.database.db)
    await settle()
    pageCacheOf(shop.app).off('invalidated', record)
    expect(seen.flat()).not.toContain(`product:${productId}`)
    expect((await get(url)).headers['x-lumo-cache']).toBe('hit')

    const dropped = invalidationOf(shop.app, `product:${productId}`)
    await sql`UPDATE skus SET stock_in_stock = 0, stock_oversellable = 0, stock_static = 0
      WHERE product_id = ${productId}`.execute(shop.database.db)
    await dropped
    const after = await get(url)
    expect(after.headers['x-lumo-cache']).toBe('miss')
    const count = (text: string) => text.split('OUT_OF_STOCK').length
    expect(count(bodyOf(after))).toBeGreaterThan(count(before))
  })

  it('drops a running campaign from the pages on the next request when it ends', async () => {
    const running = await sql<{ campaign_id: number; alias: string }>`
      SELECT c.campaign_id, t.alias FROM discount_campaigns c
      JOIN discount_campaign_texts t ON t.campaign_id = c.campaign_id AND t.language = 'fi'
      WHERE (c.active_from IS NULL OR c.active_from <= now()) AND (c.active_to IS NULL OR c.active_to > now())
        AND EXISTS (SELECT 1 FROM discount_campaign_products p WHERE p.campaign_id = c.campaign_id)
      ORDER BY c.sort_order, c.campaign_id LIMIT 1`.execute(shop.database.db)
    const campaign = running.rows[0]!
    const link = `/dc/${campaign.alias}`
    expect(bodyOf(await get('/fi/'))).toContain(link)
    expect((await get('/fi/')).headers['x-lumo-cache']).toBe('hit')
    const dropped = invalidationOf(shop.app, 'catalogue')
    await sql`UPDATE discount_campaigns SET active_to = now() - interval '1 second'
      WHERE campaign_id = ${campaign.campaign_id}`.execute(shop.database.db)
    await dropped
    const after = await get('/fi/')
    expect(after.headers['x-lumo-cache']).toBe('miss')
    expect(bodyOf(after)).not.toContain(link)
  })
})

describe('the stock status the database notifies on', () => {
  it('is the one the catalogue shows (model.ts stockStatus)', async () => {
    const cases = [0, 1, FEW_LEFT_THRESHOLD, FEW_LEFT_THRESHOLD + 1, 50].flatMap((inStock) =>
      [0, 3].flatMap((oversellable) =>
        [0, 2].map((staticStock) => ({ inStock, oversellable, static: staticStock })),
      ),
    )
    for (const stock of cases) {
      const { rows } = await sql<{ status: string }>`
        SELECT page_cache_stock_status(${stock.inStock}, ${stock.oversellable}, ${stock.static}) AS status`.execute(
        shop.database.db,
      )
      expect(rows[0]!.status, JSON.stringify(stock)).toBe(stockStatus({ ...stock, incoming: null }))
    }
  })
})

describe('response hygiene', () => {
  it('sends every response its own nonce, the one in its CSP header', async () => {
    const nonces = new Set<string>()
    for (let i = 0; i < 3; i++) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await get('/fi/', { 'accept-encoding': encoding })
        expect(response.headers['x-lumo-cache']).toMatch(/^(hit|miss)$/)
        expect(response.headers['content-encoding'] ?? 'identity').toBe(encoding)
        const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1]
        expect(nonce).toBeTruthy()
        const body = bodyOf(response)
        const scripts = body.match(/<script\b[^>]*>/g) ?? []
        expect(scripts.length).toBeGreaterThan(1)
        for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
        nonces.add(nonce!)
      }
    }
    expect(nonces.size).toBe(9)
  })

  it('sends a browser the cached page as brotli, the same page as the gzip copy', async () => {
    await get('/fi/c/mekot')
    const brotli = await get('/fi/c/mekot', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(brotli.headers['x-lumo-cache']).toBe('hit')
    expect(brotli.headers['content-encoding']).toBe('br')
    const gzip = await get('/fi/c/mekot', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const nonceOf = (response: LightMyRequestResponse) =>
      /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))![1]!
    expect(bodyOf(brotli).split(nonceOf(brotli)).join('N')).toBe(bodyOf(gzip).split(nonceOf(gzip)).join('N'))
    expect(brotli.rawPayload.length).toBeLessThan(gzip.rawPayload.length)
  })

  it('marks shared pages for shared caches and personal pages private', async () => {
    const cached = await get('/fi/c/mekot')
    expect(cached.headers['cache-control']).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    )
    expect(cached.headers.vary).toBe('Accept-Encoding')
    expect(cached.headers['x-lumo-cache-tags']).toBeUndefined()
    const head = await shop.app.inject({ method: 'HEAD', url: '/fi/c/mekot' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['x-lumo-cache']).toBe('hit')
    expect(head.body).toBe('')
    const preview = await get('/fi/?devtools=1')
    expect(preview.headers['x-lumo-cache']).toBe('bypass')
    expect(preview.headers['cache-control']).toBe('private, no-store')
  })

  it('takes no outside request for its own shared render', async () => {
    const forged = await get('/fi/c/mekot', { 'x-lumo-shared-render': 'a-guess', cookie: 'lumo-cart=abc' })
    expect(forged.headers['x-lumo-cache']).toMatch(/^(hit|miss|stale)$/)
    expect(forged.headers['x-lumo-cache-tags']).toBeUndefined()
  })

  it('ignores tracking parameters: one cached page for every ad click', async () => {
    await get('/fi/l/sale?page=1')
    const tracked = await get('/fi/l/sale?utm_source=news&gclid=abc&page=1&fbclid=x')
    expect(tracked.headers['x-lumo-cache']).toBe('hit')
  })
})

describe('responses that set a cookie', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lumo-page-cache-')),
      PORT: '3000',
    })
    app = await buildApp({ config, database: shop.database, dev: false, logger: false })
    // a page that sets a cookie (as a login link or an A/B test would)
    app.addHook('onSend', async (request, reply) => {
      if (request.url.includes('probe=cookie')) reply.header('set-cookie', 'lumo-probe=1; Path=/')
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('are never stored', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await get('/fi/c/mekot?probe=cookie', {}, app)
      expect(response.statusCode).toBe(200)
      expect(response.headers['set-cookie']).toBe('lumo-probe=1; Path=/')
      expect(response.headers['x-lumo-cache']).toBe('bypass')
    }
    expect((await get('/fi/c/mekot', {}, app)).headers['x-lumo-cache']).toBe('miss')
  })
})

// Runs when TEST_REDIS_URL points at a Redis server (like TEST_DATABASE_URL); skipped otherwise.
describeWithServers(['redis'], 'the Redis store', ({ redis: redisUrl }) => {
  const instances: FastifyInstance[] = []
  beforeAll(async () => {
    const { Redis } = await import('ioredis')
    const redis = new Redis(redisUrl)
    await redis.flushdb()
    redis.disconnect()
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lumo-page-cache-')),
        PORT: '3000',
        REDIS_URL: redisUrl,
      })
      const app = await buildApp({ config, database: shop.database, dev: false, logger: false })
      await app.ready()
      instances.push(app)
    }
  })
  afterAll(async () => {
    for (const app of instances) await app.close()
  })

  it('shares pages between instances and drops them for all on a change', async () => {
    const [first, second] = instances as [FastifyInstance, FastifyInstance]
    const { url, productId } = await productOnList('/fi/c/mekot', 4)
    expect((await get(url, {}, first)).headers['x-lumo-cache']).toBe('miss')
    const fromOther = await get(url, {}, second)
    expect(fromOther.headers['x-lumo-cache']).toBe('hit')
    expect(bodyOf(fromOther)).toContain('<html')
    const droppedByBoth = Promise.all([
      invalidationOf(first, `product:${productId}`),
      invalidationOf(second, `product:${productId}`),
    ])
    await sql`UPDATE product_prices SET regular_price_inc_vat = 876543, selling_price_inc_vat = 876543
      WHERE product_id = ${productId} AND market_alias = 'fi'`.execute(shop.database.db)
    await droppedByBoth
    const after = await get(url, {}, second)
    expect(after.headers['x-lumo-cache']).toBe('miss')
    expect(bodyOf(after)).toContain('8765.43')
  })
})

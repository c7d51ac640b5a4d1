/**
 * Live updates through the storefront's WebSocket proxy (ADR 0036), on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL: who may connect, live stock from any writer, and a customer's
 * cart reaching only that customer.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { cartTopic } from '../../../server/services/graphql/live/events'
import {
  MAX_OPEN_CONNECTIONS_PER_ADDRESS,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  TOKEN_EXPIRED_CLOSE_CODE,
} from '../../../server/services/graphql/live/endpoint'
import { ACCESS_TOKEN_MAX_AGE } from '../../../server/services/auth/tokens'
import { ABUSE_LIMITS } from '../../../server/services/graphql/abuse-limits'
import {
  ADMIN_KEY,
  API_KEY,
  browserClient,
  CART_SUBSCRIPTION,
  handshakeStatus,
  openSocket,
  OWN_ORIGIN,
  startLiveShop,
  STOCK_SUBSCRIPTION,
  subscribe,
  type CartChange,
  type LiveShop,
  type SkuStock,
} from './live-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const CART_ADD = `
  mutation ($id: String!, $skuId: Int!) {
    addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }) { id items { skuId quantity } }
  }
`
const NEW_CART = `query { getCart { id } }`

async function createCustomer(database: TestDatabase): Promise<string> {
  const userId = randomUUID()
  await sql`INSERT INTO users (user_id, email) VALUES (${userId}::uuid, ${`${userId}@example.fi`})`.execute(
    database.db,
  )
  return userId
}

describeEachDatabase('live updates on %s', (kind) => {
  let database: TestDatabase
  let shop: LiveShop
  let skuId: number
  let productId: number

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: 10 } })
    shop = await startLiveShop(database)
    const sku = await database.db
      .selectFrom('skus')
      .innerJoin('products', 'products.product_id', 'skus.product_id')
      .select(['skus.sku_id', 'skus.product_id'])
      .where('products.is_active', '=', true)
      .where('skus.stock_in_stock', '>', 3)
      .where('skus.stock_static', '=', 0)
      .orderBy('skus.sku_id')
      .executeTakeFirstOrThrow()
    skuId = sku.sku_id
    productId = sku.product_id
  }, 120_000)
  afterAll(async () => {
    await shop?.close()
    await database?.close()
  })

  describe('who may connect', () => {
    it('the proxy refuses a handshake without an Origin, or from another site', async () => {
      const url = `${shop.wsOrigin}/api/graphql`
      expect(await handshakeStatus(url, {})).toBe(403)
      expect(await handshakeStatus(url, { origin: 'https://evil.example' })).toBe(403)
      expect(await handshakeStatus(url, { origin: OWN_ORIGIN })).toBe(101)
      // a market's own domain: the host the request was sent to, behind TLS or not
      const host = new URL(shop.wsOrigin).host
      expect(await handshakeStatus(url, { origin: `https://${host}` })).toBe(101)
      expect(await handshakeStatus(url, { origin: `https://${host}.evil.example` })).toBe(403)
    })

    it('the API refuses a handshake without its key', async () => {
      const url = `${shop.wsOrigin}/graphql`
      expect(await handshakeStatus(url, {})).toBe(401)
      expect(await handshakeStatus(url, { 'x-apikey': 'wrong' })).toBe(401)
      expect(await handshakeStatus(url, { 'x-apikey': API_KEY })).toBe(101)
    })

    it('the API refuses a flood of handshakes from one address', async () => {
      const url = `${shop.wsOrigin}/graphql`
      // as the storefront's proxy on this host forwards a shopper's address
      const shopper = { 'x-apikey': API_KEY, 'x-forwarded-for': '198.51.100.77' }
      const { limit } = ABUSE_LIMITS.liveConnections
      for (let handshake = 0; handshake < limit; handshake++)
        expect(await handshakeStatus(url, shopper)).toBe(101)
      expect(await handshakeStatus(url, shopper)).toBe(429)
      // another shopper is not affected
      expect(await handshakeStatus(url, { ...shopper, 'x-forwarded-for': '198.51.100.78' })).toBe(101)
    })

    it('one address holds a bounded number of open connections; a closed one frees its place', async () => {
      const url = `${shop.wsOrigin}/graphql`
      const shopper = { 'x-apikey': API_KEY, 'x-forwarded-for': '198.51.100.90' }
      const open: import('ws').WebSocket[] = []
      for (let socket = 0; socket < MAX_OPEN_CONNECTIONS_PER_ADDRESS; socket++) {
        const opened = await openSocket(url, shopper)
        if (typeof opened === 'number') throw new Error(`connection ${socket} refused with ${opened}`)
        open.push(opened)
      }
      expect(await handshakeStatus(url, shopper)).toBe(429)
      expect(await handshakeStatus(url, { ...shopper, 'x-forwarded-for': '198.51.100.91' })).toBe(101)
      const closed = new Promise((resolve) => open[0]!.once('close', resolve))
      open[0]!.close()
      await closed
      // the server counts the close when its side of the socket ends
      await expect.poll(() => handshakeStatus(url, shopper)).toBe(101)
      for (const socket of open) socket.close()
    })

    it('upgrades to other paths are answered 404', async () => {
      expect(await handshakeStatus(`${shop.wsOrigin}/somewhere`, { origin: OWN_ORIGIN })).toBe(404)
    })

    it('queries are not served over the socket', async () => {
      const client = browserClient(shop)
      const subscription = subscribe(client, '{ channel { id } }')
      const error = await subscription.ended
      expect(JSON.stringify(error)).toContain('Only subscriptions are served over WebSocket')
      await client.dispose()
    })
  })

  it('one connection holds at most 20 subscriptions', async () => {
    const client = browserClient(shop)
    const open = Array.from({ length: MAX_SUBSCRIPTIONS_PER_CONNECTION }, () =>
      subscribe<{ productStockChanged: SkuStock[] }>(client, STOCK_SUBSCRIPTION, { productId }),
    )
    for (const subscription of open) expect((await subscription.next()).data).toBeDefined()
    const oneTooMany = subscribe(client, STOCK_SUBSCRIPTION, { productId })
    expect(JSON.stringify(await oneTooMany.ended)).toContain('At most 20 subscriptions per connection')
    await client.dispose()
  })

  describe('stock', () => {
    it('a shopper sees the sizes at once and again when any writer changes the stock', async () => {
      const client = browserClient(shop)
      const stock = subscribe<{ productStockChanged: SkuStock[] }>(client, STOCK_SUBSCRIPTION, { productId })
      const first = await stock.next()
      const before = first.data?.productStockChanged.find((size) => size.skuId === skuId)
      expect(before?.stock.inStock).toBeGreaterThan(3)

      // a plain UPDATE, as an order or the admin stock operation would do it
      await database.db
        .updateTable('skus')
        .set({ stock_in_stock: 0, stock_oversellable: 0 })
        .where('sku_id', '=', skuId)
        .execute()
      const next = await stock.next()
      const after = next.data?.productStockChanged.find((size) => size.skuId === skuId)
      expect(after).toMatchObject({ stockStatus: 'OUT_OF_STOCK', stock: { inStock: 0 } })

      await database.db.updateTable('skus').set({ stock_in_stock: 2 }).where('sku_id', '=', skuId).execute()
      const restocked = await stock.next()
      expect(restocked.data?.productStockChanged.find((size) => size.skuId === skuId)).toMatchObject({
        stockStatus: 'FEW_LEFT',
        stock: { inStock: 2 },
      })
      stock.stop()
      await client.dispose()
      await database.db.updateTable('skus').set({ stock_in_stock: 20 }).where('sku_id', '=', skuId).execute()
    })
  })

  it("the back office setting a size's stock reaches the shoppers watching the product", async () => {
    const client = browserClient(shop)
    const stock = subscribe<{ productStockChanged: SkuStock[] }>(client, STOCK_SUBSCRIPTION, { productId })
    await stock.next()
    const response = await shop.app.inject({
      method: 'POST',
      url: '/admin/api/stock',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'x-admin-actor': 'live-test' },
      payload: { skuId, quantity: 1 },
    })
    expect(response.statusCode).toBe(200)
    let sizes = (await stock.next()).data?.productStockChanged
    // the admin operation may write more than once (stock, then the back-in-stock round): the
    // last answer holds the new stock
    while (sizes?.find((size) => size.skuId === skuId)?.stock.inStock !== 1) {
      sizes = (await stock.next()).data?.productStockChanged
    }
    expect(sizes.find((size) => size.skuId === skuId)).toMatchObject({ stockStatus: 'FEW_LEFT' })
    await client.dispose()
    await database.db.updateTable('skus').set({ stock_in_stock: 20 }).where('sku_id', '=', skuId).execute()
  })

  describe("a customer's cart", () => {
    it('needs a signed-in customer', async () => {
      const client = browserClient(shop)
      const carts = subscribe(client, CART_SUBSCRIPTION)
      expect((await carts.next()).errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' })
      await carts.ended
      await client.dispose()
    })

    it('a connection ends when the token it was opened with expires, with a code the browser retries', async () => {
      const dave = await createCustomer(database)
      // issued so long ago that it expires three seconds from now
      const issuedAt = new Date(Date.now() - (ACCESS_TOKEN_MAX_AGE - 3) * 1000)
      const client = browserClient(shop, { token: await shop.tokenFor(dave, issuedAt) })
      const carts = subscribe<CartChange>(client, CART_SUBSCRIPTION)
      // signed in: the customer's cart topic is followed (a visitor would be refused instead)
      await shop.app.liveEvents.whenStreaming(cartTopic(dave))
      expect(await carts.ended).toMatchObject({ code: TOKEN_EXPIRED_CLOSE_CODE })
      await client.dispose()
    })

    it('a forged session cookie is an anonymous shopper', async () => {
      const client = browserClient(shop, { token: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.junk' })
      const carts = subscribe(client, CART_SUBSCRIPTION)
      expect((await carts.next()).errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' })
      await carts.ended
      await client.dispose()
    })

    it("follows the customer's changes from another device, and never another customer's", async () => {
      const alice = await createCustomer(database)
      const bob = await createCustomer(database)
      const aliceToken = await shop.tokenFor(alice)
      const bobToken = await shop.tokenFor(bob)

      const aliceTablet = browserClient(shop, { token: aliceToken })
      const bobPhone = browserClient(shop, { token: bobToken })
      const aliceCarts = subscribe<CartChange>(aliceTablet, CART_SUBSCRIPTION)
      const bobCarts = subscribe<CartChange>(bobPhone, CART_SUBSCRIPTION)
      await shop.app.liveEvents.whenStreaming(cartTopic(alice))
      await shop.app.liveEvents.whenStreaming(cartTopic(bob))

      // Alice, on her laptop (HTTP), adds a size to a new cart
      const aliceCart = (await shop.gql<{ getCart: { id: string } }>(NEW_CART, {}, aliceToken)).data!.getCart
        .id
      await shop.gql(CART_ADD, { id: aliceCart, skuId }, aliceToken)
      // then Bob changes his: the first cart Bob's phone hears of must be his own
      const bobCart = (await shop.gql<{ getCart: { id: string } }>(NEW_CART, {}, bobToken)).data!.getCart.id
      await shop.gql(CART_ADD, { id: bobCart, skuId }, bobToken)

      const seenByBob: string[] = []
      for (;;) {
        const change = (await bobCarts.next()).data!.cartChanged
        seenByBob.push(change.cartId)
        if (change.cart?.items.length) break
      }
      expect(new Set(seenByBob)).toEqual(new Set([bobCart]))

      let aliceChange = (await aliceCarts.next()).data!.cartChanged
      while (!aliceChange.cart?.items.length) aliceChange = (await aliceCarts.next()).data!.cartChanged
      expect(aliceChange).toMatchObject({
        cartId: aliceCart,
        cart: { id: aliceCart, items: [{ skuId, quantity: 1 }] },
      })

      aliceCarts.stop()
      bobCarts.stop()
      await aliceTablet.dispose()
      await bobPhone.dispose()
    })

    it('a completed cart arrives as null: the other devices start a new one', async () => {
      const carol = await createCustomer(database)
      const token = await shop.tokenFor(carol)
      const cartId = (await shop.gql<{ getCart: { id: string } }>(NEW_CART, {}, token)).data!.getCart.id
      const client = browserClient(shop, { token })
      const carts = subscribe<CartChange>(client, CART_SUBSCRIPTION)
      await shop.app.liveEvents.whenStreaming(cartTopic(carol))
      await database.db
        .updateTable('carts')
        .set({ is_completed: true })
        .where('cart_id', '=', cartId)
        .execute()
      expect((await carts.next()).data).toEqual({ cartChanged: { cartId, cart: null } })
      carts.stop()
      await client.dispose()
    })
  })
})

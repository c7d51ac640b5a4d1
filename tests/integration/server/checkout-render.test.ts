/**
 * The checkout page's server render with a cart (issue #9: checkout under a crowd): a GET writes
 * nothing, so it never takes the cart's lock nor waits for a durable commit (ADR 0042), and its
 * SQL stays a handful of reads: the cart for the header, then the checkout preview (31 statements
 * with two createOrUpdateCheckout writes before).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'kysely'
import { startProductionApp, type ProductionApp } from './production-app'

let shop: ProductionApp
let cartId: string

beforeAll(async () => {
  shop = await startProductionApp()
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-apikey': 'lumo-dev-storefront-key' },
      payload: { query, variables },
    })
    const body = response.json() as { data?: Record<string, { id: string }>; errors?: unknown[] }
    if (body.errors) throw new Error(JSON.stringify(body.errors))
    return body.data!
  }
  const sku = await sql<{ sku_id: number }>`
    SELECT sku_id FROM skus WHERE stock_in_stock > 20 AND stock_static = 0 ORDER BY sku_id LIMIT 1`.execute(
    shop.database.db,
  )
  cartId = (await gql('query { getCart(marketId: "fi") { id } }')).getCart!.id
  await gql(
    `mutation ($id: String!, $skuId: Int!) { addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, marketId: "fi") { id } }`,
    { id: cartId, skuId: sku.rows[0]!.sku_id },
  )
}, 300_000)

afterAll(async () => {
  await shop?.close()
})

const checkoutPage = () =>
  shop.app.inject({
    method: 'GET',
    url: '/fi/kassa',
    headers: { cookie: `lumo-cart=${cartId}`, 'accept-encoding': 'gzip' },
  })

it('renders the checkout with a cart from reads alone, never from the cache', async () => {
  await checkoutPage()
  const statements: { sql: string; parameters: readonly unknown[] }[] = []
  const stop = shop.database.onQuery((event) => statements.push(event))
  let response
  try {
    response = await checkoutPage()
  } finally {
    stop()
  }
  expect(response.statusCode).toBe(200)
  expect(response.headers['cache-control']).toBe('private, no-store')
  expect(response.headers['x-lumo-cache']).toBe('bypass')
  // The page's own statements are the ones about this cart. (Counting every statement of the
  // database would count the server's background work too: the search index's start-up reads,
  // periodic jobs, which a loaded CI machine runs at the same moment.)
  const aboutTheCart = statements
    .filter((event) => event.parameters.includes(cartId))
    .map((event) => event.sql)
  // no transaction, no lock, no insert or update: a GET changes nothing
  expect(aboutTheCart.filter((text) => !/^\s*select\b/i.test(text))).toEqual([])
  expect(aboutTheCart.filter((text) => /\bfor update\b/i.test(text))).toEqual([])
  // The header's cart and the preview each read the cart, its lines and its saved choices once;
  // the markets' shipping and payment options are kept in process. (Two createOrUpdateCheckout
  // calls took the cart's lock and wrote its checkout twice before: 31 statements in all.)
  expect(aboutTheCart).toHaveLength(6)
}, 120_000)

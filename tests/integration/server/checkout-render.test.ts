/**
 * The checkout page's server render with a cart (issue #9: checkout under a crowd): a GET writes
 * nothing, so it never takes the cart's lock nor waits for a durable commit, and it prices the
 * cart once: the route loader's checkoutPreview brings the cart the header and the drawer show,
 * so there is no getCart of its own (ADR 0042). 31 statements with two createOrUpdateCheckout
 * writes, then 10 with a getCart beside the preview, now 4.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { LightMyRequestResponse } from 'fastify'
import { passwordDigest } from '../../../src/shared/password-digest'
import { PRODUCTION_API_KEY, startProductionApp, type ProductionApp } from './production-app'
import { registerAndLogInThroughShop } from '../helpers/auth'

const OPERATIONS = path.resolve(import.meta.dirname, '../../../graphql/operations')
/** getCart exactly as the storefront asks it (the header's load on every other page). */
const GET_CART = ['cart-get.graphql', 'cart-fragment.graphql']
  .map((file) => readFileSync(path.join(OPERATIONS, file), 'utf8'))
  .join('\n')

let shop: ProductionApp
let skuId: number
let cartId: string

type Gql = <T>(query: string, variables?: Record<string, unknown>, cookie?: string) => Promise<T>

/** The commerce API as a client with the storefront key, or as the shopper of a session cookie. */
const gql: Gql = async (query, variables = {}, cookie) => {
  const response = await shop.app.inject({
    method: 'POST',
    ...(cookie
      ? { url: '/api/graphql', headers: { 'x-lumo-csrf': '1', 'content-type': 'application/json', cookie } }
      : {
          url: '/graphql',
          headers: { 'content-type': 'application/json', 'x-apikey': PRODUCTION_API_KEY },
        }),
    payload: { query, variables },
  })
  const body = response.json() as { data?: unknown; errors?: unknown[] }
  if (body.errors) throw new Error(JSON.stringify(body.errors))
  return body.data as never
}

async function cartWithItem(cookie?: string): Promise<string> {
  const id = (await gql<{ getCart: { id: string } }>('query { getCart(marketId: "fi") { id } }', {}, cookie))
    .getCart.id
  await gql(
    `mutation ($id: String!, $skuId: Int!) { addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, marketId: "fi") { id } }`,
    { id, skuId },
    cookie,
  )
  return id
}

beforeAll(async () => {
  shop = await startProductionApp()
  const sku = await sql<{ sku_id: number }>`
    SELECT sku_id FROM skus WHERE stock_in_stock > 20 AND stock_static = 0 ORDER BY sku_id LIMIT 1`.execute(
    shop.database.db,
  )
  skuId = sku.rows[0]!.sku_id
  cartId = await cartWithItem()
}, 300_000)

afterAll(async () => {
  await shop?.close()
})

/** The checkout with this cart cookie; gzip as a browser takes it unless the test reads the HTML. */
const checkoutPage = (cart: string, { cookie = '', gzip = false } = {}) =>
  shop.app.inject({
    method: 'GET',
    url: '/fi/kassa',
    headers: {
      cookie: `${cookie ? `${cookie}; ` : ''}lumo-cart=${cart}`,
      ...(gzip ? { 'accept-encoding': 'gzip' } : {}),
    },
  })

interface PageState {
  cart: { id: string | null; status: string; data: unknown; lostId: string | null }
  checkout: { load: string; options: { cart?: { id?: string } } | null }
}

/** The Redux state the page boots from (`window.__LUMO__`, a JSON.parse of a string literal). */
function pageState(response: LightMyRequestResponse): PageState {
  const source = /window\.__LUMO__=(.*?)<\/script>/s.exec(response.body)?.[1]
  expect(source).toBeTruthy()
  const json = JSON.parse(source!.replace(/^JSON\.parse\(/, '').replace(/\);?$/, '')) as string
  return (JSON.parse(json) as { redux: PageState }).redux
}

/** Apollo adds `__typename` to what it asks; a plain request has none. */
function withoutTypenames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTypenames)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== '__typename')
      .map(([key, inner]) => [key, withoutTypenames(inner)]),
  )
}

it('renders the checkout with a cart from reads alone, pricing the cart once, never from the cache', async () => {
  await checkoutPage(cartId, { gzip: true })
  const statements: { sql: string; parameters: readonly unknown[] }[] = []
  const stop = shop.database.onQuery((event) => statements.push(event))
  let response
  try {
    response = await checkoutPage(cartId, { gzip: true })
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
  // One pricing of the cart: the cart with its saved choices, then its lines, each read once (the
  // markets' shipping and payment options are kept in process). A getCart for the header beside
  // the preview read the cart, its lines and its saved choices twice: 6 statements.
  expect(aboutTheCart).toHaveLength(2)
  expect(new Set(aboutTheCart).size).toBe(2)
}, 120_000)

it("fills the header's cart with exactly what getCart answers, from the checkout's one pricing", async () => {
  const state = pageState(await checkoutPage(cartId))
  const { getCart } = await gql<{ getCart: unknown }>(GET_CART, {
    id: cartId,
    allowExternalShippingFee: true,
    channelId: '1|fi',
    marketId: 'fi',
    languageId: 'fi-FI',
  })
  expect(state.cart).toMatchObject({ id: cartId, status: 'loaded', lostId: null })
  expect(withoutTypenames(state.cart.data)).toEqual(getCart)
  expect(state.checkout.load).toBe('ready')
  expect(state.checkout.options?.cart?.id).toBe(cartId)
  // the checkout's own part of the answer stays its fragment's: the full cart is not kept twice
  expect(state.checkout.options).not.toHaveProperty('shopperCart')
}, 120_000)

describe('a cart the shopper cannot check out starts an empty cart and an empty checkout', () => {
  const expectEmptyStart = (response: LightMyRequestResponse, cart: string) => {
    expect(response.statusCode).toBe(200)
    const state = pageState(response)
    // the browser drops the cookie of the cart the server found unusable (cart slice `lostId`)
    expect(state.cart).toMatchObject({ id: null, status: 'empty', data: null, lostId: cart })
    expect(state.checkout).toMatchObject({ load: 'empty', options: null })
  }

  it('an unknown or malformed id', async () => {
    for (const id of ['6f1c2f4e-0000-4000-8000-000000000000', 'not-a-cart-id'])
      expectEmptyStart(await checkoutPage(id), id)
  }, 120_000)

  it('a completed cart', async () => {
    const completed = await cartWithItem()
    await gql('mutation ($id: String!) { completeCart(id: $id) { id } }', { id: completed })
    expectEmptyStart(await checkoutPage(completed), completed)
  }, 120_000)

  it("another customer's cart (refused, not shown)", async () => {
    const registered = await registerAndLogInThroughShop(shop.app, {
      headers: { 'x-lumo-csrf': '1' },
      payload: {
        username: 'kassa-toinen@example.fi',
        password: await passwordDigest('salasana1'),
        rememberMe: true,
      },
    })
    expect(registered.statusCode).toBe(200)
    const session = registered.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
    const theirs = await cartWithItem(session)
    expect(pageState(await checkoutPage(theirs, { cookie: session })).cart).toMatchObject({
      id: theirs,
      status: 'loaded',
    })
    expectEmptyStart(await checkoutPage(theirs), theirs)
  }, 120_000)
})

describe('what the checkout tells crawlers (ADR 0049)', () => {
  const robots = (body: string) => /<meta name="robots" content="([^"]+)">/.exec(body)?.[1]

  it('the empty checkout, all a crawler without a cart can fetch, asks not to be indexed', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/fi/kassa' })
    expect(response.statusCode).toBe(200)
    expect(pageState(response).checkout.load).toBe('empty')
    expect(robots(response.body)).toBe('noindex')
    expect(response.body).not.toContain('hreflang=')
  }, 120_000)

  it('a checkout with items is the shopper’s own page: no robots meta, its canonical and languages', async () => {
    const response = await checkoutPage(cartId)
    expect(pageState(response).checkout.load).toBe('ready')
    expect(robots(response.body)).toBeUndefined()
    expect(/<link rel="canonical" href="([^"]+)">/.exec(response.body)?.[1]).toMatch(/\/fi\/kassa$/)
    expect(/<link rel="alternate" hreflang="sv-SE" href="([^"]+)">/.exec(response.body)?.[1]).toMatch(
      /\/se\/sv\/kassan$/,
    )
    expect(response.headers['cache-control']).toBe('private, no-store')
  }, 120_000)
})

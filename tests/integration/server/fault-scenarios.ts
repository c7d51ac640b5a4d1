/**
 * The fault matrix (issue #15 item 4): the production app with one outside service's base URL
 * pointed at a closed port (down) or at a server that accepts and never answers (hanging), and
 * the shopper's pages visited through it. Shared by tests/integration/server/fault-matrix.test.ts
 * (what each page must still show) and `npm run bench -- faults` (the status and time table).
 */
import { createServer, type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import type { LightMyRequestResponse } from 'fastify'
import { PRODUCTION_API_KEY, startProductionApp, type ProductionApp } from './production-app'

/** Each outside service the storefront may lose, and the variable that names its base URL. */
export const FAULTY_SERVICES = {
  search: 'SEARCH_URL',
  loyalty: 'LOYALTY_URL',
  likes: 'LIKES_URL',
  images: 'IMAGE_URL',
  payments: 'PAYMENT_URL',
} as const

export type FaultyService = keyof typeof FAULTY_SERVICES
export type FaultMode = 'down' | 'hanging'
export const FAULT_MODES: readonly FaultMode[] = ['down', 'hanging']

export interface Fault {
  url: string
  close(): Promise<void>
}

/** A base URL on which nothing listens: every connection is refused. */
async function closedPort(): Promise<Fault> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return { url: `http://127.0.0.1:${port}`, close: async () => {} }
}

/** A base URL whose server accepts every connection and never sends a byte. */
async function hangingServer(): Promise<Fault> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

export function startFault(mode: FaultMode): Promise<Fault> {
  return mode === 'down' ? closedPort() : hangingServer()
}

export interface FaultyShop {
  shop: ProductionApp
  fault: Fault
  /** a cart with one line, for the checkout */
  cartId: string
  skuId: number
  close(): Promise<void>
}

const API_KEY = PRODUCTION_API_KEY

export async function gql<T>(
  shop: ProductionApp,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', 'x-apikey': API_KEY },
    payload: { query, variables },
  })
  return response.json()
}

export async function newCart(shop: ProductionApp, skuId: number): Promise<string> {
  const created = await gql<{ getCart: { id: string } }>(shop, 'query { getCart { id } }')
  const cartId = created.data!.getCart.id
  await gql(
    shop,
    `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${skuId}, quantity: 1 }) { id } }`,
    {
      id: cartId,
    },
  )
  return cartId
}

/** The production app with `service` down or hanging (no fault at all when `service` is null). */
export async function startFaultyShop(service: FaultyService | null, mode: FaultMode): Promise<FaultyShop> {
  const fault = await startFault(mode)
  const shop = await startProductionApp(service ? { [FAULTY_SERVICES[service]]: fault.url } : {})
  const { rows } = await sql<{ sku_id: number }>`
    SELECT sku_id FROM skus WHERE stock_in_stock > 20 AND stock_static = 0 ORDER BY sku_id LIMIT 1`.execute(
    shop.database.db,
  )
  const skuId = rows[0]!.sku_id
  return {
    shop,
    fault,
    skuId,
    cartId: await newCart(shop, skuId),
    async close() {
      await shop.close()
      await fault.close()
    },
  }
}

export type PageName = 'home' | 'list' | 'product' | 'search' | 'checkout' | 'favourites'

export interface PageVisit {
  response: LightMyRequestResponse
  ms: number
}

export async function timed(request: () => Promise<LightMyRequestResponse>): Promise<PageVisit> {
  const started = performance.now()
  const response = await request()
  return { response, ms: performance.now() - started }
}

/** Every page of the matrix, one after the other, as a shopper with the cart in its cookie. */
export async function visitPages(faulty: FaultyShop): Promise<Record<PageName, PageVisit>> {
  const { shop, cartId } = faulty
  const get = (url: string) =>
    timed(() => shop.app.inject({ method: 'GET', url, headers: { cookie: `lumo-cart=${cartId}` } }))
  const list = await get('/fi/c/mekot')
  const productUrl = /href="(\/fi\/p\/[^"]+)"/.exec(list.response.body)?.[1]
  if (!productUrl) throw new Error('the list page has no product link')
  return {
    list,
    home: await get('/fi/'),
    product: await get(productUrl),
    search: await get('/fi/s/mekko'),
    checkout: await get('/fi/kassa'),
    favourites: await get('/fi/suosikkeja'),
  }
}

/**
 * The render gate in the production app (ADR 0050), at its narrowest (one render at a time): a
 * crowd of page-cache misses (each a shared render through app.inject), coalesced misses of one
 * page, personal renders and a client that leaves while waiting all get through. A render that
 * waited on a slot held by a render waiting on it would hang here.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startProductionApp, type ProductionApp } from './production-app'

let shop: ProductionApp

beforeAll(async () => {
  shop = await startProductionApp({ RENDER_CONCURRENCY: '1' })
}, 300_000)

afterAll(async () => {
  await shop?.close()
})

async function productPaths(count: number): Promise<string[]> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', 'x-apikey': 'lumo-dev-storefront-key' },
    payload: { query: `{ products(take: ${count}, languageId: "fi-FI") { products { alias } } }` },
  })
  return (response.json().data.products.products as { alias: string }[]).map(
    (product) => `/fi/p/${encodeURIComponent(product.alias)}`,
  )
}

it('serves a crowd of misses, coalesced misses and personal renders one render at a time', async () => {
  const products = await productPaths(4)
  expect(products).toHaveLength(4)
  const get = (url: string, cookie?: string) =>
    shop.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
  const responses = await Promise.all([
    get('/fi/'),
    get('/fi/'),
    get('/fi/'),
    ...products.map((url) => get(url)),
    get('/fi/c/vaatteet'),
    get('/fi/kassa'),
    get('/fi/kassa', 'lumo-cart=6f1c2f4e-0000-4000-8000-000000000000'),
    get('/se/sv/'),
  ])
  for (const response of responses) {
    expect(response.statusCode).toBe(200)
    expect(response.body).toMatch(/<\/html>$/)
  }
  const states = responses.map((response) => response.headers['x-lumo-cache'])
  expect(states.slice(0, -3)).not.toContain('bypass')
  expect(responses.at(-2)?.headers['x-lumo-cache']).toBe('bypass')
}, 120_000)

it('a client that leaves while it waits does not keep its turn: the next in line is served', async () => {
  const running = shop.app.inject({ method: 'GET', url: '/fi/kassa' })
  const controller = new AbortController()
  const leaver = shop.app.inject({ method: 'GET', url: '/fi/kassa', signal: controller.signal }).then(
    () => 'served',
    () => 'aborted',
  )
  const next = shop.app.inject({ method: 'GET', url: '/fi/kassa' })
  controller.abort()
  expect(await leaver).toBe('aborted')
  expect((await running).statusCode).toBe(200)
  expect((await next).statusCode).toBe(200)
}, 120_000)

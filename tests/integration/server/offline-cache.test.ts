/**
 * Which pages the service worker may keep for offline reading: public shop pages only, never the
 * checkout, account or error pages (the header sw/sw.ts looks for). And which GraphQL reads: the
 * public catalogue reads the browser sends as GET by persisted-query hash, shareable by a CDN
 * too; personal operations stay private and need the CSRF header.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProductionApp, type ProductionApp } from './production-app'

let shop: ProductionApp
beforeAll(async () => {
  shop = await startProductionApp()
})
afterAll(async () => {
  await shop?.close()
})

describe('offline caching of pages', () => {
  it.each(['/fi/', '/se/sv/nyheter', '/fi/c/mekot', '/dk/da/'])('%s may be kept offline', async (url) => {
    const response = await shop.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-lumo-offline']).toBe('cache')
  })

  it.each([
    '/fi/kassa',
    '/fi/checkout/confirm',
    '/fi/tilini/tilaukset?loginToken=x',
    '/fi/ei-tallaista-sivua',
  ])('%s is never kept offline', async (url) => {
    const response = await shop.app.inject({ method: 'GET', url })
    expect(response.headers['x-lumo-offline']).toBeUndefined()
  })
})

const brandsQuery = 'query listBrands($marketId: String) { brands(marketId: $marketId) { brandId name } }'
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const CSRF = { 'x-lumo-csrf': '1' }

function getUrl(operationName: string, query: string, variables: Record<string, unknown> = {}) {
  const params = new URLSearchParams({
    operationName,
    variables: JSON.stringify(variables),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(query) } }),
  })
  return `/api/graphql?${params}`
}

describe('GraphQL reads by persisted-query hash', () => {
  it('an unknown hash asks for the query text (the code Apollo retries on), and is not kept', async () => {
    const query = `${brandsQuery} # unknown`
    const response = await shop.app.inject({ url: getUrl('listBrands', query, { marketId: 'fi' }) })
    // a 200: the protocol's normal first step, nothing for the browser to log as a failed request
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ errors: [{ extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] })
    expect(response.headers['x-lumo-offline']).toBeUndefined()
    expect(response.headers['cache-control']).toBe('private, no-store')
  })

  it('once registered by a POST, a public read by hash is shareable and kept offline', async () => {
    const register = await shop.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { ...CSRF, 'content-type': 'application/json' },
      payload: {
        operationName: 'listBrands',
        query: brandsQuery,
        variables: { marketId: 'fi' },
        extensions: { persistedQuery: { version: 1, sha256Hash: sha256(brandsQuery) } },
      },
    })
    expect(register.statusCode).toBe(200)
    // no CSRF header, no cookie: a CDN's request
    const response = await shop.app.inject({ url: getUrl('listBrands', brandsQuery, { marketId: 'fi' }) })
    expect(response.statusCode).toBe(200)
    expect((response.json() as { data: { brands: unknown[] } }).data.brands.length).toBeGreaterThan(0)
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/)
    expect(response.headers['x-lumo-offline']).toBe('cache')
  })

  it('a personal operation by GET needs the CSRF header and is never kept', async () => {
    const cartQuery = 'query getCart($id: String!) { getCart(id: $id) { id } }'
    const refused = await shop.app.inject({ url: getUrl('getCart', cartQuery, { id: 'x' }) })
    expect(refused.statusCode).toBe(403)
    const answered = await shop.app.inject({ url: getUrl('getCart', cartQuery, { id: 'x' }), headers: CSRF })
    expect(answered.headers['x-lumo-offline']).toBeUndefined()
    expect(answered.headers['cache-control']).toBe('private, no-store')
  })

  it('a public operation name does not make query text cacheable', async () => {
    const params = new URLSearchParams({ operationName: 'listBrands', query: brandsQuery })
    const response = await shop.app.inject({ url: `/api/graphql?${params}` })
    expect(response.statusCode).toBe(403)
  })
})

/**
 * Static files are sent from the brotli and gzip copies the build wrote beside them
 * (scripts/precompress.ts), byte for byte, with Content-Encoding and Vary set, and as they are
 * when the browser accepts neither: nothing is compressed per request.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientDist } from '../../../server/ssr'
import { startProductionApp, type ProductionApp } from './production-app'

let shop: ProductionApp
/** The largest hashed script: the one a per-request compression would hurt most. */
let script: { url: string; file: string }

beforeAll(async () => {
  shop = await startProductionApp()
  const assets = path.join(clientDist, 'assets')
  const largest = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: statSync(path.join(assets, name)).size }))
    .sort((a, b) => b.size - a.size)[0]
  if (!largest) throw new Error('the build has no scripts')
  script = { url: `/assets/${largest.name}`, file: path.join(assets, largest.name) }
})

afterAll(async () => {
  await shop?.close()
})

const get = (url: string, acceptEncoding?: string) =>
  shop.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })

describe('precompressed static files', () => {
  it('sends the brotli copy to a browser that accepts brotli', async () => {
    const response = await get(script.url, 'gzip, deflate, br')

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['vary']).toMatch(/accept-encoding/i)
    expect(response.headers['content-type']).toMatch(/^application\/javascript/)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.rawPayload.equals(readFileSync(`${script.file}.br`))).toBe(true)
  })

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const response = await get(script.url, 'gzip')

    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.headers['vary']).toMatch(/accept-encoding/i)
    expect(response.rawPayload.equals(readFileSync(`${script.file}.gz`))).toBe(true)
  })

  it('sends the file as it is when the client accepts no encoding', async () => {
    for (const acceptEncoding of ['identity', undefined]) {
      const response = await get(script.url, acceptEncoding)

      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.headers['vary']).toMatch(/accept-encoding/i)
      expect(response.rawPayload.equals(readFileSync(script.file))).toBe(true)
    }
  })

  it('caches the service worker by its own rule whichever copy is sent', async () => {
    const response = await get('/sw.js', 'br')

    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it('does not serve the compressed copies under their own names', async () => {
    const response = await get(`${script.url}.br`, 'br')

    expect(response.statusCode).toBe(404)
  })

  it('compresses pages per response', async () => {
    const response = await get('/fi/', 'br')

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['vary']).toMatch(/accept-encoding/i)
  })
})

describe('hashed assets from memory', () => {
  it('answers a revalidation with 304 for any encoding it sent', async () => {
    const first = await get(script.url, 'br')
    const etag = first.headers['etag']
    expect(etag).toMatch(/^W\/"[\w-]+"$/)

    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const again = await shop.app.inject({
        method: 'GET',
        url: script.url,
        headers: {
          'if-none-match': String(etag),
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      })
      expect(again.statusCode).toBe(304)
      expect(again.rawPayload.length).toBe(0)
      expect(again.headers['etag']).toBe(etag)
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
  })

  it('sends the whole body to a browser whose copy is another file', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: script.url,
      headers: { 'if-none-match': 'W/"something-else"', 'accept-encoding': 'br' },
    })

    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.equals(readFileSync(`${script.file}.br`))).toBe(true)
  })

  it('answers HEAD with the headers of the copy it would send and no body', async () => {
    const response = await shop.app.inject({
      method: 'HEAD',
      url: script.url,
      headers: { 'accept-encoding': 'gzip' },
    })

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(Number(response.headers['content-length'])).toBe(statSync(`${script.file}.gz`).size)
    expect(response.rawPayload.length).toBe(0)
  })

  it('keeps the security headers of every answer', async () => {
    const response = await get(script.url, 'br')

    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  })

  it('answers 404 for an asset name the build did not write', async () => {
    const response = await get('/assets/entry-client-doesnotexist.js', 'br')

    expect(response.statusCode).toBe(404)
  })
})

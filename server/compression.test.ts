import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import fastifyCompress from '@fastify/compress'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BROTLI_WINDOW_BITS, compressionOptions, preferredEncoding } from './compression'

const page = `<!doctype html><title>Lumo</title>${'<p>Mekot ja kengät</p>'.repeat(200)}`
const storedCompressed = brotliCompressSync(page)
const app = Fastify()

/** WBITS from a brotli stream's header (RFC 7932 §9.1): the window its encoder used. */
function brotliWindowBits(stream: Buffer): number {
  let bit = 0
  const read = (count: number) => {
    let value = 0
    for (let i = 0; i < count; i++, bit++) value |= ((stream[bit >> 3]! >> (bit & 7)) & 1) << i
    return value
  }
  if (read(1) === 0) return 16
  const n = read(3)
  if (n !== 0) return 17 + n
  const m = read(3)
  return m === 0 ? 17 : 8 + m
}

beforeAll(async () => {
  await app.register(fastifyCompress, compressionOptions)
  app.get('/rendered', (_request, reply) => reply.type('text/html; charset=utf-8').send(page))
  // What a page cache does with a page it stored compressed.
  app.get('/stored', (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-encoding', 'br')
      .header('vary', 'accept-encoding')
      .send(storedCompressed),
  )
  await app.ready()
})

afterAll(() => app.close())

describe('response compression', () => {
  it('compresses a rendered page for a browser that accepts brotli or gzip', async () => {
    const brotli = await app.inject({ url: '/rendered', headers: { 'accept-encoding': 'br, gzip' } })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['vary']).toMatch(/accept-encoding/)
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(page)

    const gzip = await app.inject({ url: '/rendered', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(page)
  })

  it('compresses with a window that holds a page, not brotli’s 4 MiB default', async () => {
    const brotli = await app.inject({ url: '/rendered', headers: { 'accept-encoding': 'br' } })
    expect(brotliWindowBits(brotli.rawPayload)).toBe(BROTLI_WINDOW_BITS)
    expect(BROTLI_WINDOW_BITS).toBeLessThan(22)
  })

  it('passes a response that already carries Content-Encoding through untouched', async () => {
    const response = await app.inject({ url: '/stored', headers: { 'accept-encoding': 'br, gzip' } })

    expect(response.headers['content-encoding']).toBe('br')
    expect(response.rawPayload.equals(storedCompressed)).toBe(true)
  })
})

describe('preferredEncoding', () => {
  const both = ['br', 'gzip'] as const

  it('takes the first stored copy the browser names, in the server’s order', () => {
    expect(preferredEncoding('gzip, deflate, br', both)).toBe('br')
    expect(preferredEncoding('gzip', both)).toBe('gzip')
    expect(preferredEncoding('x-gzip', both)).toBe('gzip')
    expect(preferredEncoding('br', ['gzip'])).toBeUndefined()
  })

  it('honours q=0 and the * wildcard', () => {
    expect(preferredEncoding('br;q=0, gzip', both)).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip;q=0', both)).toBeUndefined()
    expect(preferredEncoding('*', both)).toBe('br')
    expect(preferredEncoding('*;q=0, gzip;q=0.5', both)).toBe('gzip')
  })

  it('sends the content as it is without a header, for identity or with no copy', () => {
    expect(preferredEncoding(undefined, both)).toBeUndefined()
    expect(preferredEncoding('identity', both)).toBeUndefined()
    expect(preferredEncoding('br, gzip', [])).toBeUndefined()
  })
})

import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import fastifyCompress from '@fastify/compress'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressionOptions, preferredEncoding } from './compression'

const page = `<!doctype html><title>Lumo</title>${'<p>Mekot ja kengät</p>'.repeat(200)}`
const storedCompressed = brotliCompressSync(page)
const app = Fastify()

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

/**
 * The browser's way to the likes service: /api/likes (server/ssr/likes-proxy.ts) in front of the
 * real service on a real database, joined by the service fetch as in production. The proxy
 * attaches the bearer token from the HttpOnly cookie and refuses cross-site requests; the
 * service decides whose list it is.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import likesService, { type BearerVerifier } from '../../../server/services/likes'
import likesProxy, { type LikesProxyOptions } from '../../../server/ssr/likes-proxy'
import { createServiceFetch } from '../../../server/services/shared/service-fetch'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

const SELF = { host: '127.0.0.1', port: 39_921 }
const AINO = '6f1c3a52-4f2a-4a39-9d0e-0c9b8a1e0011'
const BO = '6f1c3a52-4f2a-4a39-9d0e-0c9b8a1e0012'
const TOKENS: Record<string, string> = { 'token-aino': AINO, 'token-bo': BO }
const verifier: BearerVerifier = { verify: async (token) => (TOKENS[token] ? { id: TOKENS[token] } : null) }

function configWith(likes: string): LikesProxyOptions['config'] {
  return {
    publicUrl: 'https://shop.example',
    services: { api: '', auth: '', sign: '', likes, loyalty: '', search: '', images: '', payments: '' },
  }
}

describe('likes proxy', () => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase()
    await database.db
      .insertInto('users')
      .values([
        { user_id: AINO, email: 'aino@example.com' },
        { user_id: BO, email: 'bo@example.com' },
      ])
      .execute()
    app = Fastify()
    await app.register(likesService, { database, verifier })
    await app.register(likesProxy, {
      config: configWith(`http://${SELF.host}:${SELF.port}/likes`),
      serviceFetch: createServiceFetch(app, SELF),
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const browser = (token?: string, extra: Record<string, string> = {}) => ({
    host: 'shop.example',
    'x-lumo-csrf': '1',
    ...(token ? { cookie: `lumo-auth=${token}; lumo-user=%7B%7D` } : {}),
    ...extra,
  })

  it('saves and reads the shopper’s own list with the token from the cookie', async () => {
    const saved = await app.inject({
      method: 'POST',
      url: `/api/likes/users/${AINO}/products`,
      headers: browser('token-aino'),
      payload: [12, 4, 9],
    })
    expect(saved.statusCode).toBe(200)
    const read = await app.inject({
      url: `/api/likes/users/${AINO}/products`,
      headers: browser('token-aino'),
    })
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual([12, 4, 9])
    expect(read.headers['cache-control']).toBe('no-store')
    expect(read.headers['last-modified']).toBeDefined()

    const marked = await app.inject({
      method: 'POST',
      url: `/api/likes/users/${AINO}/migrated`,
      headers: browser('token-aino'),
    })
    expect(marked.statusCode).toBe(204)
    const flag = await app.inject({
      url: `/api/likes/users/${AINO}/migrated`,
      headers: browser('token-aino'),
    })
    expect(flag.json()).toBe(true)
  })

  it("passes on the service's refusals: no session 401, another shopper's list 403", async () => {
    const anonymous = await app.inject({ url: `/api/likes/users/${AINO}/products`, headers: browser() })
    expect(anonymous.statusCode).toBe(401)
    const forged = await app.inject({ url: `/api/likes/users/${AINO}/products`, headers: browser('forged') })
    expect(forged.statusCode).toBe(401)
    const other = await app.inject({ url: `/api/likes/users/${AINO}/products`, headers: browser('token-bo') })
    expect(other.statusCode).toBe(403)
    const write = await app.inject({
      method: 'POST',
      url: `/api/likes/users/${AINO}/products`,
      headers: browser('token-bo'),
      payload: [1],
    })
    expect(write.statusCode).toBe(403)
  })

  it('refuses cross-site requests before they reach the service', async () => {
    const noHeader = await app.inject({
      method: 'POST',
      url: `/api/likes/users/${AINO}/products`,
      headers: { host: 'shop.example', cookie: 'lumo-auth=token-aino' },
      payload: [666],
    })
    expect(noHeader.statusCode).toBe(403)
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/likes/users/${AINO}/products`,
      headers: browser('token-aino', { origin: 'https://evil.example' }),
      payload: [666],
    })
    expect(foreign.statusCode).toBe(403)
    const form = await app.inject({
      method: 'POST',
      url: `/api/likes/users/${AINO}/products`,
      headers: browser('token-aino', { 'content-type': 'text/plain' }),
      payload: '[666]',
    })
    expect(form.statusCode).toBe(415)
    const read = await app.inject({
      url: `/api/likes/users/${AINO}/products`,
      headers: browser('token-aino'),
    })
    expect(read.json()).not.toContain(666)
  })

  it('answers 502 when the likes service cannot be reached, and 404 for other paths', async () => {
    const down = Fastify()
    await down.register(likesProxy, {
      config: configWith('http://127.0.0.1:9/likes'),
      serviceFetch: () => Promise.reject(new TypeError('fetch failed')),
    })
    const response = await down.inject({
      url: `/api/likes/users/${AINO}/products`,
      headers: browser('token-aino'),
    })
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({ error: 'likes-unavailable' })
    await down.close()
    const unknown = await app.inject({
      url: `/api/likes/users/${AINO}/other`,
      headers: browser('token-aino'),
    })
    expect(unknown.statusCode).toBe(404)
  })
})

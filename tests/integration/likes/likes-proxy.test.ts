/**
 * The browser's way to the likes service: /api/likes (server/ssr/likes-proxy.ts) in front of the
 * real service on a real database, joined by the service fetch as in production. The proxy
 * attaches the bearer token from the HttpOnly cookie and refuses cross-site requests; the
 * service decides whose list it is.
 */
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import likesProxy from '../../../server/ssr/likes-proxy'
import { startLikesApp, type Customer, type LikesApp } from './likes-harness'

describe('likes proxy', () => {
  let shop: LikesApp
  let aino: Customer
  let bo: Customer
  let AINO: string

  beforeAll(async () => {
    shop = await startLikesApp()
    aino = await shop.customer('aino')
    bo = await shop.customer('bo')
    AINO = aino.userId
  })
  afterAll(() => shop?.close())

  const browser = (token?: string, extra: Record<string, string> = {}) => ({
    host: 'shop.example',
    'x-lumo-csrf': '1',
    ...(token ? { cookie: `lumo-auth=${token}; lumo-user=%7B%7D` } : {}),
    ...extra,
  })

  it('saves and reads the shopper’s own list with the token from the cookie', async () => {
    const saved = await shop.app.inject({
      method: 'POST',
      url: `/api/likes/users/${AINO}/products`,
      headers: browser(aino.token),
      payload: [12, 4, 9],
    })
    expect(saved.statusCode).toBe(200)
    const read = await shop.app.inject({
      url: `/api/likes/users/${AINO}/products`,
      headers: browser(aino.token),
    })
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual([12, 4, 9])
    expect(read.headers['cache-control']).toBe('private, no-store')
    expect(read.headers['last-modified']).toBeDefined()

    const marked = await shop.app.inject({
      method: 'POST',
      url: `/api/likes/users/${AINO}/migrated`,
      headers: browser(aino.token),
    })
    expect(marked.statusCode).toBe(204)
    const flag = await shop.app.inject({
      url: `/api/likes/users/${AINO}/migrated`,
      headers: browser(aino.token),
    })
    expect(flag.json()).toBe(true)
  })

  it("passes on the service's refusals: no session 401, another shopper's list 403", async () => {
    const anonymous = await shop.app.inject({ url: `/api/likes/users/${AINO}/products`, headers: browser() })
    expect(anonymous.statusCode).toBe(401)
    const forged = await shop.app.inject({
      url: `/api/likes/users/${AINO}/products`,
      headers: browser('forged'),
    })
    expect(forged.statusCode).toBe(401)
    const other = await shop.app.inject({
      url: `/api/likes/users/${AINO}/products`,
      headers: browser(bo.token),
    })
    expect(other.statusCode).toBe(403)
    const write = await shop.app.inject({
      method: 'POST',
      url: `/api/likes/users/${AINO}/products`,
      headers: browser(bo.token),
      payload: [1],
    })
    expect(write.statusCode).toBe(403)
  })

  it('refuses cross-site requests before they reach the service', async () => {
    const noHeader = await shop.app.inject({
      method: 'POST',
      url: `/api/likes/users/${AINO}/products`,
      headers: { host: 'shop.example', cookie: `lumo-auth=${aino.token}` },
      payload: [666],
    })
    expect(noHeader.statusCode).toBe(403)
    const foreign = await shop.app.inject({
      method: 'POST',
      url: `/api/likes/users/${AINO}/products`,
      headers: browser(aino.token, { origin: 'https://evil.example' }),
      payload: [666],
    })
    expect(foreign.statusCode).toBe(403)
    const form = await shop.app.inject({
      method: 'POST',
      url: `/api/likes/users/${AINO}/products`,
      headers: browser(aino.token, { 'content-type': 'text/plain' }),
      payload: '[666]',
    })
    expect(form.statusCode).toBe(415)
    const read = await shop.app.inject({
      url: `/api/likes/users/${AINO}/products`,
      headers: browser(aino.token),
    })
    expect(read.json()).not.toContain(666)
  })

  it('answers 502 when the likes service cannot be reached, and 404 for other paths', async () => {
    const down = Fastify()
    await down.register(likesProxy, {
      config: { ...shop.config, services: { ...shop.config.services, likes: 'http://127.0.0.1:9/likes' } },
      serviceFetch: () => Promise.reject(new TypeError('fetch failed')),
    })
    const response = await down.inject({
      url: `/api/likes/users/${AINO}/products`,
      headers: browser(aino.token),
    })
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({ error: 'likes-unavailable' })
    await down.close()
    const unknown = await shop.app.inject({
      url: `/api/likes/users/${AINO}/other`,
      headers: browser(aino.token),
    })
    expect(unknown.statusCode).toBe(404)
  })
})

/**
 * Security headers on every answer of the production app (server/security-headers.ts, ADR 0026):
 * one request of each kind (page, asset, image, GraphQL, session, likes, auth, log sink, payment
 * page, 404, error, /healthz, service worker, manifest), then every registered route; the
 * personalised ones are `private, no-store`; over https (PUBLIC_URL) HSTS and Secure cookies.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordDigest } from '../../../src/shared/password-digest'
import { clientDist } from '../../../server/ssr'
import {
  HSTS,
  isPersonalPath,
  NON_HTML_CSP,
  PRIVATE_NO_STORE,
  SERVICE_WORKER_CSP,
  STATIC_HTML_CSP,
} from '../../../server/security-headers'
import { PRODUCTION_API_KEY, startProductionApp, type ProductionApp } from './production-app'
import { registerAndLogInThroughShop } from '../helpers/auth'

let shop: ProductionApp
let secureShop: ProductionApp
let productImage: string

beforeAll(async () => {
  shop = await startProductionApp()
  secureShop = await startProductionApp({ PUBLIC_URL: 'https://shop.example' })
  const row = await shop.database.db
    .selectFrom('product_images')
    .select('file_name')
    .orderBy('file_name')
    .executeTakeFirstOrThrow()
  productImage = row.file_name
}, 600_000)
afterAll(async () => {
  await shop?.close()
  await secureShop?.close()
})

const BROWSER = { 'x-lumo-csrf': '1', 'content-type': 'application/json' }
const SESSION_COOKIES = 'lumo-auth=junk.token.here; lumo-cart=cart-1'

function asset(extension: string): string {
  const file = readdirSync(path.join(clientDist, 'assets')).find((name) => name.endsWith(extension))
  if (!file) throw new Error(`no built ${extension} asset`)
  return `/assets/${file}`
}

/** One request of each kind the app answers, by name. */
function kinds(): Record<string, InjectOptions> {
  return {
    page: { url: '/fi/' },
    'personal page': { url: '/fi/tilini/tilaukset', headers: { cookie: SESSION_COOKIES } },
    'script asset': { url: asset('.js') },
    'style asset': { url: asset('.css') },
    image: { url: `/img/product/400f500/${encodeURIComponent(productImage)}?format=webp` },
    'service worker': { url: '/sw.js' },
    manifest: { url: '/manifest.webmanifest' },
    'offline page': { url: '/offline.html' },
    'commerce API': {
      method: 'POST',
      url: '/graphql',
      headers: { 'x-apikey': PRODUCTION_API_KEY, 'content-type': 'application/json' },
      payload: { query: '{ __typename }' },
    },
    'GraphQL BFF': {
      method: 'POST',
      url: '/api/graphql',
      headers: BROWSER,
      payload: { query: '{ __typename }' },
    },
    session: { url: '/api/session', headers: { cookie: SESSION_COOKIES } },
    'likes BFF': { url: '/api/likes/users/1/products', headers: { ...BROWSER, cookie: SESSION_COOKIES } },
    'likes service': { url: '/likes/users/1/products', headers: { authorization: 'Bearer junk' } },
    'auth service': { method: 'POST', url: '/auth/login', payload: { username: 'a@example.fi' } },
    'auth public keys': { url: '/auth/.well-known/jwks.json' },
    'log sink': {
      method: 'PUT',
      url: '/api/log-error',
      payload: { message: 'TypeError: x is undefined' },
    },
    'payment page': { url: `/pay/orders/${randomUUID()}` },
    'Fastify 404': { method: 'POST', url: '/nowhere', payload: {} },
    'Fastify error (malformed JSON)': {
      method: 'PUT',
      url: '/api/log-error',
      headers: { 'content-type': 'application/json' },
      payload: '{"message":',
    },
    healthz: { url: '/healthz' },
    'robots.txt': { url: '/robots.txt' },
  }
}

function expectBaseHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff')
  expect(response.headers['x-frame-options']).toBe('DENY')
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin')
  expect(response.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/)
  expect(response.headers['referrer-policy']).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/)
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
}

describe('every kind of answer carries the security headers', () => {
  it.each(Object.keys(kinds()))('%s', async (kind) => {
    const response = await shop.app.inject(kinds()[kind]!)
    expect(response.statusCode).toBeLessThan(500)
    expectBaseHeaders(response)
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  it('pages keep their nonce CSP, the payment page its own and its no-referrer', async () => {
    const page = await shop.app.inject({ url: '/fi/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toMatch(
      /script-src 'self' 'nonce-[^']+' 'strict-dynamic'/,
    )
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    const payment = await shop.app.inject(kinds()['payment page']!)
    expect(payment.statusCode).toBe(404)
    expect(payment.headers['content-type']).toMatch(/^text\/html/)
    expect(payment.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'nonce-/)
    expect(payment.headers['referrer-policy']).toBe('no-referrer')
  })

  it('answers that are not the pages get a policy that allows nothing, or what they need', async () => {
    const policy = async (kind: string) =>
      (await shop.app.inject(kinds()[kind]!)).headers['content-security-policy']
    for (const kind of ['script asset', 'image', 'GraphQL BFF', 'session', 'Fastify 404', 'healthz'])
      expect(await policy(kind)).toBe(NON_HTML_CSP)
    expect(await policy('service worker')).toBe(SERVICE_WORKER_CSP)
    expect(await policy('offline page')).toBe(STATIC_HTML_CSP)
  })

  it('personalised answers are private, no-store; shared ones stay cacheable', async () => {
    for (const kind of [
      'personal page',
      'commerce API',
      'GraphQL BFF',
      'session',
      'likes BFF',
      'likes service',
      'auth service',
    ]) {
      const response = await shop.app.inject(kinds()[kind]!)
      expect([kind, response.headers['cache-control']]).toEqual([kind, PRIVATE_NO_STORE])
    }
    for (const kind of ['script asset', 'image', 'auth public keys', 'robots.txt']) {
      const response = await shop.app.inject(kinds()[kind]!)
      expect([kind, response.headers['cache-control']]).toEqual([kind, expect.stringMatching(/^public/)])
    }
  })
})

interface Route {
  url: string
  methods: string[]
}

/** The app's routes, from Fastify's route tree (children continue their parent's path). */
function routesOf(app: FastifyInstance): Route[] {
  const parents: string[] = []
  const routes: Route[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = match[1]!.length / 4
    parents.length = depth
    const url = (parents[depth - 1] ?? '') + match[2]!
    parents.push(url)
    if (match[3]) routes.push({ url, methods: match[3].split(', ').filter((method) => method !== 'HEAD') })
  }
  return routes
}

function concrete(url: string): string {
  if (url === '*') return '/fi/'
  return url
    .replace(':fileName', encodeURIComponent(productImage))
    .replace(':type', 'product')
    .replace(':sizeFolder', '400f500')
    .replace(':reference', randomUUID())
    .replace(/:part\([^)]*\)/, '1')
    .replace(/:[A-Za-z]+/g, '1')
}

describe('every route of the app', () => {
  it('is enumerated (the routes this test walks exist)', async () => {
    const urls = routesOf(shop.app).map((route) => route.url)
    for (const url of [
      '/healthz',
      '/api/session/login',
      '/api/graphql',
      '/graphql',
      '/img/:type/:sizeFolder/:fileName',
      '*',
    ])
      expect(urls).toContain(url)
    // printRoutes leaves a wildcard under a path (/assets/*, the hashed assets from memory) out
    // of its tree: those answers are among the kinds above instead, and are served
    expect((await shop.app.inject({ url: asset('.js') })).statusCode).toBe(200)
  })

  it('answers every method with the security headers; personal paths private, no-store', async () => {
    const personal: string[] = []
    for (const route of routesOf(shop.app)) {
      for (const method of route.methods) {
        const url = concrete(route.url)
        const response = await shop.app.inject({
          method: method as InjectOptions['method'],
          url,
          headers: { ...BROWSER, cookie: SESSION_COOKIES },
          ...(method === 'GET' ? {} : { payload: {} }),
        })
        expectBaseHeaders(response)
        if (isPersonalPath(url)) {
          personal.push(`${method} ${route.url}`)
          expect([method, url, response.headers['cache-control']]).toEqual([method, url, PRIVATE_NO_STORE])
        }
      }
    }
    // the personal answers the walk covered: the BFF endpoints and the services behind them
    expect(personal).toEqual(
      expect.arrayContaining([
        'POST /api/graphql',
        'GET /api/session',
        'POST /api/session/login',
        'POST /api/session/refresh',
        'GET /api/likes/users/:userId/products',
        'POST /graphql',
        'GET /graphql',
        'POST /auth/login',
        'GET /auth/sign/:apiKey',
        'GET /likes/users/:userId/products',
      ]),
    )
  }, 120_000)
})

describe('over https (PUBLIC_URL=https://…)', () => {
  it.each(Object.keys(kinds()))('%s has HSTS', async (kind) => {
    const response = await secureShop.app.inject(kinds()[kind]!)
    expectBaseHeaders(response)
    expect(response.headers['strict-transport-security']).toBe(HSTS)
  })

  it('session cookies are Secure even when the proxy in front is not trusted to say https', async () => {
    const registered = await registerAndLogInThroughShop(secureShop.app, {
      headers: BROWSER,
      payload: {
        username: 'turva@example.fi',
        password: await passwordDigest('salasana1'),
        rememberMe: true,
      },
    })
    expect(registered.statusCode).toBe(200)
    expect(registered.headers['cache-control']).toBe(PRIVATE_NO_STORE)
    const names = registered.cookies.map((cookie) => cookie.name).sort()
    expect(names).toEqual(['lumo-auth', 'lumo-auth-refresh', 'lumo-device', 'lumo-user', 'lumo-user-maxage'])
    for (const cookie of registered.cookies) {
      expect([cookie.name, cookie.secure]).toEqual([cookie.name, true])
      expect([cookie.name, cookie.sameSite]).toEqual([cookie.name, expect.stringMatching(/^(Lax|Strict)$/)])
    }
    const loggedOut = await secureShop.app.inject({
      method: 'POST',
      url: '/api/session/logout',
      headers: { ...BROWSER, cookie: 'lumo-auth=x' },
      payload: {},
    })
    for (const cookie of loggedOut.cookies) expect([cookie.name, cookie.secure]).toEqual([cookie.name, true])
    expect(loggedOut.cookies.length).toBe(4)
  })

  it('over plain http to an http shop, cookies are not Secure (local development) but keep SameSite', async () => {
    const registered = await registerAndLogInThroughShop(shop.app, {
      headers: BROWSER,
      payload: { username: 'paikallinen@example.fi', password: await passwordDigest('salasana1') },
    })
    expect(registered.statusCode).toBe(200)
    for (const cookie of registered.cookies) {
      expect([cookie.name, cookie.secure ?? false]).toEqual([cookie.name, false])
      expect(cookie.sameSite).toMatch(/^(Lax|Strict)$/)
    }
  })
})

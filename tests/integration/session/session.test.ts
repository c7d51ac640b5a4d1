/**
 * The storefront's session endpoints (server/ssr/session.ts) against the real auth service on a
 * real database, in one app joined by the service fetch as in production: the cookies and their
 * attributes, the CSRF refusals, and GET /api/session deciding from the verified token only.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import fastifyCookie from '@fastify/cookie'
import { loadConfig } from '../../../server/config'
import authService from '../../../server/services/auth'
import { createTokenVerifier } from '../../../server/services/shared/auth-tokens'
import { sessionRevocations } from '../../../server/services/shared/session-revocations'
import { createServiceFetch } from '../../../server/services/shared/service-fetch'
import { createPasswordHasher, SCRYPT_PARAMS } from '../../../server/services/shared/password-hash'
import sessionRoutes from '../../../server/ssr/session'
import { passwordDigest } from '../../../src/shared/password-digest'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

let app: FastifyInstance
let database: TestDatabase
let dataDir: string
const profiles: unknown[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = await mkdtemp(path.join(tmpdir(), 'lumo-session-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    PUBLIC_URL: 'https://shop.example',
  })
  // behind one proxy on this host (TRUST_PROXY=127.0.0.1): its X-Forwarded-Proto makes cookies Secure
  app = Fastify({ logger: false, trustProxy: ['127.0.0.1'] })
  await app.register(fastifyCookie)
  await app.register(authService, { database, config, passwordHasher: createPasswordHasher(SCRYPT_PARAMS) })
  // the commerce API's updateUser, as registration calls it with the new token
  app.post('/graphql', async (request) => {
    profiles.push({ authorization: request.headers.authorization, body: request.body })
    return { data: { updateUser: { id: 'x' } } }
  })
  const serviceFetch = createServiceFetch(app, config)
  const verifier = createTokenVerifier({
    authUrl: config.services.auth,
    fetch: serviceFetch,
    revocations: sessionRevocations(database.db),
  })
  await app.register(sessionRoutes, { config, serviceFetch, verifier })
  await app.ready()
}, 60_000)

afterAll(async () => {
  await app.close()
  await database.close()
  await rm(dataDir, { recursive: true, force: true })
})

const BROWSER = { host: 'shop.example', 'x-lumo-csrf': '1', origin: 'https://shop.example' }

interface Jar {
  [name: string]: string
}

function cookieHeader(jar: Jar): string {
  return Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')
}

/** Applies a response's Set-Cookie to the jar (Max-Age=0 deletes), as a browser does. */
function keep(jar: Jar, response: LightMyRequestResponse): Jar {
  for (const cookie of response.cookies) {
    if (cookie.maxAge === 0 || cookie.value === '') delete jar[cookie.name]
    else jar[cookie.name] = cookie.value
  }
  return jar
}

function post(
  url: string,
  payload: unknown,
  jar: Jar = {},
  headers: Record<string, string> = BROWSER,
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...headers, cookie: cookieHeader(jar), 'x-forwarded-proto': 'https' },
    payload: payload as Record<string, unknown>,
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

async function registerBody(email: string, password: string, rememberMe = true, user?: unknown) {
  return { username: email, password: await passwordDigest(password), rememberMe, ...(user ? { user } : {}) }
}

function session(jar: Jar) {
  return app.inject({ method: 'GET', url: '/api/session', headers: { cookie: cookieHeader(jar) } })
}

describe('POST /api/session/register and /login', () => {
  it('registers, saves the profile with the new token and sets the four cookies with their attributes', async () => {
    const response = await post(
      '/api/session/register',
      await registerBody('reg@example.fi', 'salasana1', true, { newsletter: true }),
    )
    expect(response.statusCode).toBe(200)
    const body = response.json() as { user: { id: string; email: string }; maxAge: number }
    expect(body).toMatchObject({
      user: { email: 'reg@example.fi', customerType: 'PERSON' },
      maxAge: 900,
      expiresAt: expect.any(Number),
    })
    expect(response.body).not.toMatch(/eyJ/) // no token in the body
    expect(response.headers['cache-control']).toBe('private, no-store')

    const byName = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]))
    expect(byName['lumo-auth']).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
      path: '/',
      maxAge: 604_800,
    })
    expect(byName['lumo-auth-refresh']).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      secure: true,
      path: '/api/session',
      maxAge: 604_800,
    })
    expect(byName['lumo-user']?.httpOnly).toBeFalsy()
    expect(JSON.parse(decodeURIComponent(byName['lumo-user']!.value))).toEqual(body.user)
    expect(byName['lumo-user-maxage']?.value).toBe('604800')

    expect(profiles).toHaveLength(1)
    expect(profiles[0]).toMatchObject({
      authorization: `Bearer ${byName['lumo-auth']!.value}`,
      body: { variables: { user: { newsletter: true } } },
    })
  })

  it('answers 409 account-exists for a second registration', async () => {
    const response = await post('/api/session/register', await registerBody('reg@example.fi', 'toinen12'))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ error: 'account-exists' })
    expect(response.cookies).toHaveLength(0)
  })

  it('logs in; without remember-me the refresh and readable cookies live 30 minutes', async () => {
    const response = await post(
      '/api/session/login',
      await registerBody('reg@example.fi', 'salasana1', false),
    )
    expect(response.statusCode).toBe(200)
    const byName = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]))
    expect(byName['lumo-auth-refresh']?.maxAge).toBe(1800)
    expect(byName['lumo-user']?.maxAge).toBe(1800)
    expect(byName['lumo-user-maxage']?.value).toBe('1800')
  })

  it('answers a wrong password with 401 invalid-credentials and no cookies', async () => {
    const response = await post('/api/session/login', await registerBody('reg@example.fi', 'väärä123'))
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: 'invalid-credentials' })
    expect(response.cookies).toHaveLength(0)
  })

  it('passes the 429 and its Retry-After through, counting the shopper’s address, not the server’s', async () => {
    const body = await registerBody('throttled@example.fi', 'väärä123')
    let last: LightMyRequestResponse | undefined
    for (let attempt = 0; attempt < 11; attempt++)
      last = await post('/api/session/login', body, {}, BROWSER, '203.0.113.9')
    expect(last?.statusCode).toBe(429)
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0)
    expect(last?.json()).toMatchObject({ error: 'too-many-attempts' })

    // that address is limited for any account; another shopper is not
    const other = await registerBody('someone-else@example.fi', 'väärä123')
    expect((await post('/api/session/login', other, {}, BROWSER, '203.0.113.9')).statusCode).toBe(429)
    expect((await post('/api/session/login', other, {}, BROWSER, '198.51.100.7')).statusCode).toBe(401)
  })

  it('refuses a body that is not the contract with 400', async () => {
    const response = await post('/api/session/login', { username: 'not-an-email', password: '' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: 'invalid-request' })
  })
})

describe('CSRF', () => {
  it('refuses a mutation without the x-lumo-csrf header', async () => {
    const { 'x-lumo-csrf': _dropped, ...withoutHeader } = BROWSER
    const response = await post(
      '/api/session/login',
      await registerBody('reg@example.fi', 'salasana1'),
      {},
      withoutHeader,
    )
    expect(response.statusCode).toBe(403)
    expect(response.cookies).toHaveLength(0)
  })

  it('refuses a mutation from another origin', async () => {
    const response = await post('/api/session/logout', {}, {}, { ...BROWSER, origin: 'https://evil.example' })
    expect(response.statusCode).toBe(403)
    expect(response.cookies).toHaveLength(0)
  })
})

describe('the session after login', () => {
  it('GET /api/session answers the verified user; refresh rotates; logout clears and revokes', async () => {
    const jar = keep(
      {},
      await post('/api/session/register', await registerBody('cycle@example.fi', 'salasana1')),
    )
    const me = await session(jar)
    expect(me.json()).toMatchObject({ user: { email: 'cycle@example.fi' }, expiresAt: expect.any(Number) })

    const oldRefresh = jar['lumo-auth-refresh']
    const refreshed = await post('/api/session/refresh', {}, jar)
    expect(refreshed.statusCode).toBe(200)
    keep(jar, refreshed)
    expect(jar['lumo-auth-refresh']).not.toBe(oldRefresh)

    const out = await post('/api/session/logout', {}, { ...jar })
    expect(out.statusCode).toBe(200)
    const cleared = out.cookies.filter((cookie) => cookie.maxAge === 0).map((cookie) => cookie.name)
    expect(cleared.sort()).toEqual(['lumo-auth', 'lumo-auth-refresh', 'lumo-user', 'lumo-user-maxage'])
    // the refresh token is revoked on the server, not only forgotten by the browser
    const reused = await post('/api/session/refresh', {}, jar)
    expect(reused.statusCode).toBe(401)
    expect(reused.json()).toEqual({ error: 'session-expired' })
  })

  it('GET /api/session never believes a hand-made lumo-user cookie with a junk token', async () => {
    const forged = {
      'lumo-auth': 'junk.token.value',
      'lumo-user': encodeURIComponent(JSON.stringify({ id: '1', email: 'x@y.fi', customerType: 'PERSON' })),
    }
    expect((await session(forged)).json()).toEqual({ user: null })
  })

  it('a wrong current password logs out: cookies cleared, the session revoked', async () => {
    const jar = keep(
      {},
      await post('/api/session/register', await registerBody('pw@example.fi', 'salasana1')),
    )
    const wrong = await post(
      '/api/session/password',
      { password: await passwordDigest('väärä123'), newPassword: await passwordDigest('uusi12345') },
      jar,
    )
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ error: 'wrong-password', loggedOut: true })
    expect(wrong.cookies.filter((cookie) => cookie.maxAge === 0)).toHaveLength(4)
    expect((await post('/api/session/refresh', {}, jar)).statusCode).toBe(401)
  })

  it('a right current password changes it: the new one logs in', async () => {
    const jar = keep(
      {},
      await post('/api/session/register', await registerBody('pw2@example.fi', 'salasana1')),
    )
    const changed = await post(
      '/api/session/password',
      { password: await passwordDigest('salasana1'), newPassword: await passwordDigest('uusi12345') },
      jar,
    )
    expect(changed.statusCode).toBe(200)
    expect(
      (await post('/api/session/login', await registerBody('pw2@example.fi', 'uusi12345'))).statusCode,
    ).toBe(200)
    expect(
      (await post('/api/session/login', await registerBody('pw2@example.fi', 'salasana1'))).statusCode,
    ).toBe(401)
  })

  it('a password change needs a verified session', async () => {
    const response = await post(
      '/api/session/password',
      { password: await passwordDigest('a'), newPassword: await passwordDigest('b') },
      { 'lumo-auth': 'junk' },
    )
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: 'not-logged-in' })
  })
})

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
import { createTokenVerifier, type TokenVerifier } from '../../../server/services/shared/auth-tokens'
import { sessionRevocations } from '../../../server/services/shared/session-revocations'
import { createServiceFetch } from '../../../server/services/shared/service-fetch'
import { createPasswordHasher, SCRYPT_PARAMS } from '../../../server/services/shared/password-hash'
import sessionRoutes from '../../../server/ssr/session'
import { passwordDigest } from '../../../src/shared/password-digest'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

let app: FastifyInstance
let database: TestDatabase
let dataDir: string
let verifier: TokenVerifier
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
  verifier = createTokenVerifier({
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

let registrations = 0
/** A registration from an address of its own (registrations are limited per address). */
function register(body: unknown, jar: Jar = {}) {
  return post('/api/session/register', body, jar, BROWSER, `198.18.0.${++registrations}`)
}

/** Registers and logs in as the form does; the jar holds the login's cookies. */
async function registerAndLogIn(email: string, password: string) {
  const body = await registerBody(email, password)
  expect((await register(body)).statusCode).toBe(202)
  return keep({}, await post('/api/session/login', body))
}

async function mailsTo(recipient: string) {
  return database.db
    .selectFrom('mail_messages')
    .select(['kind', 'language', 'payload'])
    .where('recipient', '=', recipient)
    .orderBy('message_id')
    .execute()
}

describe('POST /api/session/register and /login', () => {
  it('registers: 202 “check your e-mail”, no cookies, the profile saved with a session that is then ended, a welcome mail', async () => {
    const response = await register({
      ...(await registerBody('reg@example.fi', 'salasana1', true, { newsletter: true })),
      language: 'sv',
      accountPath: '/se/konto',
    })
    expect(response.statusCode).toBe(202)
    expect(response.json()).toEqual({ checkEmail: true })
    expect(response.cookies).toHaveLength(0)
    expect(response.headers['cache-control']).toBe('private, no-store')

    expect(profiles).toHaveLength(1)
    const profile = profiles[0] as { authorization: string; body: unknown }
    expect(profile).toMatchObject({ body: { variables: { user: { newsletter: true } } } })
    // the session that carried the profile is over: its token no longer verifies
    expect(await verifier.verify(profile.authorization.replace(/^Bearer /, ''))).toBeNull()

    expect(await mailsTo('reg@example.fi')).toEqual([
      {
        kind: 'account-welcome',
        language: 'sv',
        payload: { actionUrl: 'https://shop.example/se/konto', shopUrl: 'https://shop.example' },
      },
    ])
  })

  it('answers a registration for an existing e-mail exactly alike, changes nothing and mails the owner', async () => {
    const first = await register(await registerBody('reg@example.fi', 'toinen12'))
    const second = await register(
      await registerBody('reg@example.fi', 'kolmas12', true, { newsletter: true }),
    )
    for (const response of [first, second]) {
      expect(response.statusCode).toBe(202)
      expect(response.json()).toEqual({ checkEmail: true })
      expect(response.cookies).toHaveLength(0)
    }
    expect(profiles).toHaveLength(1) // no profile written over the owner's
    const mails = await mailsTo('reg@example.fi')
    expect(mails.map((mail) => mail.kind)).toEqual(['account-welcome', 'account-exists', 'account-exists'])
    expect(mails[1]).toMatchObject({ language: 'fi', payload: { actionUrl: 'https://shop.example/' } })
    // the owner's password is the one they chose
    expect(
      (await post('/api/session/login', await registerBody('reg@example.fi', 'toinen12'))).statusCode,
    ).toBe(401)
    expect(
      (await post('/api/session/login', await registerBody('reg@example.fi', 'salasana1'))).statusCode,
    ).toBe(200)
  })

  it('limits registrations to 5 an hour from one address (429 with Retry-After), not from another', async () => {
    const address = '203.0.113.50'
    for (let i = 0; i < 5; i++) {
      const response = await post(
        '/api/session/register',
        await registerBody(`many${i}@example.fi`, 'salasana1'),
        {},
        BROWSER,
        address,
      )
      expect(response.statusCode).toBe(202)
    }
    const sixth = await post(
      '/api/session/register',
      await registerBody('many5@example.fi', 'salasana1'),
      {},
      BROWSER,
      address,
    )
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json()).toMatchObject({ error: 'too-many-attempts', retryAfter: expect.any(Number) })
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3500)
    expect(await mailsTo('many5@example.fi')).toEqual([])
    expect((await register(await registerBody('many5@example.fi', 'salasana1'))).statusCode).toBe(202)
  })

  it('logs in with the four session cookies and the device cookie, with their attributes', async () => {
    const response = await post('/api/session/login', await registerBody('reg@example.fi', 'salasana1'))
    expect(response.statusCode).toBe(200)
    const body = response.json() as { user: { id: string; email: string }; maxAge: number }
    expect(body).toMatchObject({
      user: { email: 'reg@example.fi', customerType: 'PERSON' },
      maxAge: 900,
      expiresAt: expect.any(Number),
    })
    expect(response.body).not.toMatch(/eyJ/) // no token in the body
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
    expect(byName['lumo-device']).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
      path: '/api/session',
      maxAge: 180 * 24 * 60 * 60,
    })
  })

  it('lets a browser with the device cookie log in while strangers’ wrong passwords lock the account', async () => {
    const jar = await registerAndLogIn('known@example.fi', 'salasana1')
    await post('/api/session/logout', {}, jar).then((out) => keep(jar, out))
    expect(jar['lumo-device']).toBeDefined() // logout keeps the device cookie
    const wrong = await registerBody('known@example.fi', 'väärä123')
    for (let i = 0; i < 10; i++)
      expect((await post('/api/session/login', wrong, {}, BROWSER, `192.0.2.${i + 1}`)).statusCode).toBe(401)
    const right = await registerBody('known@example.fi', 'salasana1')
    expect((await post('/api/session/login', right, {}, BROWSER, '192.0.2.100')).statusCode).toBe(429)
    const owner = await post('/api/session/login', right, jar, BROWSER, '192.0.2.101')
    expect(owner.statusCode).toBe(200)
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
    const jar = await registerAndLogIn('cycle@example.fi', 'salasana1')
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
    // the access token itself is refused at once, not only when it expires (issue 31 row 13)
    expect((await session({ 'lumo-auth': jar['lumo-auth']! })).json()).toEqual({ user: null })
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
    const jar = await registerAndLogIn('pw@example.fi', 'salasana1')
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
    const jar = await registerAndLogIn('pw2@example.fi', 'salasana1')
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

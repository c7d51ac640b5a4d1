/**
 * The auth protocol of docs/service-contracts.md#auth-protocol step by step, as the Geins SDK's authServiceClient
 * speaks it: challenge, sign (API key), login with the digest, then the token verified by the
 * shop's one verifier against the JWKS.
 */
import { decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordDigest } from '../../../src/shared/password-digest'
import {
  loginRequest,
  postAuth,
  registerRequest,
  requestSign,
  sessionTokens,
  signedChallenge,
  signRequest,
} from '../helpers/auth'
import { API_KEY, startAuthApp, type AuthApp } from './auth-harness'

const EMAIL = 'aino.protocol@example.fi'
const PASSWORD = 'Salasana-123'

describe('auth protocol', () => {
  let auth: AuthApp
  const key = { apiKey: API_KEY }

  beforeAll(async () => {
    auth = await startAuthApp()
  })
  afterAll(() => auth.close())

  it('registers a new account and answers the second registration with 409 account-exists', async () => {
    const registered = await registerRequest(auth.app, { email: EMAIL, password: PASSWORD, ...key })
    expect(registered.statusCode).toBe(200)
    const tokens = sessionTokens(registered)
    expect(tokens.maxAge).toBe(900)
    const row = await auth.database.db
      .selectFrom('users')
      .select(['user_id', 'password_hash'])
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow()
    expect(row.user_id).toBe(tokens.userId)
    // only the slow hash of the digest is stored
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(row.password_hash).not.toContain(await passwordDigest(PASSWORD))

    const again = await registerRequest(auth.app, {
      email: EMAIL.toUpperCase(),
      password: 'Toinen-456',
      ...key,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: 'account-exists' })
  })

  it('logs in step by step and the token carries the contract claims', async () => {
    const challenge = await auth.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: EMAIL },
    })
    expect(challenge.statusCode).toBe(200)
    const { sign } = challenge.json() as { sign: string }
    expect(sign).toMatch(/^[\w-]{43}$/)

    const signed = await signRequest(auth.app, sign, API_KEY)
    expect(signed.statusCode).toBe(200)
    const signature = signed.json() as { identity: string; signature: string; timestamp: string }
    expect(signature.identity).toBe(sign)
    expect(Number.isNaN(Date.parse(signature.timestamp))).toBe(false)

    const loggedIn = await postAuth(auth.app, 'login', {
      username: EMAIL,
      signature,
      password: await passwordDigest(PASSWORD),
      sessionLifetime: 30,
    })
    expect(loggedIn.statusCode).toBe(200)
    expect(loggedIn.headers['cache-control']).toBe('private, no-store')
    const tokens = sessionTokens(loggedIn)
    expect(tokens.refreshToken).toMatch(/^[\w-]{43}$/)

    const header = decodeProtectedHeader(tokens.token)
    expect(header.alg).toBe('ES256')
    const jwks = await auth.app.inject({ method: 'GET', url: '/auth/.well-known/jwks.json' })
    expect(jwks.statusCode).toBe(200)
    const keys = (jwks.json() as { keys: { kid: string; d?: string }[] }).keys
    expect(keys.map((k) => k.kid)).toContain(header.kid)
    expect(keys.every((k) => k.d === undefined)).toBe(true)

    const user = await auth.verifier.verify(tokens.token)
    expect(user).toMatchObject({
      id: tokens.userId,
      email: EMAIL,
      customerType: 'PERSON',
      memberType: '',
      memberId: '',
      memberDiscount: false,
    })
    expect(user!.expiresAt.getTime()).toBe(
      auth.clock.now().getTime() - (auth.clock.now().getTime() % 1000) + 900_000,
    )
    // sessionLifetime 30: the refresh token lives 30 minutes
    const refresh = await auth.database.db
      .selectFrom('auth_refresh_tokens')
      .select(['session_id', 'expires_at', 'lifetime_minutes'])
      .where('user_id', '=', tokens.userId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    expect(refresh.session_id).toBe(user!.sessionId)
    expect(refresh.lifetime_minutes).toBe(30)
    expect(refresh.expires_at.getTime()).toBe(auth.clock.now().getTime() + 30 * 60_000)
  })

  it('gives a remembered login a 7-day refresh token', async () => {
    const tokens = sessionTokens(await loginRequest(auth.app, { email: EMAIL, password: PASSWORD, ...key }))
    const user = await auth.verifier.verify(tokens.token)
    const refresh = await auth.database.db
      .selectFrom('auth_refresh_tokens')
      .select(['expires_at', 'lifetime_minutes'])
      .where('session_id', '=', user!.sessionId)
      .executeTakeFirstOrThrow()
    expect(refresh.lifetime_minutes).toBeNull()
    expect(refresh.expires_at.getTime()).toBe(auth.clock.now().getTime() + 7 * 24 * 60 * 60_000)
  })

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrong = await loginRequest(auth.app, { email: EMAIL, password: 'Vaara-000', ...key })
    const unknown = await loginRequest(auth.app, { email: 'nobody@example.fi', password: PASSWORD, ...key })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ message: 'invalid-credentials' })
    expect(unknown.json()).toEqual(wrong.json())
    expect(wrong.headers['x-auth-refresh-token']).toBeUndefined()
  })

  it('refuses the sign endpoint with a wrong API key, and signs a challenge only once', async () => {
    const sign = await requestSign(auth.app, EMAIL)
    const wrongKey = await signRequest(auth.app, sign, 'not-the-api-key')
    expect(wrongKey.statusCode).toBe(401)
    expect(wrongKey.json()).toEqual({ message: 'invalid-api-key' })
    expect((await signRequest(auth.app, sign, API_KEY)).statusCode).toBe(200)
    expect((await signRequest(auth.app, sign, API_KEY)).statusCode).toBe(401)
    expect((await signRequest(auth.app, 'made-up-sign', API_KEY)).statusCode).toBe(401)
  })

  it('accepts a sign once: the same signature a second time is refused, right password or not', async () => {
    const signature = await signedChallenge(auth.app, EMAIL, key)
    const body = { username: EMAIL, signature, password: await passwordDigest(PASSWORD) }
    expect((await postAuth(auth.app, 'login', body)).statusCode).toBe(200)
    const reused = await postAuth(auth.app, 'login', body)
    expect(reused.statusCode).toBe(401)
    expect(reused.json()).toEqual({ message: 'invalid-signature' })
  })

  it('refuses a sign made for another username, a forged signature and an expired challenge', async () => {
    const password = await passwordDigest(PASSWORD)
    const other = await signedChallenge(auth.app, 'someone.else@example.fi', key)
    expect(
      (await postAuth(auth.app, 'login', { username: EMAIL, signature: other, password })).statusCode,
    ).toBe(401)

    const forged = { ...(await signedChallenge(auth.app, EMAIL, key)), signature: 'x'.repeat(43) }
    expect(
      (await postAuth(auth.app, 'login', { username: EMAIL, signature: forged, password })).statusCode,
    ).toBe(401)

    const late = await signedChallenge(auth.app, EMAIL, key)
    auth.clock.advance(5 * 60_000 + 1)
    expect(
      (await postAuth(auth.app, 'login', { username: EMAIL, signature: late, password })).statusCode,
    ).toBe(401)
  })

  it('says what is wrong with a malformed request', async () => {
    const signature = await signedChallenge(auth.app, EMAIL, key)
    const plain = await postAuth(auth.app, 'login', { username: EMAIL, signature, password: PASSWORD })
    expect(plain.statusCode).toBe(400)
    expect(plain.json()).toEqual({ message: 'password must be the client digest (base64 of SHA-384)' })
    const register = await postAuth(auth.app, 'register', {
      username: 'not-an-email',
      signature,
      password: await passwordDigest(PASSWORD),
    })
    expect(register.statusCode).toBe(400)
    expect(register.json()).toEqual({ message: 'username must be an e-mail address' })
    const lifetime = await postAuth(auth.app, 'login', {
      username: EMAIL,
      signature,
      password: await passwordDigest(PASSWORD),
      sessionLifetime: 0,
    })
    expect(lifetime.json()).toEqual({ message: 'sessionLifetime must be at least 1 minute' })
  })
})

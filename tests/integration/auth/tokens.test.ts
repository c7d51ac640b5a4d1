/**
 * The access token and its one verifier (server/services/shared/auth-tokens.ts): what it
 * accepts (the auth service's ES256 tokens, from any instance, across a key rotation) and what it
 * refuses (expired, another key, alg none, HS256 with the public key, tampered claims, another
 * issuer or audience).
 */
import { readFile } from 'node:fs/promises'
import {
  base64url,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  SignJWT,
  UnsecuredJWT,
  type JWK,
} from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keyFile, rotateSigningKey } from '../../../server/services/auth/keys'
import { registerAndLogin, login } from '../helpers/auth'
import { API_KEY, startAuthApp, type AuthApp } from './auth-harness'

const PASSWORD = 'Tunnus-2026'

describe('access tokens', () => {
  let auth: AuthApp
  let token: string
  let userId: string

  beforeAll(async () => {
    auth = await startAuthApp()
    ;({ token, userId } = await registerAndLogin(auth.app, {
      email: 'token.owner@example.fi',
      password: PASSWORD,
      apiKey: API_KEY,
    }))
  })
  afterAll(() => auth.close())

  /** The claims of the real token, signed with `key` (default: the service's own private key). */
  async function resign(
    change: (claims: Record<string, unknown>) => Record<string, unknown>,
    header: Record<string, unknown> = {},
  ) {
    const jwk = JSON.parse(await readFile(keyFile(auth.config.dataDir), 'utf8')) as JWK
    const claims = change(decodeJwt(token))
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: jwk.kid!, ...header })
      .sign(await importJWK(jwk, 'ES256'))
  }

  it('accepts a fresh token and the same claims signed again with the service key', async () => {
    expect((await auth.verifier.verify(token))?.id).toBe(userId)
    expect((await auth.verifier.verify(await resign((claims) => claims)))?.id).toBe(userId)
  })

  it('refuses a token after its 900 seconds', async () => {
    const expiresAt = decodeJwt(token).exp! * 1000
    const start = auth.clock.now().getTime()
    auth.clock.advance(expiresAt - start - 1000)
    expect(await auth.verifier.verify(token)).not.toBeNull()
    auth.clock.advance(2000)
    expect(await auth.verifier.verify(token)).toBeNull()
    auth.clock.advance(start - auth.clock.now().getTime())
  })

  it('refuses a token signed with another key under the same kid', async () => {
    const { privateKey } = await generateKeyPair('ES256')
    const kid = decodeProtectedHeader(token).kid!
    const forged = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: 'ES256', kid })
      .sign(privateKey)
    expect(await auth.verifier.verify(forged)).toBeNull()
  })

  it('refuses alg none and HS256 keyed with the public key', async () => {
    const unsigned = new UnsecuredJWT(decodeJwt(token)).encode()
    expect(await auth.verifier.verify(unsigned)).toBeNull()

    const jwks = (await auth.app.inject({ method: 'GET', url: '/auth/.well-known/jwks.json' })).json() as {
      keys: JWK[]
    }
    const publicKey = new TextEncoder().encode(JSON.stringify(jwks.keys[0]))
    const confused = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: 'HS256', kid: jwks.keys[0]!.kid! })
      .sign(publicKey)
    expect(await auth.verifier.verify(confused)).toBeNull()
  })

  it('refuses tampered claims under the original signature', async () => {
    const [header, , signature] = token.split('.')
    const claims = { ...decodeJwt(token), customerType: 'ORGANIZATION', memberType: 'NOCREDIT-LIMITED' }
    const tampered = `${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`
    expect(await auth.verifier.verify(tampered)).toBeNull()
    const otherUser = { ...decodeJwt(token), sub: '00000000-0000-4000-8000-000000000001' }
    expect(
      await auth.verifier.verify(`${header}.${base64url.encode(JSON.stringify(otherUser))}.${signature}`),
    ).toBeNull()
  })

  it('refuses another issuer or audience, and a token without sid, even under the right key', async () => {
    expect(
      await auth.verifier.verify(await resign((claims) => ({ ...claims, iss: 'someone-else' }))),
    ).toBeNull()
    expect(
      await auth.verifier.verify(await resign((claims) => ({ ...claims, aud: 'another-shop' }))),
    ).toBeNull()
    expect(await auth.verifier.verify(await resign(({ sid: _sid, ...claims }) => claims))).toBeNull()
  })

  it('keeps tokens of a retired key valid after a rotation and signs new ones with the new key', async () => {
    const oldKid = decodeProtectedHeader(token).kid
    const { current, retired } = await rotateSigningKey(
      auth.database.db,
      auth.config.dataDir,
      auth.clock.now(),
    )
    expect(retired).toBe(oldKid)
    const fresh = await login(auth.app, {
      email: 'token.owner@example.fi',
      password: PASSWORD,
      apiKey: API_KEY,
    })
    expect(decodeProtectedHeader(fresh.token).kid).toBe(current)
    // the verifier fetches the JWKS again for an unknown kid, at most every 30 seconds
    auth.clock.advance(30_000)
    expect((await auth.verifier.verify(fresh.token))?.id).toBe(userId)
    expect((await auth.verifier.verify(token))?.id).toBe(userId)

    const published = async () =>
      (
        (await auth.app.inject({ method: 'GET', url: '/auth/.well-known/jwks.json' })).json() as {
          keys: JWK[]
        }
      ).keys.map((key) => key.kid)
    expect(await published()).toEqual([current, oldKid])
    auth.clock.advance(60 * 60_000)
    expect(await published()).toEqual([current])
  })

  it('verifies the tokens of another instance on the same database (its key is in the JWKS)', async () => {
    const other = await startAuthApp({ database: auth.database, clock: auth.clock })
    try {
      const theirs = await login(other.app, {
        email: 'token.owner@example.fi',
        password: PASSWORD,
        apiKey: API_KEY,
      })
      expect(decodeProtectedHeader(theirs.token).kid).not.toBe(decodeProtectedHeader(token).kid)
      auth.clock.advance(30_000)
      expect((await auth.verifier.verify(theirs.token))?.id).toBe(userId)
    } finally {
      await other.close()
    }
  })
})

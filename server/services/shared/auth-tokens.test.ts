import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose'
import { describe, expect, it } from 'vitest'
import { AUTH_AUDIENCE, AUTH_ISSUER, createTokenVerifier, userFromClaims } from './auth-tokens'

const SUB = '6f1c1c1e-0000-4000-8000-000000000001'

async function keyPair(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('ES256')
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256' } as JWK }
}

function tokenWith(
  key: { kid: string; privateKey: CryptoKey },
  nowMs: number,
  claims: Record<string, unknown> = {},
) {
  const iat = Math.floor(nowMs / 1000)
  return new SignJWT({ sid: 'session-1', email: 'a@b.fi', customerType: 'PERSON', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid })
    .setSubject(SUB)
    .setIssuer(AUTH_ISSUER)
    .setAudience(AUTH_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 900)
    .sign(key.privateKey)
}

/** A JWKS endpoint serving `keys`, counting its requests; `down` makes it fail. */
function jwksEndpoint(keys: JWK[]) {
  const state = { requests: 0, down: false, url: '' }
  const fetch = (async (input: RequestInfo | URL) => {
    state.requests++
    state.url = String(input)
    if (state.down) return new Response('unavailable', { status: 503 })
    return Response.json({ keys })
  }) as typeof globalThis.fetch
  return { state, fetch }
}

const NONE_REVOKED = { isRevoked: async () => false }

describe('createTokenVerifier', () => {
  it('refuses a token of a revoked session, and fails closed when the revocations cannot be read', async () => {
    const key = await keyPair('k1')
    const endpoint = jwksEndpoint([key.jwk])
    const revoked = new Set<string>()
    let broken = false
    const errors: unknown[] = []
    const verifier = createTokenVerifier({
      authUrl: 'http://auth.test/auth',
      fetch: endpoint.fetch,
      revocations: {
        isRevoked: async (sessionId) => {
          if (broken) throw new Error('database down')
          return revoked.has(sessionId)
        },
      },
      onError: (error) => errors.push(error),
    })
    const token = await tokenWith(key, Date.now())
    expect((await verifier.verify(token))?.sessionId).toBe('session-1')
    revoked.add('session-1')
    expect(await verifier.verify(token)).toBeNull()
    revoked.clear()
    broken = true
    expect(await verifier.verify(token)).toBeNull()
    expect(errors).toHaveLength(1)
  })

  it('fetches the JWKS once and verifies tokens with it', async () => {
    const key = await keyPair('k1')
    const endpoint = jwksEndpoint([key.jwk])
    let now = Date.now()
    const verifier = createTokenVerifier({
      authUrl: 'http://auth.test/auth/',
      fetch: endpoint.fetch,
      revocations: NONE_REVOKED,
      now: () => now,
    })
    const token = await tokenWith(key, now)
    expect((await verifier.verify(token))?.id).toBe(SUB)
    expect((await verifier.verify(token))?.sessionId).toBe('session-1')
    expect(endpoint.state.requests).toBe(1)
    expect(endpoint.state.url).toBe('http://auth.test/auth/.well-known/jwks.json')
    now += 901_000
    expect(await verifier.verify(token)).toBeNull()
  })

  it('fetches again for an unknown kid, at most every 30 seconds', async () => {
    const first = await keyPair('k1')
    const second = await keyPair('k2')
    const keys = [first.jwk]
    const endpoint = jwksEndpoint(keys)
    let now = Date.now()
    const verifier = createTokenVerifier({
      authUrl: 'http://auth.test/auth',
      fetch: endpoint.fetch,
      revocations: NONE_REVOKED,
      now: () => now,
    })
    expect(await verifier.verify(await tokenWith(first, now))).not.toBeNull()

    keys.push(second.jwk)
    const rotated = await tokenWith(second, now)
    now += 10_000
    expect(await verifier.verify(rotated)).toBeNull()
    expect(endpoint.state.requests).toBe(1)
    now += 20_000
    expect((await verifier.verify(rotated))?.id).toBe(SUB)
    expect(endpoint.state.requests).toBe(2)

    // a forged kid cannot make it fetch on every request: once per 30 seconds at most
    const stranger = await keyPair('k3')
    for (let i = 0; i < 5; i++) expect(await verifier.verify(await tokenWith(stranger, now))).toBeNull()
    expect(endpoint.state.requests).toBe(2)
    now += 30_000
    for (let i = 0; i < 5; i++) expect(await verifier.verify(await tokenWith(stranger, now))).toBeNull()
    expect(endpoint.state.requests).toBe(3)
  })

  it('treats every token as anonymous while the JWKS cannot be fetched, and tries again later', async () => {
    const key = await keyPair('k1')
    const endpoint = jwksEndpoint([key.jwk])
    endpoint.state.down = true
    let now = Date.now()
    const errors: unknown[] = []
    const verifier = createTokenVerifier({
      authUrl: 'http://auth.test/auth',
      fetch: endpoint.fetch,
      revocations: NONE_REVOKED,
      now: () => now,
      onError: (error) => errors.push(error),
    })
    const token = await tokenWith(key, now)
    expect(await verifier.verify(token)).toBeNull()
    expect(errors).toHaveLength(1)
    endpoint.state.down = false
    now += 30_000
    expect((await verifier.verify(token))?.id).toBe(SUB)
  })
})

describe('userFromClaims', () => {
  const claims = { sub: SUB, sid: 's', exp: 2_000_000_000, name: 'a@b.fi' }

  it('reads the user, falling back to name for the e-mail', () => {
    expect(userFromClaims({ ...claims, memberType: 'X', memberId: 'M', memberDiscount: true })).toEqual({
      id: SUB,
      sessionId: 's',
      email: 'a@b.fi',
      customerType: 'PERSON',
      memberType: 'X',
      memberId: 'M',
      memberDiscount: true,
      expiresAt: new Date(2_000_000_000_000),
    })
  })

  it('refuses a sub that is not a user id, and a token without sid or e-mail', () => {
    expect(userFromClaims({ ...claims, sub: 'admin' })).toBeNull()
    expect(userFromClaims({ ...claims, sid: '' })).toBeNull()
    expect(userFromClaims({ sub: SUB, sid: 's', exp: 1 })).toBeNull()
  })
})

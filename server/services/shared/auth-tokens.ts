/**
 * The one verifier of the auth service's access tokens (docs/adr/0018-auth-service.md), used by
 * the GraphQL service (ctx.user) and the storefront server (the session). Tokens are ES256 JWTs
 * with a `kid`; the keys come from the auth service's JWKS at `{authUrl}/.well-known/jwks.json`,
 * fetched with the given fetch (the app's serviceFetch answers it in process), kept, and fetched
 * again for a token with an unknown kid at most every REFETCH_INTERVAL_MS (a rotation or a new
 * instance). Anything that does not verify (expired, forged, another algorithm, wrong issuer or
 * audience, missing claims, a revoked session: logout, ./session-revocations.ts) is null: an
 * anonymous request.
 */
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose'
import type { SessionRevocations } from './session-revocations'
import type { BuyerType } from '../../../src/shared/customer-types'

export const AUTH_ISSUER = 'lumo-auth'
export const AUTH_AUDIENCE = 'lumo'
export const JWKS_PATH = '/.well-known/jwks.json'
export const REFETCH_INTERVAL_MS = 30_000

export type AuthCustomerType = BuyerType

export interface VerifiedUser {
  /** users.user_id (the token's `sub`) */
  id: string
  /** The session (refresh-token family), the token's `sid`. */
  sessionId: string
  email: string
  customerType: AuthCustomerType
  /** '' when none */
  memberType: string
  /** '' when none */
  memberId: string
  memberDiscount: boolean
  expiresAt: Date
}

export interface TokenVerifier {
  verify(token: string): Promise<VerifiedUser | null>
}

export interface TokenVerifierOptions {
  /** The auth service's base URL (config.services.auth). */
  authUrl: string
  fetch: typeof fetch
  /**
   * The revoked sessions (sessionRevocations(db)): a token of a logged-out session is refused
   * before it expires. Required, so that no verifier forgets it.
   */
  revocations: SessionRevocations
  now?: () => number
  /** Told when the JWKS or the revocations cannot be read (tokens then verify as anonymous). */
  onError?: (error: unknown) => void
}

type KeySet = ReturnType<typeof createLocalJWKSet>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The user of verified claims, or null when a claim the shop relies on is missing or malformed. */
export function userFromClaims(payload: JWTPayload): VerifiedUser | null {
  const { sub, exp } = payload
  const sid = payload['sid']
  const email = payload['email'] ?? payload['name']
  if (typeof sub !== 'string' || !UUID.test(sub)) return null
  if (typeof sid !== 'string' || sid.length === 0 || typeof exp !== 'number') return null
  if (typeof email !== 'string') return null
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    id: sub,
    sessionId: sid,
    email,
    customerType: payload['customerType'] === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON',
    memberType: text(payload['memberType']),
    memberId: text(payload['memberId']),
    memberDiscount: payload['memberDiscount'] === true,
    expiresAt: new Date(exp * 1000),
  }
}

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const now = options.now ?? Date.now
  const jwksUrl = `${options.authUrl.replace(/\/$/, '')}${JWKS_PATH}`
  let keySet: KeySet | null = null
  let lastFetch = Number.NEGATIVE_INFINITY
  let loading: Promise<KeySet | null> | null = null

  async function fetchKeySet(): Promise<KeySet | null> {
    lastFetch = now()
    try {
      const response = await options.fetch(jwksUrl, { headers: { accept: 'application/json' } })
      if (!response.ok) throw new Error(`${jwksUrl} answered ${response.status}`)
      keySet = createLocalJWKSet((await response.json()) as JSONWebKeySet)
    } catch (error) {
      options.onError?.(error)
    }
    return keySet
  }

  /** The key set, fetched again when allowed (first use, or an unknown kid after the interval). */
  function refresh(): Promise<KeySet | null> {
    if (loading) return loading
    if (now() - lastFetch < REFETCH_INTERVAL_MS) return Promise.resolve(keySet)
    loading = fetchKeySet().finally(() => {
      loading = null
    })
    return loading
  }

  async function verifyWith(keys: KeySet, token: string) {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['ES256'],
      issuer: AUTH_ISSUER,
      audience: AUTH_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'sid'],
      currentDate: new Date(now()),
    })
    return userFromClaims(payload)
  }

  async function signedUser(token: string): Promise<VerifiedUser | null> {
    const keys = keySet ?? (await refresh())
    if (!keys) return null
    try {
      return await verifyWith(keys, token)
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) return null
      const fresher = await refresh()
      if (!fresher || fresher === keys) return null
      try {
        return await verifyWith(fresher, token)
      } catch {
        return null
      }
    }
  }

  return {
    async verify(token) {
      const user = await signedUser(token)
      if (!user) return null
      try {
        return (await options.revocations.isRevoked(user.sessionId)) ? null : user
      } catch (error) {
        // not knowing whether the session was ended: refuse rather than let a logged-out token in
        options.onError?.(error)
        return null
      }
    },
  }
}

/**
 * PLACEHOLDER written by feat/session against the accounts contract until feat/auth lands its
 * own module of this name (theirs wins on merge). Verifies the auth service's ES256 access tokens
 * with the JWKS it publishes at `{authUrl}/.well-known/jwks.json`.
 */
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose'

export interface VerifiedUser {
  id: string
  sessionId: string
  email: string
  customerType: string
  memberType: string
  memberId: string
  memberDiscount: number
  /** epoch ms */
  expiresAt: number
}

export interface TokenVerifier {
  verify(token: string): Promise<VerifiedUser | null>
}

const REFETCH_AFTER_MS = 30_000

function toUser(payload: JWTPayload): VerifiedUser | null {
  const { sub, sid, email, name, customerType, memberType, memberId, memberDiscount, exp } =
    payload as Record<string, unknown>
  if (typeof sub !== 'string' || typeof exp !== 'number') return null
  const mail = typeof email === 'string' ? email : typeof name === 'string' ? name : ''
  return {
    id: sub,
    sessionId: typeof sid === 'string' ? sid : '',
    email: mail,
    customerType: typeof customerType === 'string' ? customerType : 'PERSON',
    memberType: typeof memberType === 'string' ? memberType : '',
    memberId: typeof memberId === 'string' ? memberId : '',
    memberDiscount: typeof memberDiscount === 'number' ? memberDiscount : 0,
    expiresAt: exp * 1000,
  }
}

export function createTokenVerifier(options: { authUrl: string; fetch: typeof fetch }): TokenVerifier {
  let keys: ReturnType<typeof createLocalJWKSet> | null = null
  let fetchedAt = 0
  async function refetch(): Promise<void> {
    fetchedAt = Date.now()
    const response = await options.fetch(`${options.authUrl}/.well-known/jwks.json`)
    if (!response.ok) throw new Error(`JWKS answered ${response.status}`)
    keys = createLocalJWKSet((await response.json()) as JSONWebKeySet)
  }
  async function attempt(token: string): Promise<VerifiedUser | null> {
    if (!keys) await refetch()
    const { payload } = await jwtVerify(token, keys!, {
      issuer: 'lumo-auth',
      audience: 'lumo',
      algorithms: ['ES256'],
    })
    return toUser(payload)
  }
  return {
    async verify(token) {
      try {
        return await attempt(token)
      } catch (error) {
        if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - fetchedAt < REFETCH_AFTER_MS)
          return null
        try {
          await refetch()
          return await attempt(token)
        } catch {
          return null
        }
      }
    },
  }
}

/**
 * What the tokens say (contracts: accounts, "Tokens"). The access token is an ES256 JWT of
 * ACCESS_TOKEN_MAX_AGE seconds; the refresh token is opaque random text whose SHA-256 alone is
 * stored. Pure functions, so the rules are unit-tested without a database.
 */
import { createHash, randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
import { AUTH_AUDIENCE, AUTH_ISSUER } from '../shared/auth-tokens'
import { ACCESS_TOKEN_LIFETIME_MS } from '../shared/session-revocations'
import type { SigningKey } from './keys'
import type { BuyerType } from '../../../src/shared/customer-types'

/** seconds; the one lifetime the revocations (../shared/session-revocations.ts) keep rows for */
export const ACCESS_TOKEN_MAX_AGE = ACCESS_TOKEN_LIFETIME_MS / 1000
/** A remembered session (no sessionLifetime) lives 7 days from its last refresh. */
export const REMEMBERED_LIFETIME_MINUTES = 7 * 24 * 60
/** The longest sessionLifetime a client may ask for: the remembered one. */
export const MAX_SESSION_LIFETIME_MINUTES = REMEMBERED_LIFETIME_MINUTES

export interface TokenUser {
  user_id: string
  email: string
  customer_type: string
  member_type: string | null
  member_id: string | null
}

export interface AccessClaims {
  sid: string
  name: string
  email: string
  customerType: BuyerType
  memberDiscount: boolean
  memberType: string
  memberId: string
}

/** The JWT's claims besides sub, iat, exp, iss and aud. A member type is what gives member prices. */
export function claimsFor(user: TokenUser, sessionId: string): AccessClaims {
  return {
    sid: sessionId,
    name: user.email,
    email: user.email,
    customerType: user.customer_type === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON',
    memberDiscount: Boolean(user.member_type),
    memberType: user.member_type ?? '',
    memberId: user.member_id ?? '',
  }
}

export function signAccessToken(
  key: SigningKey,
  user: TokenUser,
  sessionId: string,
  now = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  return new SignJWT({ ...claimsFor(user, sessionId) })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setSubject(user.user_id)
    .setIssuer(AUTH_ISSUER)
    .setAudience(AUTH_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_MAX_AGE)
    .sign(key.privateKey)
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

/** How opaque tokens (refresh tokens, signs, signatures) are stored. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** When a refresh token issued now expires: the session lifetime (sliding) or 7 days. */
export function refreshExpiry(lifetimeMinutes: number | null, now = new Date()): Date {
  return new Date(now.getTime() + (lifetimeMinutes ?? REMEMBERED_LIFETIME_MINUTES) * 60_000)
}

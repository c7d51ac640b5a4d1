/**
 * Device tokens (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; ADR 0067): a
 * successful login gives the client a token naming the account (a hash of it: no e-mail in the
 * cookie) with a random nonce (`jti`), an ES256 JWT signed with the auth service's own key. A
 * later login for that account presenting it is a known device: the account's lockout for
 * unknown clients does not apply, only the device's own counter (throttle.ts), and after
 * DEVICE_FAILURE_LIMIT failures the device is revoked (auth_revoked_devices) and counts as
 * unknown. Its audience differs from an access token's, so neither is ever taken for the other.
 */
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose'
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { DEVICE_TOKEN_MAX_AGE } from '../../contracts/auth'
import type { DB } from '../../db/schema'
import { AUTH_ISSUER } from '../shared/auth-tokens'
import { authDb } from './db'
import type { SigningKey } from './keys'

export const DEVICE_AUDIENCE = 'lumo-device'
/** Failed logins with one device token (in the failure window) after which it is revoked. */
export const DEVICE_FAILURE_LIMIT = 5

export interface KnownDevice {
  /** the token's nonce */
  id: string
  expiresAt: Date
}

/** A new device token for the account (`account` = subjectHash('account', e-mail)). */
export function signDeviceToken(key: SigningKey, account: string, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'device+jwt' })
    .setSubject(account)
    .setJti(randomUUID())
    .setIssuer(AUTH_ISSUER)
    .setAudience(DEVICE_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + DEVICE_TOKEN_MAX_AGE)
    .sign(key.privateKey)
}

/**
 * The device of a token presented for `account`, or null: missing, forged, expired, of another
 * account, or revoked. Verified against every key the auth service still holds (retired ones
 * for a day after their rotation, keys.ts).
 */
export async function knownDevice(
  db: Kysely<DB>,
  token: string | undefined,
  account: string,
  now = new Date(),
): Promise<KnownDevice | null> {
  if (!token || token.length > 2000) return null
  const auth = authDb(db)
  const rows = await auth.selectFrom('auth_signing_keys').select('public_jwk').execute()
  const keys = createLocalJWKSet({ keys: rows.map((row) => ({ ...row.public_jwk })) })
  let payload
  try {
    ;({ payload } = await jwtVerify(token, keys, {
      algorithms: ['ES256'],
      issuer: AUTH_ISSUER,
      audience: DEVICE_AUDIENCE,
      typ: 'device+jwt',
      subject: account,
      requiredClaims: ['jti', 'exp'],
      currentDate: now,
    }))
  } catch {
    return null
  }
  const id = payload.jti!
  const revoked = await auth
    .selectFrom('auth_revoked_devices')
    .select('device_id')
    .where('device_id', '=', id)
    .executeTakeFirst()
  return revoked ? null : { id, expiresAt: new Date(payload.exp! * 1000) }
}

/** The device is no longer trusted; its row lives as long as its token would. */
export async function revokeDevice(db: Kysely<DB>, device: KnownDevice, now = new Date()): Promise<void> {
  const auth = authDb(db)
  await auth.deleteFrom('auth_revoked_devices').where('expires_at', '<', now).execute()
  await auth
    .insertInto('auth_revoked_devices')
    .values({ device_id: device.id, expires_at: device.expiresAt })
    .onConflict((oc) => oc.column('device_id').doNothing())
    .execute()
}

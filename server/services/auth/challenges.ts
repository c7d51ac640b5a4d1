/**
 * The sign step of the login (docs/service-contracts.md#auth-protocol). POST /auth/login {username} creates a
 * challenge (`sign`, 5 minutes); the sign endpoint, which needs the API key, signs it once with
 * a random signature; the login, register or password request that presents
 * {identity, signature, timestamp} uses it up. All three steps go through the database, so they
 * may land on different instances; only hashes of the sign and the signature are stored.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { authDb } from './db'
import { newOpaqueToken, tokenHash } from './tokens'

export const CHALLENGE_TTL_MS = 5 * 60 * 1000

export interface AuthSignature {
  identity: string
  signature: string
  timestamp: string
}

export async function createChallenge(db: Kysely<DB>, username: string, now = new Date()): Promise<string> {
  const auth = authDb(db)
  await auth.deleteFrom('auth_sign_challenges').where('expires_at', '<', now).execute()
  const sign = newOpaqueToken()
  await auth
    .insertInto('auth_sign_challenges')
    .values({
      sign_hash: tokenHash(sign),
      username,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
    })
    .execute()
  return sign
}

/** Signs an open challenge once; null for an unknown, expired, used or already signed one. */
export async function signChallenge(
  db: Kysely<DB>,
  sign: string,
  now = new Date(),
): Promise<AuthSignature | null> {
  const signature = newOpaqueToken()
  // Millisecond precision, as the database keeps it: the timestamp must compare equal later.
  const timestamp = new Date(Math.floor(now.getTime()))
  const row = await authDb(db)
    .updateTable('auth_sign_challenges')
    .set({ signature_hash: tokenHash(signature), signed_at: timestamp })
    .where('sign_hash', '=', tokenHash(sign))
    .where('signature_hash', 'is', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('sign_hash')
    .executeTakeFirst()
  return row ? { identity: sign, signature, timestamp: timestamp.toISOString() } : null
}

/**
 * Uses up the signed challenge for this username. False when it is unknown, expired, not signed,
 * signed differently, for another username or already used: a sign works once, whatever happens
 * to the request that presents it.
 */
export async function consumeChallenge(
  db: Kysely<DB>,
  username: string,
  presented: AuthSignature,
  now = new Date(),
): Promise<boolean> {
  const row = await authDb(db)
    .updateTable('auth_sign_challenges')
    .set({ used_at: now })
    .where('sign_hash', '=', tokenHash(presented.identity))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('signature_hash', 'is not', null)
    .returning(['username', 'signature_hash', 'signed_at'])
    .executeTakeFirst()
  if (!row?.signed_at) return false
  const presentedTime = Date.parse(presented.timestamp)
  return (
    row.username === username &&
    row.signature_hash === tokenHash(presented.signature) &&
    presentedTime === row.signed_at.getTime()
  )
}

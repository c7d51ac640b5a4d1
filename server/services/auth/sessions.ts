/**
 * Sessions as families of refresh tokens (auth_refresh_tokens). A login starts a family
 * (session_id = the JWT's `sid`); each refresh uses its token up and issues the next one of the
 * family; presenting a used token again means it was stolen or replayed, and the whole family is
 * revoked. Logout revokes one family, a password change all of the user's; either way the
 * session's access tokens are refused from then on too (../shared/session-revocations.ts).
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { revokeSessionTokens } from '../shared/session-revocations'
import { ACCESS_TOKEN_MAX_AGE, newOpaqueToken, refreshExpiry, tokenHash } from './tokens'

export interface IssuedRefreshToken {
  sessionId: string
  refreshToken: string
}

async function issue(
  db: Kysely<DB>,
  userId: string,
  sessionId: string,
  lifetimeMinutes: number | null,
  now: Date,
): Promise<IssuedRefreshToken> {
  const refreshToken = newOpaqueToken()
  await db
    .insertInto('auth_refresh_tokens')
    .values({
      token_hash: tokenHash(refreshToken),
      session_id: sessionId,
      user_id: userId,
      lifetime_minutes: lifetimeMinutes,
      expires_at: refreshExpiry(lifetimeMinutes, now),
    })
    .execute()
  return { sessionId, refreshToken }
}

export function startSession(
  db: Kysely<DB>,
  userId: string,
  lifetimeMinutes: number | null,
  now = new Date(),
): Promise<IssuedRefreshToken> {
  return issue(db, userId, randomUUID(), lifetimeMinutes, now)
}

export type RotateResult =
  | ({ ok: true; userId: string; lifetimeMinutes: number | null } & IssuedRefreshToken)
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' }

export async function revokeSession(db: Kysely<DB>, sessionId: string, now = new Date()): Promise<void> {
  await db
    .updateTable('auth_refresh_tokens')
    .set({ revoked_at: now })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
  await revokeSessionTokens(db, [sessionId], now)
}

/** Revokes every session of the user but `keep` (a password change keeps the new one). */
export async function revokeUserSessions(
  db: Kysely<DB>,
  userId: string,
  now = new Date(),
  keep?: string,
): Promise<void> {
  let query = db
    .updateTable('auth_refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
  if (keep) query = query.where('session_id', '!=', keep)
  await query.execute()
  // a session can have a live access token up to 15 minutes after its last refresh token expired
  let sessions = db
    .selectFrom('auth_refresh_tokens')
    .select('session_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date(now.getTime() - ACCESS_TOKEN_MAX_AGE * 1000))
  if (keep) sessions = sessions.where('session_id', '!=', keep)
  const ids = (await sessions.execute()).map((row) => row.session_id)
  await revokeSessionTokens(db, ids, now)
}

/** Uses the refresh token up and issues the next of its family. */
export async function rotateRefreshToken(
  db: Kysely<DB>,
  refreshToken: string,
  now = new Date(),
): Promise<RotateResult> {
  const hash = tokenHash(refreshToken)
  // Only one request can use a token: the conditional update is the claim.
  const claimed = await db
    .updateTable('auth_refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'session_id', 'lifetime_minutes'])
    .executeTakeFirst()
  if (claimed) {
    const next = await issue(db, claimed.user_id, claimed.session_id, claimed.lifetime_minutes, now)
    return { ok: true, userId: claimed.user_id, lifetimeMinutes: claimed.lifetime_minutes, ...next }
  }
  const row = await db
    .selectFrom('auth_refresh_tokens')
    .select(['session_id', 'used_at', 'revoked_at', 'expires_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst()
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.revoked_at) return { ok: false, reason: 'revoked' }
  if (row.used_at) {
    await revokeSession(db, row.session_id, now)
    return { ok: false, reason: 'reused' }
  }
  return { ok: false, reason: 'expired' }
}

/** The live session of a refresh token, without using it (a password change reads it). */
export async function sessionOf(
  db: Kysely<DB>,
  refreshToken: string,
  now = new Date(),
): Promise<{ sessionId: string; userId: string; lifetimeMinutes: number | null } | null> {
  const row = await db
    .selectFrom('auth_refresh_tokens')
    .select(['session_id', 'user_id', 'lifetime_minutes'])
    .where('token_hash', '=', tokenHash(refreshToken))
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row
    ? { sessionId: row.session_id, userId: row.user_id, lifetimeMinutes: row.lifetime_minutes }
    : null
}

/** Logout: revokes the family of the token, whatever state the token is in. */
export async function revokeByRefreshToken(db: Kysely<DB>, refreshToken: string, now = new Date()) {
  const row = await db
    .selectFrom('auth_refresh_tokens')
    .select('session_id')
    .where('token_hash', '=', tokenHash(refreshToken))
    .executeTakeFirst()
  if (row) await revokeSession(db, row.session_id, now)
}

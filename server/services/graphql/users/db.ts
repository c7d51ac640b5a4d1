/**
 * The tables the user API owns (migration 0810_user_api.sql) on top of the commerce view of the
 * database, and the revocation of sessions in the auth service's refresh-token table.
 */
import type { Kysely } from 'kysely'
import type { DB, GeneratedTimestamp, Timestamp } from '../../../db/schema'
import type { CommerceDB } from '../cart/db'
import { ACCESS_TOKEN_LIFETIME_MS, revokeSessionTokens } from '../../shared/session-revocations'

export interface PasswordResetKeysTable {
  /** SHA-256 (hex) of the key sent in the e-mail; the key itself is never stored */
  key_hash: string
  user_id: string
  created_at: GeneratedTimestamp
  expires_at: Timestamp
  used_at: Timestamp | null
}

export type UsersDB = CommerceDB & { password_reset_keys: PasswordResetKeysTable }

export function usersDb(db: Kysely<DB>): Kysely<UsersDB> {
  return db.withTables<Pick<UsersDB, 'carts' | 'password_reset_keys'>>()
}

/**
 * Ends every session of the user: marks their open rows of the auth service's
 * `auth_refresh_tokens` revoked (docs/adr/0018-auth-service.md), so no refresh token of theirs
 * gives a new access token, and revokes the sessions' access tokens already issued
 * (../../shared/session-revocations.ts, ADR 0067).
 */
export async function revokeRefreshTokens(db: Kysely<UsersDB>, userId: string): Promise<void> {
  const now = new Date()
  await db
    .updateTable('auth_refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
  // a live access token may outlive its session's last refresh token by 15 minutes
  const sessions = await db
    .selectFrom('auth_refresh_tokens')
    .select('session_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date(now.getTime() - ACCESS_TOKEN_LIFETIME_MS))
    .execute()
  await revokeSessionTokens(
    db,
    sessions.map((row) => row.session_id),
    now,
  )
}

/**
 * The tables the user API owns (migration 0810_user_api.sql) on top of the commerce view of the
 * database, and the revocation of sessions in the auth service's refresh-token table.
 */
import type { Kysely } from 'kysely'
import type { DB, GeneratedTimestamp, Timestamp } from '../../../db/schema'
import type { CommerceDB } from '../cart/db'

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
  return db as unknown as Kysely<UsersDB>
}

/**
 * Ends every session of the user: marks their open rows of the auth service's
 * `auth_refresh_tokens` revoked (docs/adr/0018-auth-service.md), so no refresh token of theirs
 * gives a new access token; access tokens already issued expire within 15 minutes.
 */
export async function revokeRefreshTokens(db: Kysely<UsersDB>, userId: string): Promise<void> {
  await db
    .updateTable('auth_refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * The tables the user API owns (migration 0810_user_api.sql) on top of the commerce view of the
 * database, and the refresh-token table of the auth service it revokes sessions in.
 */
import { sql, type Kysely } from 'kysely'
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
 * Ends every session of the user: deletes their rows of the auth service's `auth_refresh_tokens`
 * (docs/adr/0018; a deleted refresh token cannot be used to get a new access token, and access
 * tokens expire within 15 minutes). Before the auth service's migration exists there is nothing
 * to revoke.
 */
export async function revokeRefreshTokens(db: Kysely<UsersDB>, userId: string): Promise<void> {
  const table = await sql<{ present: boolean }>`
    SELECT to_regclass('auth_refresh_tokens') IS NOT NULL AS present`.execute(db)
  if (!table.rows[0]?.present) return
  await sql`DELETE FROM auth_refresh_tokens WHERE user_id = ${userId}::uuid`.execute(db)
}

/**
 * Revoked sessions (migration 1065, docs/adr/0067-accounts-no-stranger-can-lock.md): logout, a
 * password change or reset and a replayed refresh token end a session at once, its access tokens
 * included. The revocation is a row in the database, which every instance and every service
 * shares; every verifier of access tokens (./auth-tokens.ts) asks `isRevoked` with the token's
 * `sid`. A row lives as long as a token of the session can: ACCESS_TOKEN_LIFETIME_MS.
 *
 * A revocation is never taken back, so the answer "revoked" is kept in this process (an LRU); the
 * answer "not revoked" is asked of the database every time, so a logout on one instance holds on
 * all of them at once.
 */
import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { DB, Timestamp } from '../../db/schema'

/** An access token lives 15 minutes (the auth service's ACCESS_TOKEN_MAX_AGE). */
export const ACCESS_TOKEN_LIFETIME_MS = 15 * 60 * 1000

interface AuthRevokedSessionsTable {
  session_id: string
  expires_at: Timestamp
}

export type RevocationDB = DB & { auth_revoked_sessions: AuthRevokedSessionsTable }

function revocationDb(db: Kysely<DB>): Kysely<RevocationDB> {
  return db.withTables<Omit<RevocationDB, keyof DB>>()
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Revokes the sessions' access tokens: every token issued until `now` is refused until it would
 * have expired anyway. Expired rows are deleted on the way.
 */
export async function revokeSessionTokens(
  db: Kysely<DB>,
  sessionIds: readonly string[],
  now = new Date(),
): Promise<void> {
  const ids = [...new Set(sessionIds)].filter((id) => UUID.test(id))
  const revocations = revocationDb(db)
  await revocations.deleteFrom('auth_revoked_sessions').where('expires_at', '<', now).execute()
  if (ids.length === 0) return
  const expires_at = new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_MS)
  await revocations
    .insertInto('auth_revoked_sessions')
    .values(ids.map((session_id) => ({ session_id, expires_at })))
    .onConflict((oc) => oc.column('session_id').doUpdateSet({ expires_at }))
    .execute()
}

export interface SessionRevocations {
  /** Whether the session was revoked (its access tokens are refused). */
  isRevoked(sessionId: string): Promise<boolean>
}

export function sessionRevocations(db: Kysely<DB>, { knownMax = 10_000 } = {}): SessionRevocations {
  const known = new LRUCache<string, true>({ max: knownMax, ttl: ACCESS_TOKEN_LIFETIME_MS })
  return {
    async isRevoked(sessionId) {
      if (known.has(sessionId)) return true
      if (!UUID.test(sessionId)) return false
      const row = await revocationDb(db)
        .selectFrom('auth_revoked_sessions')
        .select('session_id')
        .where('session_id', '=', sessionId)
        .executeTakeFirst()
      if (row) known.set(sessionId, true)
      return Boolean(row)
    },
  }
}

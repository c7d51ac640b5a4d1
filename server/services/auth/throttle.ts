/**
 * The login limit: 10 failed logins for one account or from one client address within 15
 * minutes, and the next attempt answers 429 with Retry-After until enough of them are older than
 * the window. Counted in the database (auth_login_failures), so it holds across instances.
 * The account's count is the lockout for unknown clients only: a known device (devices.ts)
 * counts its failures under its own subject instead (ADR 0067).
 */
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { authDb } from './db'

export const FAILURE_LIMIT = 10
export const FAILURE_WINDOW_MS = 15 * 60 * 1000

export function subjectHash(kind: 'account' | 'address' | 'device', value: string): string {
  return createHash('sha256').update(`${kind}:${value}`).digest('base64url')
}

/**
 * Seconds until fewer than `limit` of the failures fall inside the window (null: not blocked).
 * `failures` are the failure times inside the window, in any order.
 */
export function retryAfterSeconds(
  failures: readonly Date[],
  now: Date,
  limit = FAILURE_LIMIT,
  windowMs = FAILURE_WINDOW_MS,
): number | null {
  const inWindow = failures
    .map((failure) => failure.getTime())
    .filter((time) => time > now.getTime() - windowMs)
    .sort((a, b) => a - b)
  if (inWindow.length < limit) return null
  // Blocked until all but limit - 1 of them have left the window.
  const freedAt = inWindow[inWindow.length - limit]! + windowMs
  return Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000))
}

/** The longest wait of the subjects (null: none is blocked). */
export async function blockedFor(db: Kysely<DB>, subjects: readonly string[], now = new Date()) {
  const rows = await authDb(db)
    .selectFrom('auth_login_failures')
    .select(['subject_hash', 'failed_at'])
    .where('subject_hash', 'in', subjects)
    .where('failed_at', '>', new Date(now.getTime() - FAILURE_WINDOW_MS))
    .execute()
  let longest: number | null = null
  for (const subject of subjects) {
    const wait = retryAfterSeconds(
      rows.filter((row) => row.subject_hash === subject).map((row) => row.failed_at),
      now,
    )
    if (wait !== null && (longest === null || wait > longest)) longest = wait
  }
  return longest
}

export async function recordFailure(db: Kysely<DB>, subjects: readonly string[], now = new Date()) {
  const auth = authDb(db)
  await auth
    .deleteFrom('auth_login_failures')
    .where('failed_at', '<=', new Date(now.getTime() - FAILURE_WINDOW_MS))
    .execute()
  await auth
    .insertInto('auth_login_failures')
    .values(subjects.map((subject_hash) => ({ subject_hash, failed_at: now })))
    .execute()
}

/** The subject's failures inside the window. */
export async function failureCount(db: Kysely<DB>, subject: string, now = new Date()): Promise<number> {
  const row = await authDb(db)
    .selectFrom('auth_login_failures')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('subject_hash', '=', subject)
    .where('failed_at', '>', new Date(now.getTime() - FAILURE_WINDOW_MS))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** A successful login forgets the account's (or device's) failures (the address's stay). */
export async function clearFailures(db: Kysely<DB>, subject: string): Promise<void> {
  await authDb(db).deleteFrom('auth_login_failures').where('subject_hash', '=', subject).execute()
}

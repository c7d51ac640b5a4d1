/**
 * The password reset by e-mail (docs/product-rules.md#accounts-and-auth): requestPasswordReset queues a link with a single-use
 * key in the mail service's outbox; commitReset sets the new password with that key.
 *
 * - The key is 32 random bytes (base64url); only its SHA-256 is stored, valid for one hour.
 * - requestPasswordReset answers true whether or not the address has an account, and sends
 *   nothing when it has none (no account enumeration). At most MAX_KEYS_PER_HOUR links per account
 *   and hour are sent (no mail-bombing); further requests answer true and send nothing.
 * - commitReset with an unknown, used or expired key answers `ResetKeyExpired` (the storefront
 *   asks for a new link); otherwise it stores the slow hash of the new digest, uses up every open
 *   key of the account and ends all its sessions (refresh tokens).
 */
import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'
import { toJson } from '../../../db/schema'
import type { NoticeMailPayload } from '../../../contracts/mail'
import { passwordHasher } from '../../shared/password-hash'
import { canonicalUrl, pathFor } from '../../../../src/shared/paths'
import type { GraphQLContext, RequestScope } from '../context'
import { apiError, badUserInput, ERROR_CODES } from '../errors'
import { Email, parseArgs } from '../catalogue/validation'
import { revokeRefreshTokens, usersDb } from './db'

export const RESET_KEY_TTL_MS = 60 * 60 * 1000
export const MAX_KEYS_PER_HOUR = 5

/** base64 of a SHA-384 digest: 48 bytes → 64 characters. */
const PASSWORD_DIGEST = /^[A-Za-z0-9+/]{64}$/
const RESET_KEY = /^[A-Za-z0-9_-]{43}$/

export function hashResetKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

export function resetKeyExpired() {
  return apiError(
    ERROR_CODES.RESET_KEY_EXPIRED,
    'The password-reset link has expired or was already used; ask for a new one',
  )
}

/** The page of the link, in the request's market and language, on the address the shopper used. */
function resetUrl(ctx: GraphQLContext, scope: RequestScope, key: string): string {
  const settings = { mode: ctx.config.urlMode, marketDomains: ctx.config.marketDomains }
  const place = { market: scope.market.alias, locale: scope.language }
  const pathname = pathFor({ ...place, settings }, 'reset-password')
  const url = canonicalUrl({ ...place, pathname, settings, publicUrl: ctx.shopUrl })
  return `${url}?key=${encodeURIComponent(key)}`
}

export async function requestPasswordReset(
  ctx: GraphQLContext,
  scope: RequestScope,
  rawEmail: unknown,
): Promise<boolean> {
  const { email } = parseArgs(z.object({ email: Email }), { email: rawEmail })
  const db = usersDb(ctx.db)
  const user = await db
    .selectFrom('users')
    .select(['user_id', 'first_name'])
    .where('email', '=', email)
    .executeTakeFirst()
  if (!user) return true
  const now = Date.now()
  const key = randomBytes(32).toString('base64url')
  await db.transaction().execute(async (trx) => {
    // one request at a time per account, so the hourly limit holds under concurrency
    await trx.selectFrom('users').select('user_id').where('user_id', '=', user.user_id).forUpdate().execute()
    const recent = await trx
      .selectFrom('password_reset_keys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.user_id)
      .where('created_at', '>', new Date(now - RESET_KEY_TTL_MS))
      .executeTakeFirstOrThrow()
    if (Number(recent.count) >= MAX_KEYS_PER_HOUR) return
    await trx
      .insertInto('password_reset_keys')
      .values({
        key_hash: hashResetKey(key),
        user_id: user.user_id,
        expires_at: new Date(now + RESET_KEY_TTL_MS),
      })
      .execute()
    const payload: NoticeMailPayload = {
      actionUrl: resetUrl(ctx, scope, key),
      firstName: user.first_name,
      shopUrl: ctx.shopUrl,
    }
    await trx
      .insertInto('mail_messages')
      .values({
        kind: 'password-reset',
        order_id: null,
        recipient: email,
        language: scope.language,
        status: 'queued',
        payload: toJson(payload),
      })
      .execute()
  })
  return true
}

export async function commitReset(ctx: GraphQLContext, rawKey: string, digest: string): Promise<boolean> {
  if (!PASSWORD_DIGEST.test(digest))
    throw badUserInput('password must be the base64 SHA-384 digest of the new password', 'password')
  const key = rawKey.trim()
  if (!RESET_KEY.test(key)) throw resetKeyExpired()
  const keyHash = hashResetKey(key)
  const db = usersDb(ctx.db)
  const open = await db
    .selectFrom('password_reset_keys')
    .select('user_id')
    .where('key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst()
  if (!open) throw resetKeyExpired()
  // the slow hash runs outside the transaction; the key is used up atomically below
  const passwordHash = await passwordHasher.hash(digest)
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_reset_keys')
      .set({ used_at: new Date() })
      .where('key_hash', '=', keyHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst()
    if (!used) throw resetKeyExpired()
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('user_id', '=', used.user_id)
      .execute()
    await trx
      .updateTable('password_reset_keys')
      .set({ used_at: new Date() })
      .where('user_id', '=', used.user_id)
      .where('used_at', 'is', null)
      .execute()
    await revokeRefreshTokens(trx, used.user_id)
    return true
  })
}

/**
 * The account side of the protocol: finding a user, the password check with its limits, and a
 * new session's tokens sent.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { DEVICE_TOKEN_HEADER, REFRESH_TOKEN_HEADER } from '../../contracts/auth'
import type { DB } from '../../db/schema'
import { clientAddress } from '../shared/client-address'
import type { PasswordHasher } from '../shared/password-hash'
import { consumeChallenge, type AuthSignature } from './challenges'
import { DEVICE_FAILURE_LIMIT, knownDevice, revokeDevice, signDeviceToken } from './devices'
import type { Signer } from './keys'
import { deviceTokenOf, USER_COLUMNS } from './requests'
import { startSession } from './sessions'
import { blockedFor, clearFailures, failureCount, recordFailure, subjectHash } from './throttle'
import { ACCESS_TOKEN_MAX_AGE, signAccessToken, type TokenUser } from './tokens'

export type Accounts = ReturnType<typeof createAccounts>

export function createAccounts(
  db: Kysely<DB>,
  { hasher, signer, now }: { hasher: PasswordHasher; signer: Signer; now: () => Date },
) {
  const findUser = (email: string) =>
    db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email).executeTakeFirst()

  /** A new session for the user: the access token in the body, the refresh token in the header. */
  async function sendSession(reply: FastifyReply, user: TokenUser, lifetimeMinutes: number | null) {
    const issued = await startSession(db, user.user_id, lifetimeMinutes, now())
    return sendTokens(reply, user, issued.sessionId, issued.refreshToken)
  }

  async function sendTokens(
    reply: FastifyReply,
    user: TokenUser,
    sessionId: string,
    refreshToken: string,
    { withDevice = true } = {},
  ) {
    const key = await signer.current()
    const token = await signAccessToken(key, user, sessionId, now())
    reply.header(REFRESH_TOKEN_HEADER, refreshToken)
    if (withDevice) {
      // the password was just proven: this client is a known device of the account from now on
      const device = await signDeviceToken(key, subjectHash('account', user.email), now())
      reply
        .header(DEVICE_TOKEN_HEADER, device)
        .header('access-control-expose-headers', `${REFRESH_TOKEN_HEADER}, ${DEVICE_TOKEN_HEADER}`)
    } else reply.header('access-control-expose-headers', REFRESH_TOKEN_HEADER)
    return reply.send({ token, maxAge: ACCESS_TOKEN_MAX_AGE })
  }

  /**
   * The password check of login and password change: the limit first, then the single-use
   * signature, then exactly one slow hash whether or not the account exists. An unknown client
   * counts against the account and its address; a known device (a valid device token for this
   * account) against itself and its address, so strangers cannot lock the owner's device out.
   */
  async function authenticate(
    request: FastifyRequest,
    body: { username: string; signature: AuthSignature; password: string },
  ) {
    const account = subjectHash('account', body.username)
    const address = subjectHash('address', clientAddress(request.ip, request.headers['x-forwarded-for']))
    const device = await knownDevice(db, deviceTokenOf(request), account, now())
    const deviceSubject = device ? subjectHash('device', device.id) : null
    const counted = deviceSubject ? [deviceSubject, address] : [account, address]
    const wait = await blockedFor(db, counted, now())
    if (wait !== null) return { status: 429, message: 'too-many-attempts', retryAfter: wait } as const
    if (!(await consumeChallenge(db, body.username, body.signature, now()))) {
      return { status: 401, message: 'invalid-signature' } as const
    }
    const user = await findUser(body.username)
    if (!(await hasher.verify(body.password, user?.password_hash)) || !user) {
      await recordFailure(db, counted, now())
      if (device && deviceSubject && (await failureCount(db, deviceSubject, now())) >= DEVICE_FAILURE_LIMIT) {
        // guessed with: from now on an unknown client, under the account's lockout
        await revokeDevice(db, device, now())
      }
      return { status: 401, message: 'invalid-credentials' } as const
    }
    await clearFailures(db, deviceSubject ?? account)
    if (user.password_hash && hasher.needsRehash(user.password_hash)) {
      const password_hash = await hasher.hash(body.password)
      await db.updateTable('users').set({ password_hash }).where('user_id', '=', user.user_id).execute()
    }
    return user
  }

  return { findUser, sendSession, sendTokens, authenticate }
}

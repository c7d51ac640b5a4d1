/**
 * The auth endpoints under AUTH_PREFIX (./index.ts): the login routes (challenge, sign, login,
 * refresh, logout) and the account routes (register, password change).
 */
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { isValidApiKey } from '../shared/api-key'
import type { PasswordHasher } from '../shared/password-hash'
import type { Accounts } from './accounts'
import { consumeChallenge, createChallenge, signChallenge } from './challenges'
import { queueRegistrationMail } from './registration-mail'
import {
  ChallengeBody,
  fail,
  isFailure,
  LoginBody,
  parse,
  PasswordBody,
  refreshTokenOf,
  RegisterBody,
  USER_COLUMNS,
} from './requests'
import { revokeByRefreshToken, revokeUserSessions, rotateRefreshToken, sessionOf } from './sessions'

export interface AuthRouteDeps {
  db: Kysely<DB>
  apiKey: string
  hasher: PasswordHasher
  now: () => Date
  accounts: Accounts
}

export function registerLoginRoutes(auth: FastifyInstance, { db, apiKey, now, accounts }: AuthRouteDeps) {
  const { authenticate, sendSession, sendTokens } = accounts

  // Step 1 (a body with only the username) and step 3 (with signature and password).
  auth.post('/login', async (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined
    if (body && typeof body === 'object' && !('password' in body) && !('signature' in body)) {
      const challenge = parse(ChallengeBody, body)
      if (isFailure(challenge)) return fail(reply, challenge)
      return reply.send({ sign: await createChallenge(db, challenge.username, now()) })
    }
    const login = parse(LoginBody, body)
    if (isFailure(login)) return fail(reply, login)
    const user = await authenticate(request, login)
    if (isFailure(user)) return fail(reply, user)
    return sendSession(reply, user, login.sessionLifetime ?? null)
  })

  auth.get<{ Params: { apiKey: string }; Querystring: { identity?: string } }>(
    '/sign/:apiKey',
    async (request, reply) => {
      if (!isValidApiKey(request.params.apiKey, apiKey)) {
        return fail(reply, { status: 401, message: 'invalid-api-key' })
      }
      const identity = request.query.identity
      if (!identity || identity.length > 200)
        return fail(reply, { status: 400, message: 'identity is required' })
      const signed = await signChallenge(db, identity, now())
      return signed ? reply.send(signed) : fail(reply, { status: 401, message: 'invalid-identity' })
    },
  )

  // Refresh: the presented token is used up and the next one of its session issued.
  auth.get('/login', async (request, reply) => {
    const refreshToken = refreshTokenOf(request)
    if (!refreshToken) return fail(reply, { status: 401, message: 'invalid-refresh-token' })
    const rotated = await rotateRefreshToken(db, refreshToken, now())
    const user = rotated.ok
      ? await db
          .selectFrom('users')
          .select(USER_COLUMNS)
          .where('user_id', '=', rotated.userId)
          .executeTakeFirst()
      : undefined
    if (!rotated.ok || !user) return fail(reply, { status: 401, message: 'invalid-refresh-token' })
    return sendTokens(reply, user, rotated.sessionId, rotated.refreshToken, { withDevice: false })
  })

  auth.get('/logout', async (request, reply) => {
    const refreshToken = refreshTokenOf(request)
    if (refreshToken) await revokeByRefreshToken(db, refreshToken, now())
    return reply.send({})
  })
}

export function registerAccountRoutes(auth: FastifyInstance, { db, hasher, now, accounts }: AuthRouteDeps) {
  const { authenticate, sendSession } = accounts

  auth.post('/register', async (request, reply) => {
    const register = parse(RegisterBody, request.body)
    if (isFailure(register)) return fail(reply, register)
    if (!(await consumeChallenge(db, register.username, register.signature, now()))) {
      return fail(reply, { status: 401, message: 'invalid-signature' })
    }
    const password_hash = await hasher.hash(register.password)
    const user = await db
      .insertInto('users')
      .values({ email: register.username, password_hash })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning(USER_COLUMNS)
      .executeTakeFirst()
    if (register.mail) {
      const kind = user ? 'account-welcome' : 'account-exists'
      await queueRegistrationMail(db, kind, register.username, register.mail)
    }
    if (!user) return fail(reply, { status: 409, message: 'account-exists' })
    return sendSession(reply, user, register.sessionLifetime ?? null)
  })

  // Password change: every other session of the user ends; the caller gets a new one.
  auth.post('/password', async (request, reply) => {
    const change = parse(PasswordBody, request.body)
    if (isFailure(change)) return fail(reply, change)
    const user = await authenticate(request, change)
    if (isFailure(user)) return fail(reply, user)
    const password_hash = await hasher.hash(change.newPassword)
    await db
      .updateTable('users')
      .set({ password_hash, updated_at: now() })
      .where('user_id', '=', user.user_id)
      .execute()
    const presented = refreshTokenOf(request)
    const current = presented ? await sessionOf(db, presented, now()) : null
    const lifetime =
      current?.userId === user.user_id ? current.lifetimeMinutes : (change.sessionLifetime ?? null)
    await revokeUserSessions(db, user.user_id, now())
    return sendSession(reply, user, lifetime)
  })
}

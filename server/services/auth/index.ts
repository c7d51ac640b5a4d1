/**
 * The auth service (docs/adr/0018-auth-service.md) as a Fastify plugin under /auth, speaking
 * the protocol of docs/service-contracts.md#auth-protocol in the shapes of the Geins SDK's authServiceClient:
 *
 *   POST /auth/login {username}                      → {sign} (challenge, 5 min, single use)
 *   GET  /auth/sign/{apiKey}?identity={sign}         → {identity, signature, timestamp}
 *   POST /auth/login {username, signature, password, sessionLifetime?}
 *                                                    → {token, maxAge} + x-auth-refresh-token
 *   GET  /auth/login (x-auth-refresh-token)          → {token, maxAge} + the next refresh token
 *   POST /auth/register {username, signature, password, sessionLifetime?, mail?}
 *                                                    → like login; 409 for an existing e-mail
 *                                                      (with `mail`, either way a mail: ADR 0067)
 *   POST /auth/password {username, signature, password, newPassword}        → like login
 *   GET  /auth/logout (x-auth-refresh-token)         → 200, the session revoked
 *   GET  /auth/.well-known/jwks.json                 → the public keys
 *
 * `password` is always the client's digest (src/shared/password-digest.ts); only its scrypt
 * hash is stored (server/services/shared/password-hash.ts). Wrong credentials are one 401 for an
 * unknown user and a wrong password alike, after the same one hash. 10 failures per account or
 * client address in 15 minutes answer 429 with Retry-After (throttle.ts).
 *
 * Device tokens (devices.ts, ADR 0067): login, register and password answer with a new one in
 * x-auth-device-token; a login presenting a valid one for its account is not held by the
 * account's lockout (a stranger's wrong passwords cannot lock the owner out of a known device),
 * only by the address's limit and its own counter (5 failures revoke it).
 * Logout, a password change and a replayed refresh token also revoke the session's access
 * tokens (../shared/session-revocations.ts).
 */
import { DEVICE_TOKEN_HEADER, REFRESH_TOKEN_HEADER } from '../../contracts/auth'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { isValidApiKey } from '../shared/api-key'
import { JWKS_PATH } from '../shared/auth-tokens'
import { passwordHasher as defaultHasher, type PasswordHasher } from '../shared/password-hash'
import { consumeChallenge, createChallenge, signChallenge, type AuthSignature } from './challenges'
import { createSigner, publishedKeys } from './keys'
import {
  revokeByRefreshToken,
  revokeUserSessions,
  rotateRefreshToken,
  sessionOf,
  startSession,
} from './sessions'
import { blockedFor, clearFailures, failureCount, recordFailure, subjectHash } from './throttle'
import { DEVICE_FAILURE_LIMIT, knownDevice, revokeDevice, signDeviceToken } from './devices'
import { queueRegistrationMail, RegistrationMail } from './registration-mail'
import { clientAddress } from '../shared/client-address'
import { ACCESS_TOKEN_MAX_AGE, MAX_SESSION_LIFETIME_MINUTES, signAccessToken, type TokenUser } from './tokens'
import { PRIVATE_NO_STORE } from '../shared/cache-control'

export const AUTH_PREFIX = '/auth'

export interface AuthServiceOptions {
  database: Database
  config: Pick<Config, 'apiKey' | 'dataDir'>
  /** The slow hash; tests wrap it to count its runs. */
  passwordHasher?: PasswordHasher
  now?: () => Date
}

const Username = z
  .string({ error: 'username is required' })
  .trim()
  .toLowerCase()
  .min(3, 'username is too short')
  .max(254, 'username is too long')
const Digest = z
  .string({ error: 'password is required' })
  .regex(/^[A-Za-z0-9+/]{64}$/, 'password must be the client digest (base64 of SHA-384)')
const Signature = z.object(
  {
    identity: z.string().min(1).max(200),
    signature: z.string().min(1).max(200),
    timestamp: z.string().min(1).max(64),
  },
  { error: 'signature is required' },
)
const SessionLifetime = z
  .number({ error: 'sessionLifetime must be a number of minutes' })
  .int('sessionLifetime must be whole minutes')
  .min(1, 'sessionLifetime must be at least 1 minute')
  .max(
    MAX_SESSION_LIFETIME_MINUTES,
    `sessionLifetime must be at most ${MAX_SESSION_LIFETIME_MINUTES} minutes`,
  )
  .nullish()

const ChallengeBody = z.object({ username: Username })
const LoginBody = z.object({
  username: Username,
  signature: Signature,
  password: Digest,
  sessionLifetime: SessionLifetime,
})
const RegisterBody = LoginBody.extend({
  username: z.email('username must be an e-mail address').pipe(Username),
  mail: RegistrationMail.optional(),
})
const PasswordBody = LoginBody.extend({ newPassword: Digest })

type Failure = { status: 400 | 401 | 409 | 429; message: string; retryAfter?: number }

function parse<T>(schema: z.ZodType<T>, body: unknown): T | Failure {
  const parsed = schema.safeParse(body ?? {})
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  return { status: 400, message: issue?.message ?? 'invalid request' }
}

function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value
}

function fail(reply: FastifyReply, failure: Failure) {
  if (failure.retryAfter !== undefined) reply.header('retry-after', String(failure.retryAfter))
  return reply.code(failure.status).send({ message: failure.message })
}

function deviceTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[DEVICE_TOKEN_HEADER]
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined
}

function refreshTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[REFRESH_TOKEN_HEADER]
  const token = (Array.isArray(value) ? value[0] : value)?.trim()
  return token && token.length <= 200 ? token : undefined
}

const USER_COLUMNS = [
  'user_id',
  'email',
  'customer_type',
  'member_type',
  'member_id',
  'password_hash',
] as const

export default async function authService(app: FastifyInstance, options: AuthServiceOptions) {
  const { db } = options.database
  const hasher = options.passwordHasher ?? defaultHasher
  const now = options.now ?? (() => new Date())
  const signer = createSigner(db, options.config.dataDir)
  // The key exists and is published before the first request.
  await signer.current()

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

  await app.register(
    async (auth) => {
      auth.addHook('onSend', async (request, reply) => {
        if (!request.url.startsWith(`${AUTH_PREFIX}${JWKS_PATH}`))
          reply.header('cache-control', PRIVATE_NO_STORE)
      })

      auth.get(JWKS_PATH, async (_request, reply) => {
        return reply
          .header('cache-control', 'public, max-age=60')
          .send({ keys: await publishedKeys(db, now()) })
      })

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
          if (!isValidApiKey(request.params.apiKey, options.config.apiKey)) {
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

      auth.get('/logout', async (request, reply) => {
        const refreshToken = refreshTokenOf(request)
        if (refreshToken) await revokeByRefreshToken(db, refreshToken, now())
        return reply.send({})
      })
    },
    { prefix: AUTH_PREFIX },
  )
}

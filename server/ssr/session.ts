/**
 * The storefront's session endpoints (/api/session/*): a same-origin BFF in front of the auth
 * service (docs/adr/0019-sessions.md). The browser sends the e-mail and the password digest; the
 * server runs the auth protocol (challenge, signature with the API key, login), keeps the token
 * and the refresh token in HttpOnly cookies and answers only the public user. Every mutation is
 * CSRF-checked like /api/graphql (./csrf.ts); GET /api/session answers the user of the VERIFIED
 * token, never of the readable `lumo-user` cookie.
 *
 * ADR 0067: a login keeps the auth service's device token in the HttpOnly `lumo-device` cookie
 * and presents it at the next login, so a stranger's wrong passwords cannot lock this browser
 * out. Registration is limited per address (REGISTRATIONS_PER_HOUR) and answers 202
 * REGISTRATION_ACCEPTED whether or not the e-mail had an account; the mail tells the owner which,
 * and the form logs in next with the same credentials.
 */
import { DEVICE_TOKEN_HEADER, DEVICE_TOKEN_MAX_AGE, REFRESH_TOKEN_HEADER } from '../contracts/auth'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Config } from '../config'
import type { TokenVerifier, VerifiedUser } from '../services/shared/auth-tokens'
import { COOKIE_MAX_AGE, COOKIES, parseCookies, userCookieMaxAge } from '../../src/shared/cookies'
import { isCustomerType } from '../../src/shared/customer-types'
import {
  REGISTRATION_ACCEPTED,
  safeReturnPath,
  SESSION_ENDPOINTS,
  SESSION_PATH,
  SHORT_SESSION_MINUTES,
  type SessionAnswer,
  type SessionError,
  type SessionGranted,
  type SessionUser,
} from '../../src/shared/session'
import { csrfRefusal, isJsonContentType } from './csrf'
import { PRIVATE_NO_STORE, secureCookies } from '../security-headers'
import { createMemoryRateLimiter, type LimitRule, type RateLimiter } from '../services/shared/rate-limit'
import { shopOrigin } from '../shop-origin'

const SESSION_BODY_LIMIT = 16 * 1024

export interface SessionOptions {
  config: Pick<
    Config,
    'apiKey' | 'publicUrl' | 'services' | 'originFromRequest' | 'host' | 'port' | 'registrationsPerHour'
  >
  serviceFetch: typeof fetch
  verifier: TokenVerifier
  /** the registration limit's counters (the app's, in Redis when configured); in process by default */
  limiter?: RateLimiter
  /** how long one auth service call may take */
  upstreamTimeoutMs?: number
}

/** The public user of a verified token: what the page shows, and what SSR decides from. */
export function sessionUserOf(verified: VerifiedUser): SessionUser {
  return {
    id: verified.id,
    email: verified.email,
    customerType: isCustomerType(verified.customerType) ? verified.customerType : 'PERSON',
    memberType: verified.memberType || null,
    isMember: verified.memberId !== '',
  }
}

/** The verified user of the request's `lumo-auth` cookie, or null (no cookie, junk, expired). */
export async function verifiedSession(
  verifier: TokenVerifier,
  cookieHeader: string | undefined,
): Promise<{ token: string; user: VerifiedUser } | null> {
  const token = parseCookies(cookieHeader)[COOKIES.auth]
  if (!token) return null
  const user = await verifier.verify(token)
  return user ? { token, user } : null
}

const email = z.string().trim().toLowerCase().pipe(z.email().max(320))
const digest = z.string().min(1).max(200)
const LoginBody = z.object({ username: email, password: digest, rememberMe: z.boolean().default(false) })
const optionalText = z.string().max(200).optional()
const UserInput = z
  .object({
    address: z
      .object({
        firstName: optionalText,
        lastName: optionalText,
        addressLine1: optionalText,
        addressLine2: optionalText,
        zip: optionalText,
        city: optionalText,
        country: optionalText,
        company: optionalText,
        mobile: optionalText,
        phone: optionalText,
      })
      .strict()
      .optional(),
    newsletter: z.boolean().optional(),
    sms: z.boolean().optional(),
    personalId: optionalText,
    organizationId: optionalText,
    customerType: z.enum(['PERSON', 'ORGANIZATION']).optional(),
  })
  .strict()
const RegisterBody = LoginBody.extend({
  user: UserInput.optional(),
  /** the language of the registration mail */
  language: z.enum(['fi', 'sv', 'nb', 'da']).optional(),
  /** the account page in the shopper's market and language: the mail's link (a path on this site) */
  accountPath: z.string().max(2000).optional(),
})
const PasswordBody = z.object({ password: digest, newPassword: digest })

type AuthCallResult =
  | { ok: true; token: string; maxAge: number; refreshToken: string; deviceToken: string | null }
  | { ok: false; status: number; retryAfter: string | null; message: string | null }

class AuthUnavailableError extends Error {}

const UPDATE_USER = `mutation registerUser($user: UserInputType!) { updateUser(user: $user) { id } }`

export default async function sessionRoutes(app: FastifyInstance, options: SessionOptions) {
  const { config, serviceFetch, verifier, upstreamTimeoutMs = 15_000 } = options
  const authUrl = config.services.auth
  const limiter = options.limiter ?? createMemoryRateLimiter()
  const registrationLimit: LimitRule = {
    name: 'register',
    limit: config.registrationsPerHour,
    windowMs: 60 * 60 * 1000,
  }

  async function call(request: FastifyRequest, url: string, init: RequestInit): Promise<Response> {
    try {
      return await serviceFetch(url, {
        ...init,
        headers: {
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          // the auth service limits failures per client address: the shopper's, not this
          // server's (it believes X-Forwarded-For from a caller on its own host, ADR 0018)
          'x-forwarded-for': request.ip,
          ...init.headers,
        },
        signal: AbortSignal.timeout(upstreamTimeoutMs),
      })
    } catch (error) {
      throw new AuthUnavailableError(error instanceof Error ? error.message : String(error))
    }
  }

  /** The protocol's first two steps: a challenge for the user, signed with the API key. */
  async function signature(request: FastifyRequest, username: string): Promise<unknown> {
    const challenge = await call(request, `${authUrl}/login`, {
      method: 'POST',
      body: JSON.stringify({ username }),
    })
    const { sign } = (await challenge.json().catch(() => ({}))) as { sign?: unknown }
    if (!challenge.ok || typeof sign !== 'string')
      throw new AuthUnavailableError(`challenge ${challenge.status}`)
    // contracts.md §2.8: the challenge is appended to the sign endpoint, which holds the API key
    const signUrl = `${config.services.sign}${encodeURIComponent(sign)}`
    const signed = await call(request, signUrl, { method: 'GET' })
    if (!signed.ok) throw new AuthUnavailableError(`sign ${signed.status}`)
    return signed.json()
  }

  /** A token answer of the auth service (login, register, refresh, password). */
  async function tokenAnswer(response: Response): Promise<AuthCallResult> {
    const body = (await response.json().catch(() => ({}))) as {
      token?: unknown
      maxAge?: unknown
      message?: unknown
    }
    const refreshToken = response.headers.get(REFRESH_TOKEN_HEADER)
    const deviceToken = response.headers.get(DEVICE_TOKEN_HEADER)
    if (response.ok && typeof body.token === 'string' && typeof body.maxAge === 'number' && refreshToken)
      return { ok: true, token: body.token, maxAge: body.maxAge, refreshToken, deviceToken }
    if (response.ok) throw new AuthUnavailableError('token answer without token, maxAge or refresh token')
    return {
      ok: false,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      message: typeof body.message === 'string' ? body.message : null,
    }
  }

  const isSecure = (request: FastifyRequest) => secureCookies(request, config.publicUrl)

  function setSessionCookies(
    request: FastifyRequest,
    reply: FastifyReply,
    granted: { token: string; refreshToken: string; deviceToken: string | null },
    user: SessionUser,
    rememberMe: boolean,
  ) {
    const secure = isSecure(request)
    if (granted.deviceToken) {
      // this browser is a known device of the account; it stays one after logout
      reply.setCookie(COOKIES.device, granted.deviceToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: SESSION_PATH,
        maxAge: DEVICE_TOKEN_MAX_AGE,
      })
    }
    const userMaxAge = userCookieMaxAge(rememberMe)
    reply.setCookie(COOKIES.auth, granted.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: COOKIE_MAX_AGE.token,
    })
    reply.setCookie(COOKIES.authRefresh, granted.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: SESSION_PATH,
      maxAge: userMaxAge,
    })
    // readable by page script, for display only: nothing is ever decided from these two
    const readable = { httpOnly: false, sameSite: 'lax' as const, secure, path: '/', maxAge: userMaxAge }
    reply.setCookie(COOKIES.user, JSON.stringify(user), readable)
    reply.setCookie(COOKIES.userMaxAge, String(userMaxAge), readable)
  }

  function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
    const secure = isSecure(request)
    reply.clearCookie(COOKIES.auth, { path: '/', httpOnly: true, sameSite: 'lax', secure })
    reply.clearCookie(COOKIES.authRefresh, { path: SESSION_PATH, httpOnly: true, sameSite: 'strict', secure })
    reply.clearCookie(COOKIES.user, { path: '/', sameSite: 'lax', secure })
    reply.clearCookie(COOKIES.userMaxAge, { path: '/', sameSite: 'lax', secure })
  }

  function refuse(
    reply: FastifyReply,
    status: number,
    error: SessionError,
    extra: Record<string, unknown> = {},
  ) {
    return reply.code(status).send({ error, ...extra })
  }

  /** Verifies the new token, sets the cookies and answers `{user, maxAge}`. */
  async function grant(
    request: FastifyRequest,
    reply: FastifyReply,
    result: Extract<AuthCallResult, { ok: true }>,
    rememberMe: boolean,
  ) {
    const verified = await verifier.verify(result.token)
    if (!verified) {
      request.log.error('the auth service issued a token that does not verify')
      return refuse(reply, 502, 'auth-unavailable')
    }
    const user = sessionUserOf(verified)
    setSessionCookies(request, reply, result, user, rememberMe)
    const answer: SessionGranted = { user, maxAge: result.maxAge, expiresAt: verified.expiresAt.getTime() }
    return reply.send(answer)
  }

  /** The refusals login and register share: 429 passes Retry-After through. */
  function refuseFailedLogin(reply: FastifyReply, result: Extract<AuthCallResult, { ok: false }>) {
    if (result.status === 429) {
      if (result.retryAfter) reply.header('retry-after', result.retryAfter)
      const seconds = Number(result.retryAfter)
      return refuse(reply, 429, 'too-many-attempts', Number.isFinite(seconds) ? { retryAfter: seconds } : {})
    }
    if (result.status === 401 || result.status === 400) return refuse(reply, 401, 'invalid-credentials')
    return refuse(reply, 502, 'auth-unavailable')
  }

  function rememberedFrom(request: FastifyRequest): boolean {
    return parseCookies(request.headers.cookie)[COOKIES.userMaxAge] !== String(COOKIE_MAX_AGE.userSession)
  }

  function refreshTokenOf(request: FastifyRequest): string | undefined {
    return parseCookies(request.headers.cookie)[COOKIES.authRefresh] || undefined
  }

  /** The browser's device token, for the auth service's login and password change. */
  function deviceHeader(request: FastifyRequest): Record<string, string> {
    const token = parseCookies(request.headers.cookie)[COOKIES.device]
    return token ? { [DEVICE_TOKEN_HEADER]: token } : {}
  }

  async function revoke(request: FastifyRequest, refreshToken: string | undefined) {
    if (!refreshToken) return
    await call(request, `${authUrl}/logout`, {
      method: 'GET',
      headers: { [REFRESH_TOKEN_HEADER]: refreshToken },
    })
  }

  app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE)
      if (request.method === 'GET' || request.method === 'HEAD') return
      const refusal = csrfRefusal(request, config.publicUrl)
      if (refusal) return reply.code(403).send({ error: 'csrf', message: refusal })
      if (request.headers['content-length'] !== '0' && request.headers['content-type'] !== undefined) {
        if (!isJsonContentType(request.headers['content-type']))
          return reply
            .code(415)
            .send({ error: 'invalid-request', message: 'Content-Type must be application/json' })
      }
    })
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof AuthUnavailableError) {
        request.log.warn({ err: error }, 'auth service call failed')
        return refuse(reply, 502, 'auth-unavailable')
      }
      const status = (error as { statusCode?: number }).statusCode
      if (status && status >= 400 && status < 500) return refuse(reply, status, 'invalid-request')
      request.log.error({ err: error }, 'session endpoint failed')
      return refuse(reply, 500, 'auth-unavailable')
    })

    scope.get(SESSION_ENDPOINTS.session, async (request, reply) => {
      const session = await verifiedSession(verifier, request.headers.cookie)
      const answer: SessionAnswer = session
        ? { user: sessionUserOf(session.user), expiresAt: session.user.expiresAt.getTime() }
        : { user: null }
      return reply.send(answer)
    })

    scope.post(SESSION_ENDPOINTS.login, { bodyLimit: SESSION_BODY_LIMIT }, async (request, reply) => {
      const body = LoginBody.safeParse(request.body)
      if (!body.success) return refuse(reply, 400, 'invalid-request')
      const { username, password, rememberMe } = body.data
      const sign = await signature(request, username)
      const result = await tokenAnswer(
        await call(request, `${authUrl}/login`, {
          method: 'POST',
          headers: deviceHeader(request),
          body: JSON.stringify({
            username,
            signature: sign,
            password,
            ...(rememberMe ? {} : { sessionLifetime: SHORT_SESSION_MINUTES }),
          }),
        }),
      )
      if (!result.ok) return refuseFailedLogin(reply, result)
      return grant(request, reply, result, rememberMe)
    })

    scope.post(SESSION_ENDPOINTS.register, { bodyLimit: SESSION_BODY_LIMIT }, async (request, reply) => {
      const body = RegisterBody.safeParse(request.body)
      if (!body.success) return refuse(reply, 400, 'invalid-request')
      // request.ip is the shopper's (TRUST_PROXY): accounts from one address are limited
      const limit = await limiter.hit(registrationLimit, request.ip)
      if (!limit.allowed) {
        reply.header('retry-after', String(limit.retryAfterSeconds))
        return refuse(reply, 429, 'too-many-attempts', { retryAfter: limit.retryAfterSeconds })
      }
      const { username, password, user, language, accountPath } = body.data
      const origin = shopOrigin(request, config)
      const sign = await signature(request, username)
      const result = await tokenAnswer(
        await call(request, `${authUrl}/register`, {
          method: 'POST',
          body: JSON.stringify({
            username,
            signature: sign,
            password,
            sessionLifetime: SHORT_SESSION_MINUTES,
            mail: {
              language: language ?? 'fi',
              shopUrl: origin,
              accountUrl: `${origin}${safeReturnPath(accountPath) ?? '/'}`,
            },
          }),
        }),
      )
      if (result.ok) {
        // contracts.md §2.8: registration = auth register, then updateUser with the profile; a
        // failed profile update is only logged (docs/product-rules.md#accounts-and-auth). The session only carried the profile:
        // the shopper logs in next, so this answer tells nobody whether the account is new.
        if (user) await saveProfile(request, result.token, user)
        await revoke(request, result.refreshToken)
      } else if (result.status !== 409) return refuseFailedLogin(reply, result)
      return reply.code(202).send(REGISTRATION_ACCEPTED)
    })

    scope.post(SESSION_ENDPOINTS.refresh, async (request, reply) => {
      const refreshToken = refreshTokenOf(request)
      if (!refreshToken) {
        clearSessionCookies(request, reply)
        return refuse(reply, 401, 'session-expired')
      }
      const result = await tokenAnswer(
        await call(request, `${authUrl}/login`, {
          method: 'GET',
          headers: { [REFRESH_TOKEN_HEADER]: refreshToken },
        }),
      )
      if (!result.ok && result.status < 500) {
        clearSessionCookies(request, reply)
        return refuse(reply, 401, 'session-expired')
      }
      if (!result.ok) return refuse(reply, 502, 'auth-unavailable')
      return grant(request, reply, result, rememberedFrom(request))
    })

    scope.post(SESSION_ENDPOINTS.logout, async (request, reply) => {
      try {
        await revoke(request, refreshTokenOf(request))
      } catch (error) {
        // the cookies go regardless: the shopper is logged out in this browser
        request.log.warn({ err: error }, 'auth logout failed')
      }
      clearSessionCookies(request, reply)
      const answer: SessionAnswer = { user: null }
      return reply.send(answer)
    })

    scope.post(SESSION_ENDPOINTS.password, { bodyLimit: SESSION_BODY_LIMIT }, async (request, reply) => {
      const body = PasswordBody.safeParse(request.body)
      if (!body.success) return refuse(reply, 400, 'invalid-request')
      const session = await verifiedSession(verifier, request.headers.cookie)
      if (!session) return refuse(reply, 401, 'not-logged-in')
      const refreshToken = refreshTokenOf(request)
      const username = session.user.email
      const sign = await signature(request, username)
      const result = await tokenAnswer(
        await call(request, `${authUrl}/password`, {
          method: 'POST',
          headers: {
            ...deviceHeader(request),
            ...(refreshToken ? { [REFRESH_TOKEN_HEADER]: refreshToken } : {}),
          },
          body: JSON.stringify({ username, signature: sign, ...body.data }),
        }),
      )
      if (!result.ok && (result.status === 401 || result.status === 400)) {
        // docs/product-rules.md#accounts-and-auth: a wrong current password logs the user out
        await revoke(request, refreshToken).catch((error: unknown) =>
          request.log.warn({ err: error }, 'auth logout failed'),
        )
        clearSessionCookies(request, reply)
        return refuse(reply, 401, 'wrong-password', { loggedOut: true })
      }
      if (!result.ok) return refuseFailedLogin(reply, result)
      return grant(request, reply, result, rememberedFrom(request))
    })
  })

  async function saveProfile(request: FastifyRequest, token: string, user: z.infer<typeof UserInput>) {
    try {
      const response = await serviceFetch(config.services.api, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'x-apikey': config.apiKey,
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ operationName: 'registerUser', query: UPDATE_USER, variables: { user } }),
        signal: AbortSignal.timeout(upstreamTimeoutMs),
      })
      const answer = (await response.json().catch(() => ({}))) as { errors?: unknown[] }
      if (!response.ok || answer.errors?.length)
        request.log.warn(
          { status: response.status, errors: answer.errors },
          'updateUser after register failed',
        )
    } catch (error) {
      request.log.warn({ err: error }, 'updateUser after register failed')
    }
  }
}

/** POST login, register and password: the endpoints that send the shopper's credentials. */
import type { FastifyInstance } from 'fastify'
import { REFRESH_TOKEN_HEADER } from '../../contracts/auth'
import { shopOrigin } from '../../shop-origin'
import {
  REGISTRATION_ACCEPTED,
  safeReturnPath,
  SESSION_ENDPOINTS,
  SHORT_SESSION_MINUTES,
} from '../../../src/shared/session'
import { LoginBody, PasswordBody, RegisterBody } from './bodies'
import { deviceHeader, rememberedFrom, refreshTokenOf } from './cookies'
import { refuse, refuseFailedLogin, type SessionKit } from './kit'
import { verifiedSession } from './verified'

const SESSION_BODY_LIMIT = 16 * 1024

export function registerCredentialRoutes(scope: FastifyInstance, kit: SessionKit) {
  const { config, verifier, auth, limiter, registrationLimit, grant } = kit
  const { call, signature, tokenAnswer, revoke, saveProfile } = auth
  const authUrl = config.services.auth

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
      // docs/service-contracts.md#auth-protocol: registration = auth register, then updateUser with the profile; a
      // failed profile update is only logged (docs/product-rules.md#accounts-and-auth). The session only carried the profile:
      // the shopper logs in next, so this answer tells nobody whether the account is new.
      if (user) await saveProfile(request, result.token, user)
      await revoke(request, result.refreshToken)
    } else if (result.status !== 409) return refuseFailedLogin(reply, result)
    return reply.code(202).send(REGISTRATION_ACCEPTED)
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
      kit.clearCookies(request, reply)
      return refuse(reply, 401, 'wrong-password', { loggedOut: true })
    }
    if (!result.ok) return refuseFailedLogin(reply, result)
    return grant(request, reply, result, rememberedFrom(request))
  })
}

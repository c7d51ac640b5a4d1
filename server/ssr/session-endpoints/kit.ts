/** What every session endpoint shares: the auth client, the cookies' security and the answers. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { TokenVerifier } from '../../services/shared/auth-tokens'
import type { LimitRule, RateLimiter } from '../../services/shared/rate-limit'
import { secureCookies } from '../../security-headers'
import type { SessionError, SessionGranted } from '../../../src/shared/session'
import type { SessionOptions } from './options'
import type { AuthCallResult, AuthClient } from './auth-client'
import { clearSessionCookies, setSessionCookies } from './cookies'
import { sessionUserOf } from './verified'

export interface SessionKit {
  config: SessionOptions['config']
  verifier: TokenVerifier
  auth: AuthClient
  limiter: RateLimiter
  registrationLimit: LimitRule
  /** Verifies the new token, sets the cookies and answers `{user, maxAge}`. */
  grant(
    request: FastifyRequest,
    reply: FastifyReply,
    result: Extract<AuthCallResult, { ok: true }>,
    rememberMe: boolean,
  ): Promise<FastifyReply>
  clearCookies(request: FastifyRequest, reply: FastifyReply): void
}

export function refuse(
  reply: FastifyReply,
  status: number,
  error: SessionError,
  extra: Record<string, unknown> = {},
) {
  return reply.code(status).send({ error, ...extra })
}

/** The refusals login and register share: 429 passes Retry-After through. */
export function refuseFailedLogin(reply: FastifyReply, result: Extract<AuthCallResult, { ok: false }>) {
  if (result.status === 429) {
    if (result.retryAfter) reply.header('retry-after', result.retryAfter)
    const seconds = Number(result.retryAfter)
    return refuse(reply, 429, 'too-many-attempts', Number.isFinite(seconds) ? { retryAfter: seconds } : {})
  }
  if (result.status === 401 || result.status === 400) return refuse(reply, 401, 'invalid-credentials')
  return refuse(reply, 502, 'auth-unavailable')
}

export function createSessionKit(
  options: Pick<SessionOptions, 'config' | 'verifier'>,
  auth: AuthClient,
  limiter: RateLimiter,
): SessionKit {
  const { config, verifier } = options
  const isSecure = (request: FastifyRequest) => secureCookies(request, config.publicUrl)
  return {
    config,
    verifier,
    auth,
    limiter,
    registrationLimit: { name: 'register', limit: config.registrationsPerHour, windowMs: 60 * 60 * 1000 },
    async grant(request, reply, result, rememberMe) {
      const verified = await verifier.verify(result.token)
      if (!verified) {
        request.log.error('the auth service issued a token that does not verify')
        return refuse(reply, 502, 'auth-unavailable')
      }
      const user = sessionUserOf(verified)
      setSessionCookies(reply, isSecure(request), result, user, rememberMe)
      const answer: SessionGranted = { user, maxAge: result.maxAge, expiresAt: verified.expiresAt.getTime() }
      return reply.send(answer)
    },
    clearCookies(request, reply) {
      clearSessionCookies(reply, isSecure(request))
    },
  }
}

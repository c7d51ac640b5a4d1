/** GET session, POST refresh and logout: the endpoints that read or end the session's tokens. */
import type { FastifyInstance } from 'fastify'
import { REFRESH_TOKEN_HEADER } from '../../contracts/auth'
import { SESSION_ENDPOINTS, type SessionAnswer } from '../../../src/shared/session'
import { rememberedFrom, refreshTokenOf } from './cookies'
import { refuse, type SessionKit } from './kit'
import { sessionUserOf, verifiedSession } from './verified'

export function registerTokenRoutes(scope: FastifyInstance, kit: SessionKit) {
  const { config, verifier, auth, grant } = kit
  const authUrl = config.services.auth

  scope.get(SESSION_ENDPOINTS.session, async (request, reply) => {
    const session = await verifiedSession(verifier, request.headers.cookie)
    const answer: SessionAnswer = session
      ? { user: sessionUserOf(session.user), expiresAt: session.user.expiresAt.getTime() }
      : { user: null }
    return reply.send(answer)
  })

  scope.post(SESSION_ENDPOINTS.refresh, async (request, reply) => {
    const refreshToken = refreshTokenOf(request)
    if (!refreshToken) {
      kit.clearCookies(request, reply)
      return refuse(reply, 401, 'session-expired')
    }
    const result = await auth.tokenAnswer(
      await auth.call(request, `${authUrl}/login`, {
        method: 'GET',
        headers: { [REFRESH_TOKEN_HEADER]: refreshToken },
      }),
    )
    if (!result.ok && result.status < 500) {
      kit.clearCookies(request, reply)
      return refuse(reply, 401, 'session-expired')
    }
    if (!result.ok) return refuse(reply, 502, 'auth-unavailable')
    return grant(request, reply, result, rememberedFrom(request))
  })

  scope.post(SESSION_ENDPOINTS.logout, async (request, reply) => {
    try {
      await auth.revoke(request, refreshTokenOf(request))
    } catch (error) {
      // the cookies go regardless: the shopper is logged out in this browser
      request.log.warn({ err: error }, 'auth logout failed')
    }
    kit.clearCookies(request, reply)
    const answer: SessionAnswer = { user: null }
    return reply.send(answer)
  })
}

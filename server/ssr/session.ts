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
import type { FastifyInstance } from 'fastify'
import { csrfRefusal, isJsonContentType } from './csrf'
import { PRIVATE_NO_STORE } from '../security-headers'
import { createMemoryRateLimiter } from '../services/shared/rate-limit'
import { AuthUnavailableError, createAuthClient } from './session-endpoints/auth-client'
import { registerCredentialRoutes } from './session-endpoints/credentials'
import { createSessionKit, refuse } from './session-endpoints/kit'
import { registerTokenRoutes } from './session-endpoints/tokens'
import type { SessionOptions } from './session-endpoints/options'

export { sessionUserOf, verifiedSession } from './session-endpoints/verified'
export type { SessionOptions } from './session-endpoints/options'

/**
 * The session endpoints, in one scope that answers no-store and checks CSRF and the content type
 * of every mutation: the credential routes (login, register, password) and the token routes
 * (session, refresh, logout), in ./session-endpoints/.
 */
export default async function sessionRoutes(app: FastifyInstance, options: SessionOptions) {
  const { config } = options
  const kit = createSessionKit(
    options,
    createAuthClient(options),
    options.limiter ?? createMemoryRateLimiter(),
  )

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

    registerTokenRoutes(scope, kit)
    registerCredentialRoutes(scope, kit)
  })
}

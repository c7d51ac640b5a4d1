/**
 * POST /api/graphql: the browser's same-origin GraphQL endpoint (BFF). It adds the API key and
 * the shopper's bearer token from the HttpOnly `lumo-auth` cookie, so page script never holds
 * the token (DESIGN.md §5), and refuses cross-site requests (./csrf.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from '../config'
import { COOKIES, parseCookies } from '../../src/shared/cookies'
import { csrfRefusal, isJsonContentType } from './csrf'

export const GRAPHQL_PROXY_PATH = '/api/graphql'
export const GRAPHQL_PROXY_BODY_LIMIT = 256 * 1024

export interface GraphqlProxyOptions {
  config: Pick<Config, 'apiKey' | 'publicUrl' | 'services'>
  serviceFetch: typeof fetch
  /** how long the upstream may take before the shopper gets a 504 */
  upstreamTimeoutMs?: number
}

/** The shopper's session token from a Cookie header (works with or without @fastify/cookie). */
export function sessionToken(header: string | undefined): string | undefined {
  return parseCookies(header)[COOKIES.auth] || undefined
}

function graphqlError(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type('application/json')
    .send({ errors: [{ message }] })
}

export default async function graphqlProxy(app: FastifyInstance, options: GraphqlProxyOptions) {
  const { config, serviceFetch, upstreamTimeoutMs = 15_000 } = options

  app.post(GRAPHQL_PROXY_PATH, {
    bodyLimit: GRAPHQL_PROXY_BODY_LIMIT,
    // checked before the body is read
    onRequest: async (request, reply) => {
      const refusal = csrfRefusal(request, config.publicUrl)
      if (refusal) return graphqlError(reply, 403, refusal)
      if (!isJsonContentType(request.headers['content-type'])) {
        return graphqlError(reply, 415, 'Content-Type must be application/json')
      }
    },
    handler: async (request, reply) => {
      if (typeof request.body !== 'object' || request.body === null) {
        return graphqlError(reply, 400, 'The body must be a GraphQL request object or a batch of them')
      }
      const headers: Record<string, string> = {
        accept: '*/*',
        'content-type': 'application/json',
        'x-apikey': config.apiKey,
      }
      const token = sessionToken(request.headers.cookie)
      if (token) headers.authorization = `Bearer ${token}`

      let upstream: Response
      try {
        upstream = await serviceFetch(config.services.api, {
          method: 'POST',
          headers,
          body: JSON.stringify(request.body),
          signal: AbortSignal.timeout(upstreamTimeoutMs),
        })
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError'
        request.log.warn({ err: error }, 'GraphQL upstream failed')
        return graphqlError(
          reply,
          timedOut ? 504 : 502,
          timedOut ? 'GraphQL service timed out' : 'GraphQL service unavailable',
        )
      }
      // status and body only: upstream cookies and other headers never reach the browser
      const body = await upstream.text()
      return reply
        .code(upstream.status)
        .header('cache-control', 'no-store')
        .type(upstream.headers.get('content-type') ?? 'application/json')
        .send(body)
    },
  })
}

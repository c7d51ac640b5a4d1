/**
 * POST /api/graphql: the browser's same-origin GraphQL endpoint (BFF). It adds the API key and
 * the shopper's bearer token from the HttpOnly `lumo-auth` cookie, so page script never holds
 * the token (DESIGN.md §5), and refuses cross-site requests (./csrf.ts: a custom header is
 * required and a present Origin must be our own).
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from '../config'
import { csrfRefusal, isJsonContentType, sessionToken } from './csrf'
import { callUpstream, relayUpstream } from './upstream'

export const GRAPHQL_PROXY_PATH = '/api/graphql'
export const GRAPHQL_PROXY_BODY_LIMIT = 256 * 1024

export interface GraphqlProxyOptions {
  config: Pick<Config, 'apiKey' | 'publicUrl' | 'services'>
  serviceFetch: typeof fetch
  /** how long the upstream may take before the shopper gets a 504 */
  upstreamTimeoutMs?: number
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
      // the API's abuse limits count the shopper's address, not this server's (it believes
      // X-Forwarded-For from a caller on its own host: services/shared/client-address.ts, ADR 0024)
      headers['x-forwarded-for'] = request.ip

      const upstream = await callUpstream(
        serviceFetch,
        config.services.api,
        { method: 'POST', headers, body: JSON.stringify(request.body) },
        upstreamTimeoutMs,
        request.log,
      )
      if (!upstream.ok) {
        return graphqlError(
          reply,
          upstream.status,
          upstream.status === 504 ? 'GraphQL service timed out' : 'GraphQL service unavailable',
        )
      }
      return relayUpstream(reply, upstream.response)
    },
  })
}

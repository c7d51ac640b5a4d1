/**
 * /api/likes/users/{userId}/(products|migrated): the browser's same-origin way to the likes
 * service (docs/product-rules.md#favourites, server/services/likes). Like /api/graphql it takes the bearer token from the
 * HttpOnly `lumo-auth` cookie, so page script never holds it, and refuses cross-site requests
 * (./csrf.ts). The service decides who may read which list; this only carries the request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'
import { BROWSER_LIKES_URI } from '../../src/shared/storefront-api'
import { csrfRefusal, isJsonContentType, sessionToken } from './csrf'
import { callUpstream, relayUpstream } from './upstream'
import { PRIVATE_NO_STORE } from '../security-headers'

export const LIKES_PROXY_BODY_LIMIT = 64 * 1024

export interface LikesProxyOptions {
  config: Pick<Config, 'publicUrl' | 'services'>
  serviceFetch: typeof fetch
  upstreamTimeoutMs?: number
}

function refuse(reply: FastifyReply, status: number, error: string) {
  return reply.code(status).header('cache-control', PRIVATE_NO_STORE).send({ error })
}

export default async function likesProxy(app: FastifyInstance, options: LikesProxyOptions) {
  const { config, serviceFetch, upstreamTimeoutMs = 10_000 } = options

  const checks = async (request: FastifyRequest, reply: FastifyReply) => {
    const refusal = csrfRefusal(request, config.publicUrl)
    if (refusal) return refuse(reply, 403, refusal)
    const length = request.headers['content-length']
    const hasBody =
      (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
    if (request.method === 'POST' && hasBody && !isJsonContentType(request.headers['content-type']))
      return refuse(reply, 415, 'Content-Type must be application/json')
  }

  const forward = async (request: FastifyRequest, reply: FastifyReply, resource: 'products' | 'migrated') => {
    const { userId } = request.params as { userId: string }
    const headers: Record<string, string> = { accept: 'application/json' }
    const token = sessionToken(request.headers.cookie)
    if (token) headers.authorization = `Bearer ${token}`
    const init: RequestInit = { method: request.method, headers }
    if (request.method === 'POST' && request.body !== undefined) {
      headers['content-type'] = 'application/json'
      init.body = JSON.stringify(request.body)
    }
    const url = `${config.services.likes}/users/${encodeURIComponent(userId)}/${resource}`
    const upstream = await callUpstream(serviceFetch, url, init, upstreamTimeoutMs, request.log)
    if (!upstream.ok) return refuse(reply, upstream.status, 'likes-unavailable')
    const lastModified = upstream.response.headers.get('last-modified')
    if (lastModified) reply.header('last-modified', lastModified)
    return relayUpstream(reply, upstream.response)
  }

  for (const resource of ['products', 'migrated'] as const) {
    const url = `${BROWSER_LIKES_URI}/users/:userId/${resource}`
    app.get(url, { onRequest: checks }, (request, reply) => forward(request, reply, resource))
    app.post(url, { onRequest: checks, bodyLimit: LIKES_PROXY_BODY_LIMIT }, (request, reply) =>
      forward(request, reply, resource),
    )
  }
}

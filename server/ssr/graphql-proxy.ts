/**
 * /api/graphql: the browser's same-origin GraphQL endpoint (BFF). It adds the API key and the
 * shopper's bearer token from the HttpOnly `lumo-auth` cookie, so page script never holds the
 * token (docs/quality-bars.md#security), and refuses cross-site requests (./csrf.ts: a custom header is required
 * and a present Origin must be our own).
 *
 * POST carries any operation. GET carries a query by its persisted-query hash (Apollo's
 * PersistedQueryLink, `extensions.persistedQuery`; the commerce API resolves the hash): a public
 * catalogue read (PUBLIC_READ_OPERATIONS) goes upstream without the shopper's token and comes
 * back shareable (`public, max-age`, and the service worker's offline mark), so the worker and a
 * CDN can keep it; any other operation keeps the POST rules and stays private (ADR 0037).
 */
import { randomBytes } from 'node:crypto'
import fastifyCookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'
import { csrfRefusal, isJsonContentType, sessionToken } from './csrf'
import { PRIVATE_NO_STORE, secureCookies } from '../security-headers'
import { isShopperId, SHOPPER_HEADER } from '../services/shared/client-address'
import { COOKIES } from '../../src/shared/cookies'
import { callUpstream, relayUpstream } from './upstream'
import { SHOP_ORIGIN_HEADER, shopOrigin } from '../shop-origin'
import {
  OFFLINE_CACHE_HEADER,
  PUBLIC_READ_MAX_AGE_S,
  PUBLIC_READ_OPERATIONS,
  PUBLIC_READ_STALE_S,
} from '../../src/shared/storefront-api'

export const GRAPHQL_PROXY_PATH = '/api/graphql'
export const GRAPHQL_PROXY_BODY_LIMIT = 256 * 1024

export interface GraphqlProxyOptions {
  config: Pick<Config, 'apiKey' | 'publicUrl' | 'services' | 'originFromRequest' | 'host' | 'port'>
  serviceFetch: typeof fetch
  /** how long the upstream may take before the shopper gets a 504 */
  upstreamTimeoutMs?: number
}

const SHOPPER_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

/**
 * This browser's id for the API's abuse limits (ADR 0024): its `lumo-shopper` cookie, or a new
 * random one set now. It tells shoppers behind one address apart; a client that drops it is
 * counted by its address alone, as before.
 */
function shopperId(request: FastifyRequest, reply: FastifyReply, publicUrl: string): string {
  const known = request.cookies[COOKIES.shopper]
  if (isShopperId(known)) return known
  const id = randomBytes(18).toString('base64url')
  reply.setCookie(COOKIES.shopper, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(request, publicUrl),
    path: GRAPHQL_PROXY_PATH,
    maxAge: SHOPPER_COOKIE_MAX_AGE,
  })
  return id
}

function graphqlError(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type('application/json')
    .send({ errors: [{ message }] })
}

/** The query-string fields a GET may carry (GraphQL over HTTP); anything else is dropped. */
const GET_FIELDS = ['operationName', 'variables', 'extensions'] as const

/** The `Cache-Control` of a public read: browsers and CDNs reuse it briefly, then revalidate. */
export const PUBLIC_READ_CACHE_CONTROL = `public, max-age=${PUBLIC_READ_MAX_AGE_S}, stale-while-revalidate=${PUBLIC_READ_STALE_S}`

/**
 * Whether a GET is a public catalogue read by hash: a known operation name, a persisted-query
 * hash and no query text (the text only ever travels in a POST).
 */
export function isPublicRead(query: Record<string, unknown>): boolean {
  const name = query['operationName']
  return typeof name === 'string' && PUBLIC_READ_OPERATIONS.has(name) && isHashOnly(query)
}

/** A GET names its query by persisted-query hash only; the text travels in POSTs. */
function isHashOnly(query: Record<string, unknown>): boolean {
  if (query['query'] !== undefined) return false
  const extensions = query['extensions']
  if (typeof extensions !== 'string') return false
  try {
    const parsed = JSON.parse(extensions) as { persistedQuery?: { sha256Hash?: unknown } } | null
    return typeof parsed?.persistedQuery?.sha256Hash === 'string'
  } catch {
    return false
  }
}

function upstreamGetUrl(base: string, query: Record<string, unknown>): string {
  const url = new URL(base)
  for (const field of GET_FIELDS) {
    const value = query[field]
    if (typeof value === 'string') url.searchParams.set(field, value)
  }
  return url.href
}

/** A 200 answer with data and no errors: only such an answer may be shared or kept offline. */
function isCleanResult(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { data?: unknown; errors?: unknown } | null
    return parsed !== null && typeof parsed.data === 'object' && parsed.data !== null && !parsed.errors
  } catch {
    return false
  }
}

export default async function graphqlProxy(app: FastifyInstance, options: GraphqlProxyOptions) {
  const { config, serviceFetch, upstreamTimeoutMs = 15_000 } = options
  // the shop registers it app-wide; alone (its tests) the proxy brings its own
  if (!app.hasRequestDecorator('cookies')) await app.register(fastifyCookie)

  app.get(GRAPHQL_PROXY_PATH, {
    handler: async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>
      const publicRead = isPublicRead(query)
      // A public read names no one and changes nothing, so a CDN may send it on without our
      // header; everything else is checked like a POST.
      if (!publicRead) {
        const refusal = csrfRefusal(request, config.publicUrl)
        if (refusal) return graphqlError(reply, 403, refusal)
        if (!isHashOnly(query))
          return graphqlError(reply, 400, 'A GET carries a persisted-query hash; send query text with POST')
      }
      const headers: Record<string, string> = { accept: '*/*', 'x-apikey': config.apiKey }
      const token = publicRead ? undefined : sessionToken(request.headers.cookie)
      if (token) headers.authorization = `Bearer ${token}`
      headers['x-forwarded-for'] = request.ip
      if (!publicRead) headers[SHOP_ORIGIN_HEADER] = shopOrigin(request, config)

      const upstream = await callUpstream(
        serviceFetch,
        upstreamGetUrl(config.services.api, query),
        { method: 'GET', headers },
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
      if (!publicRead || upstream.response.status !== 200) return relayUpstream(reply, upstream.response)
      const body = await upstream.response.text()
      reply.code(200).type(upstream.response.headers.get('content-type') ?? 'application/json')
      if (isCleanResult(body)) {
        reply.header('cache-control', PUBLIC_READ_CACHE_CONTROL).header(OFFLINE_CACHE_HEADER, 'cache')
      } else {
        reply.header('cache-control', PRIVATE_NO_STORE)
      }
      return reply.send(body)
    },
  })

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
      // …and tell the shoppers behind one address apart
      headers[SHOPPER_HEADER] = shopperId(request, reply, config.publicUrl)
      // the shop's address as the shopper reached it: the API builds payment return pages and
      // mail links on it (ADR 0057)
      headers[SHOP_ORIGIN_HEADER] = shopOrigin(request, config)

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

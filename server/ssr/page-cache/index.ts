/**
 * The storefront's shared page cache (docs/adr/0014-page-cache.md): pages that are the same for
 * every shopper of a market, language and customer type are rendered once without any
 * shopper's cookies, stored compressed with a nonce placeholder, and sent with a fresh nonce.
 * The database tells it what changed (migration 0600: pg_notify on 'lumo_page_cache'); no page
 * outlives the next campaign start or end.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import type { Config } from '../../config'
import { preferredEncoding } from '../../compression'
import type { Database } from '../../db'
import type { EntryServer } from '../../../src/shared/server-entry'
import { createCacheDecider, normaliseQuery, SHARED_RENDER_COOKIES } from './key'
import { PageCache, type PassingPage, type SharedRender } from './page-cache'
import { SERVICE_UNAVAILABLE_STATUS } from '../../../src/shared/service-unavailable'
import { PRIVATE_NO_STORE } from '../../security-headers'
import { ALL_PAGES_TAG, createMemoryStore, createRedisStore, type CachedPage, type PageStore } from './store'
import { brotliWithNonce, compileTemplate, gzipWithNonce, htmlWithNonce, withBrotli } from './template'
import { newNonce } from '../nonce'
import { markInternalRequest } from '../../internal-requests'
import { REQUEST_ID_HEADER } from '../../services/shared/request-context'

export { PageCache } from './page-cache'

/** hit | stale | miss | bypass: how this response was made (for tests and operators). */
export const CACHE_STATE_HEADER = 'x-lumo-cache'
/** Set by a shared render for the cache; never sent to a browser. */
const CACHE_TAGS_HEADER = 'x-lumo-cache-tags'
const SHARED_RENDER_HEADER = 'x-lumo-shared-render'
export const NOTIFY_CHANNEL = 'lumo_page_cache'

/** Headers of a shared render that are not replayed: they are made per response. */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'cache-control',
  'content-security-policy',
  'vary',
  'set-cookie',
  CACHE_TAGS_HEADER,
  CACHE_STATE_HEADER,
])

type PageHandler = (request: FastifyRequest, reply: FastifyReply, sharedPage: boolean) => Promise<unknown>

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared page cache; null in development or when PAGE_CACHE_MB is 0. */
    pageCache: PageCache | null
  }
}

export interface PageCacheSetup {
  cache: PageCache
  /**
   * The page route's handler: answers from the cache where it may, else renders. undefined: the
   * answer went out at once (a fresh page held in memory).
   */
  handle(request: FastifyRequest, reply: FastifyReply): Promise<unknown> | undefined
}

/**
 * The entry a shared render uses: none of the shopper's cookies or credentials reach the app
 * (the internal request carries none either; this is the second lock), and the page's tags
 * travel to the cache in a response header.
 */
export function sharedPageEntry(entry: EntryServer, reply: FastifyReply): EntryServer {
  return {
    async prepare(request, context) {
      const cookies: Record<string, string> = {}
      for (const name of SHARED_RENDER_COOKIES) {
        const value = context.cookies[name]
        if (value !== undefined) cookies[name] = value
      }
      const { Authorization: _dropped, ...apiHeaders } = context.apiHeaders
      const prepared = await entry.prepare(request, {
        ...context,
        cookies,
        apiHeaders,
        userAgent: '',
        sharedPage: true,
      })
      if (prepared.kind === 'page') reply.header(CACHE_TAGS_HEADER, prepared.cacheTags.join(' '))
      return prepared
    },
  }
}

/** The next discount campaign start or end (no page may outlive it), or the next UTC midnight. */
function createExpiryLimit(database: Database, now: () => number) {
  let known: { value: number | undefined; until: number } | undefined
  const nextMidnight = () => {
    const date = new Date(now())
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)
  }
  const nextBoundary = async (): Promise<number | undefined> => {
    const { rows } = await sql<{ next: Date | string | null }>`
      SELECT min(boundary) AS next FROM (
        SELECT active_from AS boundary FROM discount_campaigns WHERE active_from > now()
        UNION ALL
        SELECT active_to FROM discount_campaigns WHERE active_to > now()
      ) AS boundaries`.execute(database.db)
    const next = rows[0]?.next
    return next ? new Date(next).getTime() : undefined
  }
  return {
    async limit(): Promise<number> {
      const midnight = nextMidnight()
      if (!known || now() >= known.until) {
        const value = await nextBoundary()
        // read again at the boundary itself, and at least daily
        known = { value, until: Math.min(value ?? Infinity, midnight) }
      }
      return Math.min(known.value ?? Infinity, midnight)
    },
    forget() {
      known = undefined
    },
  }
}

function cookieHeader(cookies: Record<string, string | undefined>): string {
  return SHARED_RENDER_COOKIES.flatMap((name) => {
    const value = cookies[name]
    return value === undefined ? [] : [`${name}=${encodeURIComponent(value)}`]
  }).join('; ')
}

export async function createPageCache({
  app,
  config,
  database,
  render,
  now = Date.now,
}: {
  app: FastifyInstance
  config: Config
  database: Database
  render: PageHandler
  now?: () => number
}): Promise<PageCacheSetup> {
  const { pageCache: settings } = config
  let redis: Redis | undefined
  let store: PageStore
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true })
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'page cache: redis'))
    await redis.connect()
    store = createRedisStore({ redis, prefix: settings.redisPrefix, now })
  } else {
    store = createMemoryStore({ maxBytes: settings.maxBytes, now })
  }
  const expiry = createExpiryLimit(database, now)
  const cache = new PageCache({
    store,
    freshMs: settings.freshSeconds * 1000,
    staleMs: settings.staleSeconds * 1000,
    expiryLimit: () => expiry.limit(),
    now,
    log: (message, error) => app.log.warn({ err: error }, message),
  })

  const stopListening = await database.listen(NOTIFY_CHANNEL, (payload) => {
    const tags = payload.split(',').filter(Boolean)
    if (tags.includes('catalogue') || tags.includes(ALL_PAGES_TAG)) expiry.forget()
    cache
      .invalidate(tags)
      .catch((error: unknown) => app.log.error({ err: error }, 'page cache: invalidation'))
  })
  app.addHook('onClose', async () => {
    await stopListening()
    await cache.close()
    redis?.disconnect()
  })

  // Proves an internal request is this process's own shared render, not a forged header.
  const sharedRenderSecret = randomBytes(32).toString('base64url')
  const isSharedRender = (request: FastifyRequest) => {
    const presented = request.headers[SHARED_RENDER_HEADER]
    if (typeof presented !== 'string' || presented.length !== sharedRenderSecret.length) return false
    return timingSafeEqual(Buffer.from(presented), Buffer.from(sharedRenderSecret))
  }

  async function renderShared(request: FastifyRequest): Promise<SharedRender> {
    const url = new URL(request.url, 'http://internal')
    const cookie = cookieHeader(request.cookies)
    const response = await app.inject({
      method: 'GET',
      url: url.pathname + normaliseQuery(url.search),
      headers: {
        host: request.host,
        'x-forwarded-proto': request.protocol,
        [SHARED_RENDER_HEADER]: sharedRenderSecret,
        // the render's log lines carry the asking request's id
        [REQUEST_ID_HEADER]: request.id,
        ...(cookie ? { cookie } : {}),
      },
    })
    const unavailable = response.statusCode === SERVICE_UNAVAILABLE_STATUS
    if (response.statusCode !== 200 && response.statusCode !== 404 && !unavailable)
      return { shareable: false, reason: `status ${response.statusCode}` }
    if (response.headers['set-cookie'] !== undefined) return { shareable: false, reason: 'set-cookie' }
    const csp = String(response.headers['content-security-policy'] ?? '')
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    if (!nonce) return { shareable: false, reason: 'no nonce' }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || NOT_REPLAYED.has(name)) continue
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
    }
    // a service did not answer: everyone asking now gets this page, nobody later (never stored)
    if (unavailable) {
      const passing = {
        status: response.statusCode,
        headers,
        csp: csp.split(nonce),
        template: compileTemplate(response.rawPayload, nonce),
      }
      return { shareable: false, reason: `status ${response.statusCode}`, passing }
    }
    return {
      shareable: true,
      page: {
        status: response.statusCode,
        headers,
        csp: csp.split(nonce),
        template: await withBrotli(compileTemplate(response.rawPayload, nonce), nonce),
        tags: String(response.headers[CACHE_TAGS_HEADER] ?? '')
          .split(' ')
          .filter(Boolean),
      },
    }
  }

  function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: string) {
    const nonce = newNonce()
    reply.code(page.status)
    for (const [name, value] of Object.entries(page.headers)) reply.header(name, value)
    reply
      .header('content-security-policy', page.csp.join(nonce))
      .header(
        'cache-control',
        `public, max-age=0, s-maxage=${settings.freshSeconds}, stale-while-revalidate=${settings.staleSeconds}`,
      )
      // the other parts of the key (market, language, customer type) are in the URL or in
      // cookies a CDN must key on explicitly: docs/deploy.md
      .header('vary', 'Accept-Encoding')
      .header('age', String(Math.max(0, Math.floor((now() - page.storedAt) / 1000))))
      .header(CACHE_STATE_HEADER, state)
    // brotli when the client takes it and the template has it, else gzip, else the plain page
    const accepted = request.headers['accept-encoding']
    const brotli =
      preferredEncoding(accepted, ['br', 'gzip']) === 'br' ? brotliWithNonce(page.template, nonce) : null
    if (brotli) return reply.header('content-encoding', 'br').send(brotli)
    if (preferredEncoding(accepted, ['gzip']))
      return reply.header('content-encoding', 'gzip').send(gzipWithNonce(page.template, nonce))
    return reply.send(htmlWithNonce(page.template, nonce))
  }

  /** A shared render's answer that is not kept (a 503), with this response's own nonce. */
  function sendPassing(reply: FastifyReply, page: PassingPage) {
    const nonce = newNonce()
    reply.code(page.status)
    for (const [name, value] of Object.entries(page.headers)) reply.header(name, value)
    return reply
      .header('content-security-policy', page.csp.join(nonce))
      .header('cache-control', PRIVATE_NO_STORE)
      .header(CACHE_STATE_HEADER, 'bypass')
      .send(htmlWithNonce(page.template, nonce))
  }

  const decide = createCacheDecider({ mode: config.urlMode, marketDomains: config.marketDomains })

  const personal = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header(CACHE_STATE_HEADER, 'bypass')
    return render(request, reply, false)
  }

  return {
    cache,
    handle(request, reply) {
      if (isSharedRender(request)) {
        // the asking request writes the one line (server/request-log.ts)
        markInternalRequest(request)
        return render(request, reply, true)
      }
      const decision = decide({
        method: request.method,
        host: request.host,
        url: request.url,
        cookies: request.cookies,
      })
      if (!decision.cacheable) return personal(request, reply)
      const fresh = cache.freshHit(decision.key)
      if (fresh) {
        send(request, reply, fresh, 'hit')
        return undefined
      }
      return serveFromStore(request, reply, decision.key)
    },
  }

  async function serveFromStore(request: FastifyRequest, reply: FastifyReply, key: string) {
    let served
    try {
      served = await cache.serve(key, () => renderShared(request))
    } catch (error) {
      // the cache (Redis) failing must not fail the page
      request.log.warn({ err: error }, 'page cache unavailable')
      return personal(request, reply)
    }
    if (served.state === 'bypass')
      return served.passing ? sendPassing(reply, served.passing) : personal(request, reply)
    return send(request, reply, served.page, served.state)
  }
}

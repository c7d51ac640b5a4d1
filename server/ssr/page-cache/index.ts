/**
 * The storefront's shared page cache (docs/adr/0014-page-cache.md): pages that are the same for
 * every shopper of a market, language and customer type are rendered once without any
 * shopper's cookies, stored compressed with a nonce placeholder, and sent with a fresh nonce.
 * The database tells it what changed (migration 0600: pg_notify on 'lumo_page_cache'); no page
 * outlives the next campaign start or end.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import type { Config } from '../../config'
import type { Database } from '../../db'
import type { EntryServer } from '../../../src/shared/server-entry'
import { CACHE_STATE_HEADER, CACHE_TAGS_HEADER } from './headers'
import { createCacheDecider, SHARED_RENDER_COOKIES } from './key'
import { PageCache } from './page-cache'
import { sendPage, sendPassing } from './replies'
import { createSharedRenderer } from './shared-render'
import { ALL_PAGES_TAG, createMemoryStore, createRedisStore, type PageStore } from './store'
import { markInternalRequest } from '../../internal-requests'

export { PageCache } from './page-cache'
export { CACHE_STATE_HEADER } from './headers'
export const NOTIFY_CHANNEL = 'lumo_page_cache'

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

  const { isSharedRender, renderShared } = createSharedRenderer(app)
  const sendOptions = { freshSeconds: settings.freshSeconds, staleSeconds: settings.staleSeconds, now }

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
        sendPage(request, reply, fresh, 'hit', sendOptions)
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
    return sendPage(request, reply, served.page, served.state, sendOptions)
  }
}

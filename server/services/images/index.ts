/**
 * The image service (docs/product-rules.md#images, docs/service-contracts.md#lists-and-images) as a Fastify plugin:
 * `GET /img/{type}/{sizeFolder}/{fileName}?format=&q=` renders a stored image (seeded product
 * images are SVG text in the `images` table) to AVIF, WebP or JPEG at the asked size.
 *
 * Only the sizes and qualities the shop uses are rendered (src/shared/image-sizes.ts, ADR 0072):
 * any other is redirected to the nearest allowed one. Rendered variants are cached on disk and
 * served with a year's immutable Cache-Control: a variant's URL names its bytes, and a replaced
 * source image gets a new cache key (its created_at is part of the key). Renders run through a
 * queue with a line per client address served in turn (job-queue.ts), and each address has a
 * budget of render cost per minute (cost.ts; docs/platform-notes.md#sharp-and-avif-cost).
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { sql } from 'kysely'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { createDiskCache } from './disk-cache'
import { renderCost } from './cost'
import { ClientQueueFullError, createRenderQueue, QueueFullError, type RenderQueue } from './job-queue'
import {
  CONTENT_TYPES,
  nearestAllowedVariant,
  parseImageRequest,
  variantKey,
  type ImageVariant,
} from './params'
import { renderVariant, type SourceImage } from './render'
import { createMemoryRateLimiter, type LimitRule, type RateLimiter } from '../shared/rate-limit'

/**
 * The render budget per client address and minute, in WebP kilopixels (cost.ts; ADR 0024, 0072):
 * a cold list page at 2× as AVIF (48 cards of 640×800) costs ~98 000, the largest picture
 * (1536×1920 AVIF) ~11 800; 400 000 is about 26 s of one core's CPU. Cached variants cost nothing.
 */
export const IMAGE_RENDER_LIMIT: LimitRule = { name: 'image-render-cost', limit: 400_000, windowMs: 60_000 }

/** Redirects to the nearest allowed size are cached for a day: the list may grow later. */
export const IMAGE_REDIRECT_CACHE_CONTROL = 'public, max-age=86400'

export interface ImagesServiceOptions {
  database: Database
  /** imageCacheMaxBytes: the disk cache's bound (IMAGE_CACHE_MB; 512 MiB when absent) */
  config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 'imageCacheMaxBytes'>>
  /** Renders allowed at once (default 2: the machine has 2 cores shared with the shop). */
  concurrency?: number
  /** Renders allowed to wait before further ones get 503 (default 256). */
  maxWaiting?: number
  /** Renders of one address allowed to wait before its further ones get 429 (default 48: a list page's cards). */
  maxWaitingPerClient?: number
  /** A queue shared with other work (tests hold it busy or watch its order); replaces the three above. */
  renderQueue?: RenderQueue
  /** The process's abuse limiter (shared across instances with Redis); in process by default. */
  limiter?: RateLimiter
}

export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

function etagFor(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`
}

/** If-None-Match may list several tags, weak ones (W/) included, or `*`. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`
  })
}

export default async function imagesService(
  app: FastifyInstance,
  {
    database,
    config,
    concurrency = 2,
    maxWaiting = 256,
    maxWaitingPerClient = 48,
    renderQueue,
    limiter,
  }: ImagesServiceOptions,
) {
  const limits = limiter ?? createMemoryRateLimiter()
  const { db } = database
  const cache = createDiskCache(config.dataDir, { maxBytes: config.imageCacheMaxBytes })
  const queue = renderQueue ?? createRenderQueue({ concurrency, maxWaiting, maxWaitingPerClient })
  /** Identical variants asked for at once render once. */
  const inFlight = new Map<string, Promise<Buffer>>()

  /** The source's version and size (or undefined when there is no such image of that type). */
  async function findSource(
    variant: ImageVariant,
  ): Promise<{ version: string; width: number; height: number } | undefined> {
    const linkedToProduct = sql<boolean>`exists (select 1 from product_images pi where pi.file_name = images.file_name)`
    const row = await db
      .selectFrom('images')
      .select(['created_at', 'width', 'height'])
      .where('file_name', '=', variant.fileName)
      // Product images are the ones products point at; everything else in the table is content.
      .where(variant.type === 'product' ? linkedToProduct : sql<boolean>`not ${linkedToProduct}`)
      .executeTakeFirst()
    if (!row) return undefined
    const createdAt: unknown = row.created_at
    const version = createdAt instanceof Date ? createdAt.toISOString() : String(createdAt)
    return { version, width: row.width, height: row.height }
  }

  async function loadSource(fileName: string): Promise<SourceImage | undefined> {
    const row = await db
      .selectFrom('images')
      .select(['content_type', 'svg', 'data', 'width', 'height'])
      .where('file_name', '=', fileName)
      .executeTakeFirst()
    if (!row) return undefined
    return {
      contentType: row.content_type,
      svg: row.svg,
      data: row.data,
      width: row.width,
      height: row.height,
    }
  }

  async function renderAndStore(
    variant: ImageVariant,
    key: string,
    client: string,
  ): Promise<Buffer | undefined> {
    const source = await loadSource(variant.fileName)
    if (!source) return undefined
    const bytes = await queue.run(client, () => renderVariant(source, variant))
    await cache.write(key, bytes)
    return bytes
  }

  /** Renders (once for identical variants asked for at once) and stores a variant not in the cache. */
  async function renderedBytes(
    variant: ImageVariant,
    key: string,
    client: string,
  ): Promise<Buffer | undefined> {
    let pending = inFlight.get(key)
    if (!pending) {
      pending = renderAndStore(variant, key, client).then((bytes) => bytes ?? Buffer.alloc(0))
      inFlight.set(key, pending)
      void pending.finally(() => inFlight.delete(key)).catch(() => undefined)
    }
    const bytes = await pending
    return bytes.length > 0 ? bytes : undefined
  }

  function notFound(reply: FastifyReply) {
    // Short cache for misses: the image may be added later under the same name.
    return reply.code(404).header('cache-control', 'public, max-age=60').send({ error: 'Image not found' })
  }

  app.get('/img/:type/:sizeFolder/:fileName', async (request, reply) => {
    const parsed = parseImageRequest(request.params, request.query, request.headers.accept)
    if (!parsed.ok) return reply.code(400).send({ error: `Bad image request: ${parsed.error}` })
    const variant = parsed.value
    if (variant.negotiated) reply.header('vary', 'Accept')

    const allowedFolder = nearestAllowedVariant(variant)
    if (allowedFolder !== undefined) {
      // Same type, file and format (asked or negotiated); the size folder snapped, no `q`: the
      // format's one quality is the default. 302, not 301: the list of sizes may grow.
      const [pathname = ''] = request.url.split('?')
      const segments = pathname.split('/')
      segments[segments.length - 2] = allowedFolder
      const format = variant.negotiated ? '' : `?format=${variant.format}`
      return reply
        .code(302)
        .header('cache-control', IMAGE_REDIRECT_CACHE_CONTROL)
        .header('location', `${segments.join('/')}${format}`)
        .send()
    }

    const source = await findSource(variant)
    if (source === undefined) return notFound(reply)
    const key = `${variantKey(variant)}@${source.version}`

    let bytes = await cache.read(key)
    try {
      if (!bytes) {
        // the browser asks for images directly: request.ip (TRUST_PROXY decides what it believes)
        const decision = await limits.hit(IMAGE_RENDER_LIMIT, request.ip, renderCost(variant, source))
        if (!decision.allowed) {
          return reply
            .code(429)
            .header('retry-after', String(decision.retryAfterSeconds))
            .send({ error: 'Too many new image sizes, try again later' })
        }
        bytes = await renderedBytes(variant, key, request.ip)
      }
    } catch (error) {
      if (error instanceof ClientQueueFullError) {
        return reply
          .code(429)
          .header('retry-after', '1')
          .send({ error: 'Too many new images asked for at once, try again' })
      }
      if (error instanceof QueueFullError) {
        return reply.code(503).header('retry-after', '1').send({ error: 'Image service busy, try again' })
      }
      throw error
    }
    if (!bytes) return notFound(reply)

    const etag = etagFor(bytes)
    reply.header('cache-control', IMAGE_CACHE_CONTROL).header('etag', etag)
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
    return reply.type(CONTENT_TYPES[variant.format]).send(bytes)
  })
}

/**
 * Where cached pages live: in this process (an LRU bounded by bytes) or in Redis when several
 * instances should share them. Both keep a tag index, so a change in the database drops exactly
 * the pages that show it. The page cache (page-cache.ts) decides freshness; a store only keeps
 * an entry until its hard expiry.
 */
import { LRUCache } from 'lru-cache'
import type { Redis } from 'ioredis'
import { templateByteLength, type PageTemplate } from './template'

export interface CachedPage {
  status: number
  /** Response headers to replay (content type, security headers, …); never Set-Cookie. */
  headers: Record<string, string>
  /** The Content-Security-Policy split at the render's nonce. */
  csp: string[]
  template: PageTemplate
  /** What the page shows (product:12, list, content, …): the invalidation index. */
  tags: string[]
  storedAt: number
  /** After this the page is served while a fresh one renders (stale-while-revalidate). */
  staleAt: number
  /** After this the page is never served (its TTL, the next campaign boundary). */
  expiresAt: number
}

/** Drops every page. */
export const ALL_PAGES_TAG = '*'

export interface PageStore {
  get(key: string): Promise<CachedPage | undefined>
  /** `get` without a promise, for a store that holds its pages in this process. */
  peek?(key: string): CachedPage | undefined
  set(key: string, page: CachedPage): Promise<void>
  /** Drops the pages carrying any of `tags` ('*': all); resolves with how many were dropped. */
  invalidate(tags: readonly string[]): Promise<number>
  close(): Promise<void>
}

export function pageByteLength(page: CachedPage): number {
  return templateByteLength(page.template) + 512 + page.tags.join(',').length
}

export function createMemoryStore({
  maxBytes,
  now = Date.now,
}: {
  maxBytes: number
  now?: () => number
}): PageStore {
  const keysByTag = new Map<string, Set<string>>()
  const unindex = (key: string, page: CachedPage) => {
    for (const tag of page.tags) {
      const keys = keysByTag.get(tag)
      keys?.delete(key)
      if (keys?.size === 0) keysByTag.delete(tag)
    }
  }
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, pageByteLength(page)),
    dispose: (page, key) => unindex(key, page),
  })
  function peek(key: string): CachedPage | undefined {
    const page = pages.get(key)
    if (page && page.expiresAt <= now()) {
      pages.delete(key)
      return undefined
    }
    return page
  }
  return {
    peek,
    async get(key) {
      return peek(key)
    },
    async set(key, page) {
      // a page larger than the whole cache is not kept (lru-cache would refuse it anyway)
      if (pageByteLength(page) > maxBytes) return
      pages.set(key, page)
      for (const tag of page.tags) {
        let keys = keysByTag.get(tag)
        if (!keys) keysByTag.set(tag, (keys = new Set()))
        keys.add(key)
      }
    },
    async invalidate(tags) {
      if (tags.includes(ALL_PAGES_TAG)) {
        const count = pages.size
        pages.clear()
        return count
      }
      let count = 0
      for (const tag of tags) {
        for (const key of [...(keysByTag.get(tag) ?? [])]) if (pages.delete(key)) count++
      }
      return count
    },
    async close() {
      pages.clear()
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Redis: one string per page (binary: a JSON head and the template's bytes), one set per tag.

interface EncodedHead extends Omit<CachedPage, 'template'> {
  segments: number[]
  deflated: number[]
  crcs: number[]
  brotli: { parts: number[]; nonceLength: number; nonceEnd: string } | null
}

export function encodePage(page: CachedPage): Buffer {
  const { template, ...rest } = page
  const head: EncodedHead = {
    ...rest,
    segments: template.segments.map((segment) => segment.length),
    deflated: template.deflated.map((segment) => segment.length),
    crcs: template.crcs,
    brotli: template.brotli && {
      parts: template.brotli.parts.map((part) => part.length),
      nonceLength: template.brotli.nonceLength,
      nonceEnd: template.brotli.nonceEnd,
    },
  }
  const headBytes = Buffer.from(JSON.stringify(head))
  const length = Buffer.alloc(4)
  length.writeUInt32BE(headBytes.length)
  return Buffer.concat([
    length,
    headBytes,
    ...template.segments,
    ...template.deflated,
    ...(template.brotli?.parts ?? []),
  ])
}

export function decodePage(bytes: Buffer): CachedPage {
  const headLength = bytes.readUInt32BE(0)
  const { segments, deflated, crcs, brotli, ...rest } = JSON.parse(
    bytes.subarray(4, 4 + headLength).toString(),
  ) as EncodedHead
  let offset = 4 + headLength
  const take = (length: number) => {
    const part = bytes.subarray(offset, offset + length)
    offset += length
    return part
  }
  const template: PageTemplate = {
    segments: segments.map(take),
    deflated: deflated.map(take),
    crcs,
    // none: the page had no nonce, its brotli copy failed the check, or an older version stored it
    brotli: brotli ? { ...brotli, parts: brotli.parts.map(take) } : null,
  }
  return { ...rest, template }
}

/** How long a tag's set of page keys outlives its last addition (pages expire long before). */
const TAG_SET_TTL_SECONDS = 7 * 24 * 3600

export function createRedisStore({
  redis,
  prefix = 'lumo:page-cache:',
  now = Date.now,
}: {
  redis: Redis
  prefix?: string
  now?: () => number
}): PageStore {
  const pageKey = (key: string) => `${prefix}page:${key}`
  const tagKey = (tag: string) => `${prefix}tag:${tag}`
  return {
    async get(key) {
      const bytes = await redis.getBuffer(pageKey(key))
      if (!bytes) return undefined
      const page = decodePage(bytes)
      return page.expiresAt > now() ? page : undefined
    },
    async set(key, page) {
      const ttl = Math.ceil(page.expiresAt - now())
      if (ttl <= 0) return
      const multi = redis.multi().set(pageKey(key), encodePage(page), 'PX', ttl)
      for (const tag of page.tags) multi.sadd(tagKey(tag), key).expire(tagKey(tag), TAG_SET_TTL_SECONDS)
      await multi.exec()
    },
    async invalidate(tags) {
      if (tags.includes(ALL_PAGES_TAG)) return deleteByPattern(redis, `${prefix}*`)
      let count = 0
      for (const tag of tags) {
        // take the set and delete it at once, so a page stored meanwhile keeps its index entry
        const [[, keys]] = (await redis.multi().smembers(tagKey(tag)).del(tagKey(tag)).exec()) as [
          [Error | null, string[]],
        ]
        if (keys.length > 0) count += await redis.del(...keys.map(pageKey))
      }
      return count
    },
    async close() {},
  }
}

async function deleteByPattern(redis: Redis, pattern: string): Promise<number> {
  let cursor = '0'
  let count = 0
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500)
    cursor = next
    if (keys.length > 0) count += await redis.del(...keys)
  } while (cursor !== '0')
  return count
}

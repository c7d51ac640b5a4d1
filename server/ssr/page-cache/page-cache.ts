/**
 * The page cache's policy over a store: fresh pages are served as they are; a stale one is
 * served at once while one background render per key replaces it (stale-while-revalidate);
 * concurrent misses of one key wait for the same render (request coalescing). An invalidation
 * drops the tagged pages and makes sure no render that started before it stores its result.
 */
import { EventEmitter } from 'node:events'
import type { CachedPage, PageStore } from './store'

/**
 * A shared render's answer that every shopper asking now gets, but that is never kept: a 503
 * whose service did not answer (issue 31 row 7). Rendering it again for each of them would only
 * wait for that service again.
 */
export type PassingPage = Pick<CachedPage, 'status' | 'headers' | 'csp' | 'template'>

/** What a shared render produced: a page to share, or a reason it may not be shared. */
export type SharedRender =
  | { shareable: true; page: Omit<CachedPage, 'storedAt' | 'staleAt' | 'expiresAt'> }
  | { shareable: false; reason: string; passing?: PassingPage }

export type Served =
  | { state: 'hit' | 'stale' | 'miss'; page: CachedPage }
  /**
   * The render could not be shared (an error status, a redirect, a cookie): render for this
   * request, or send `passing` when there is one.
   */
  | { state: 'bypass'; reason: string; passing?: PassingPage }

export interface PageCacheOptions {
  store: PageStore
  /** How long a page is served as it is. */
  freshMs: number
  /** How long after that a page may still be served while it is rendered again. */
  staleMs: number
  /**
   * The latest time any page stored now may be served (the next campaign start or end, the
   * next day); undefined when nothing limits it.
   */
  expiryLimit?: () => Promise<number | undefined>
  now?: () => number
  /** Reports a failed background render or store write (the request itself was answered). */
  log?: (message: string, error: unknown) => void
}

export interface PageCacheEvents {
  /** Tags dropped by an invalidation, after the store dropped them. */
  invalidated: [tags: string[]]
}

export class PageCache extends EventEmitter<PageCacheEvents> {
  readonly freshMs: number
  readonly staleMs: number
  private readonly store: PageStore
  private readonly now: () => number
  private readonly expiryLimit: () => Promise<number | undefined>
  private readonly log: (message: string, error: unknown) => void
  private readonly inFlight = new Map<string, Promise<Served>>()
  /** Bumped by every invalidation: a render that began under an older one is not stored. */
  private generation = 0

  constructor(options: PageCacheOptions) {
    super()
    this.store = options.store
    this.freshMs = options.freshMs
    this.staleMs = options.staleMs
    this.now = options.now ?? Date.now
    this.expiryLimit = options.expiryLimit ?? (async () => undefined)
    this.log = options.log ?? ((message, error) => console.warn(message, error))
  }

  /**
   * The page under `key` if the store holds it in this process and it is fresh: a hit with no
   * promise on the way. Under AsyncLocalStorage every promise runs hooks, and a hit's promises
   * were a tenth of its time (issue #9). Anything else (stale, missing, Redis) goes to `serve`.
   */
  freshHit(key: string): CachedPage | undefined {
    const page = this.store.peek?.(key)
    return page && this.now() < page.staleAt ? page : undefined
  }

  async serve(key: string, render: () => Promise<SharedRender>): Promise<Served> {
    const page = await this.store.get(key)
    const now = this.now()
    if (page && now < page.expiresAt) {
      if (now < page.staleAt) return { state: 'hit', page }
      if (!this.inFlight.has(key)) {
        this.fill(key, render).catch((error: unknown) => this.log('page cache: refresh failed', error))
      }
      return { state: 'stale', page }
    }
    return this.fill(key, render)
  }

  /** One render per key at a time; everyone asking meanwhile gets its result. */
  private fill(key: string, render: () => Promise<SharedRender>): Promise<Served> {
    const running = this.inFlight.get(key)
    if (running) return running
    const generation = this.generation
    const filling = (async (): Promise<Served> => {
      const result = await render()
      if (!result.shareable)
        return { state: 'bypass', reason: result.reason, ...(result.passing && { passing: result.passing }) }
      const storedAt = this.now()
      const limit = await this.expiryLimit()
      const page: CachedPage = {
        ...result.page,
        storedAt,
        staleAt: Math.min(storedAt + this.freshMs, limit ?? Infinity),
        expiresAt: Math.min(storedAt + this.freshMs + this.staleMs, limit ?? Infinity),
      }
      if (generation === this.generation && page.expiresAt > storedAt) {
        await this.store.set(key, page).catch((error: unknown) => this.log('page cache: store failed', error))
      }
      return { state: 'miss', page }
    })().finally(() => {
      if (this.inFlight.get(key) === filling) this.inFlight.delete(key)
    })
    this.inFlight.set(key, filling)
    return filling
  }

  /** Drops the pages showing any of `tags`; renders running now will not be stored. */
  async invalidate(tags: readonly string[]): Promise<number> {
    if (tags.length === 0) return 0
    this.generation++
    // a request arriving from now on must not join a render that may show the old data
    this.inFlight.clear()
    const count = await this.store.invalidate(tags)
    this.emit('invalidated', [...tags])
    return count
  }

  close(): Promise<void> {
    return this.store.close()
  }
}

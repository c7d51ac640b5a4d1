/**
 * Catalogue facts that every request reads alike, kept in process between requests: the category
 * tree of each language and the counts of each list, its total and facet counts (an unfiltered
 * category list is what most shoppers open, and its counts cost more SQL than its page).
 *
 * The database says when they change (migration 1020: pg_notify on 'lumo_catalogue' whenever the
 * listing table or a table of facet labels or categories is written), and every instance
 * listening to it drops everything. Whether a campaign runs and which products are new depend
 * on the clock, so facet counts also expire at the next campaign start or end and at midnight
 * (UTC, as the database's current_date). A read that overlapped a change is not kept.
 */
import { sql, type Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { DB } from '../../../db/schema'
import type { Database } from '../../../db'
import type { LocaleCode } from '../../../../src/shared/markets'
import { loadCategoryTree, type CategoryTree } from './loaders'

export const CATALOGUE_CHANNEL = 'lumo_catalogue'

/** Distinct list counts kept (a search text or a selection is a list of its own). */
const MAX_COUNT_ENTRIES = 1000

interface CountEntry {
  value: unknown
  expiresAt: number
}

export class CatalogueCache {
  private generation = 0
  private readonly trees = new Map<LocaleCode, Promise<CategoryTree>>()
  private readonly countEntries = new LRUCache<string, CountEntry>({ max: MAX_COUNT_ENTRIES })
  private expiry: Promise<number> | null = null
  private readonly dropListeners = new Set<() => void>()

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Forget what a change made stale: a listing change (every order's stock and sales counts) only
   * the facet counts; anything else (labels, categories, campaigns, or a lost notification: the
   * listener's '*') everything.
   */
  invalidate(change: string = '*'): void {
    this.generation += 1
    this.countEntries.clear()
    if (change !== 'listing') {
      this.trees.clear()
      this.expiry = null
    }
    for (const listener of this.dropListeners) listener()
  }

  /** Calls `listener` after each invalidation (tests await the database's notification). */
  onInvalidated(listener: () => void): () => void {
    this.dropListeners.add(listener)
    return () => this.dropListeners.delete(listener)
  }

  categoryTree(language: LocaleCode): Promise<CategoryTree> {
    let tree = this.trees.get(language)
    if (!tree) {
      const loading = loadCategoryTree(this.db, language)
      tree = loading
      this.trees.set(language, loading)
      loading.catch(() => {
        if (this.trees.get(language) === loading) this.trees.delete(language)
      })
    }
    return tree
  }

  /**
   * The counts of a list (its total, its facet counts) kept under this key, or computes and keeps
   * them. The caller's key names what the value is: one key, one type of value.
   */
  async counts<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.now()
    const kept = this.countEntries.get(key)
    if (kept && now < kept.expiresAt) return kept.value as T
    const generation = this.generation
    const [value, expiresAt] = await Promise.all([compute(), this.expiresAt()])
    if (generation === this.generation && this.now() < expiresAt)
      this.countEntries.set(key, { value, expiresAt })
    return value
  }

  /** The next campaign start or end, or the next midnight (UTC) when that comes first. */
  private expiresAt(): Promise<number> {
    const now = this.now()
    const date = new Date(now)
    const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)
    const known = this.expiry
    const reading =
      known ?? nextCampaignBoundary(this.db).then((next) => Math.min(next ?? Infinity, midnight))
    this.expiry = reading
    return reading.then(
      (at) => {
        // read again once that moment has passed
        if (this.now() >= at && this.expiry === reading) this.expiry = null
        return at
      },
      (error: unknown) => {
        if (this.expiry === reading) this.expiry = null
        throw error
      },
    )
  }
}

/** The next moment a discount campaign starts or ends, if any is planned. */
export async function nextCampaignBoundary(db: Kysely<DB>): Promise<number | undefined> {
  const { rows } = await sql<{ next: Date | string | null }>`
    SELECT min(boundary) AS next FROM (
      SELECT active_from AS boundary FROM discount_campaigns WHERE active_from > now()
      UNION ALL
      SELECT active_to FROM discount_campaigns WHERE active_to > now()
    ) AS boundaries`.execute(db)
  const next = rows[0]?.next
  return next ? new Date(next).getTime() : undefined
}

/** A cache that follows the database's notifications; stop it with the returned function. */
export async function followCatalogue(
  database: Database,
  now?: () => number,
): Promise<{ cache: CatalogueCache; stop: () => Promise<void> }> {
  const cache = new CatalogueCache(database.db, now)
  const stop = await database.listen(CATALOGUE_CHANNEL, (payload) => cache.invalidate(payload))
  // anything read before listening began may already be stale
  cache.invalidate()
  return { cache, stop }
}

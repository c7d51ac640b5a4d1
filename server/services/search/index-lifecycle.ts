/**
 * The search index's life in this process (ADR 0040): built right after start in the background,
 * kept current by the indexer round, stopped between two statements when the app closes.
 */
import type { FastifyInstance } from 'fastify'
import { startPeriodicJob } from '../shared/periodic'
import { prunePopularSearches, type PopularSearchRules } from './behaviour'
import type { SearchDatabase } from './db'
import {
  drainIndexQueue,
  foldPurchases,
  indexIsComplete,
  IndexBuildStopped,
  pruneChanges,
  rebuildIndex,
} from './indexer'
import { MemoryIndex } from './memory-index'
import { loadVocabulary, type Vocabulary } from './vocabulary'

export interface IndexLifecycleOptions {
  halfLifeDays: number
  popularRules: PopularSearchRules
  /** How often the indexer round runs (ms); 0 = never. */
  indexIntervalMs: number
  /** false: build on the first request that needs the index. */
  buildAtStart: boolean
}

export interface IndexLifecycle {
  memory: MemoryIndex
  /** builds the index if it was never built; resolves when it is ready */
  ensureIndex(): Promise<void>
  /** the build under way or done, or null before any */
  started(): Promise<void> | null
  /** the catalogue's vocabulary, once the index is built */
  words(): Promise<Vocabulary>
  /** The index in memory, current with the change log: what search-page and autocomplete read. */
  searchable(): Promise<Vocabulary>
  /** one indexer round now (the queue drained, purchases folded) and the vocabulary reloaded */
  refresh(): Promise<void>
}

export function createIndexLifecycle(
  app: FastifyInstance,
  db: SearchDatabase,
  options: IndexLifecycleOptions,
): IndexLifecycle {
  const { halfLifeDays, popularRules } = options
  let vocabulary: Vocabulary | null = null
  async function refreshVocabulary() {
    vocabulary = await loadVocabulary(db)
  }
  const memory = new MemoryIndex(db)
  // Built right after start, in the background (ADR 0040): readiness does not wait for it, the
  // build's statements take turns with other queries on PGlite's one connection, and a request
  // that needs the index before it is done waits for it. A failed build is retried by the next
  // request; closing the app stops a build between two of its statements.
  let building: Promise<void> | null = null
  let closing = false
  function ensureIndex(): Promise<void> {
    building ??= (async () => {
      if (!(await indexIsComplete(db))) await rebuildIndex(db, () => closing)
      else await drainIndexQueue(db)
      if (closing) throw new IndexBuildStopped()
      await refreshVocabulary()
      await memory.load()
    })().catch((error: unknown) => {
      building = null
      if (!(error instanceof IndexBuildStopped)) app.log.error({ err: error }, 'search index build failed')
      throw error
    })
    return building
  }
  if (options.buildAtStart) {
    app.addHook('onReady', async () => {
      setImmediate(() => void ensureIndex().catch(() => undefined))
    })
  }
  app.addHook('onClose', async () => {
    closing = true
    await building?.catch(() => undefined)
  })

  startPeriodicJob(app, 'search indexer', options.indexIntervalMs, async () => {
    // nothing to keep fresh before the first build, which drains the queue itself
    if (!building) return
    await building
    let changed = 0
    for (let n = await drainIndexQueue(db); n > 0; n = await drainIndexQueue(db)) changed += n
    if (changed > 0) await refreshVocabulary()
    await foldPurchases(db, halfLifeDays)
    await memory.sync()
    await memory.reloadPopularity()
    await pruneChanges(db)
    await prunePopularSearches(db, popularRules)
  })

  async function words(): Promise<Vocabulary> {
    await ensureIndex()
    if (!vocabulary) throw new Error('search vocabulary is not loaded')
    return vocabulary
  }

  return {
    memory,
    ensureIndex,
    started: () => building,
    words,
    async searchable() {
      const vocab = await words()
      await memory.sync()
      return vocab
    },
    async refresh() {
      await ensureIndex()
      for (let n = await drainIndexQueue(db); n > 0; n = await drainIndexQueue(db)) {
        // until the queue is empty
      }
      await foldPurchases(db, halfLifeDays)
      await refreshVocabulary()
      await memory.sync()
      await memory.reloadPopularity()
    },
  }
}

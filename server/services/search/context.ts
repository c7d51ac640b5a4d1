/**
 * What every search endpoint reads: the database, the index in memory, the catalogue's vocabulary,
 * the product reader and the behaviour it records. Built once per app by searchService (index.ts).
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { LocaleCode } from '../../../src/shared/markets'
import type { UrlSettings } from '../../../src/shared/paths'
import { createMemoryRateLimiter, type RateLimiter } from '../shared/rate-limit'
import {
  EVENT_WEIGHTS,
  POPULAR_SEARCH_RULES,
  recordEvent,
  sessionEnded,
  type PopularSearchRules,
} from './behaviour'
import type { SearchDatabase, SearchDB } from './db'
import { createIndexLifecycle, type IndexLifecycle } from './index-lifecycle'
import { BadRequest, type SessionScope } from './params'
import { createProductReader, type ProductReader } from './products'
import { planQuery, type QueryPlan } from './query'
import { createQueryCompiler, type QueryCompiler } from './query-compiler'
import { createTickets, type Tickets } from './tickets'
import type { Config } from '../../config'
import type { Database } from '../../db'
import type { DB } from '../../db/schema'

export interface SearchServiceOptions {
  database: Database
  config: Pick<
    Config,
    'sessionSecret' | 'urlMode' | 'marketDomains' | 'services' | 'publicUrl' | 'host' | 'port' | 'adminKey'
  >
  /** How often the indexer round runs (ms); 0 = never (tests call the rounds themselves). */
  indexIntervalMs?: number
  /** Half-life of the learned popularity, in days. */
  halfLifeDays?: number
  /** Receives the index controls (tests and the benchmark run the indexer round themselves). */
  onIndex?: (index: SearchIndexControls) => void
  /** false: build the index on the first request that needs it instead of right after start. */
  buildAtStart?: boolean
  /** The process's abuse limiter (ADR 0024; shared across instances with Redis); in process by default. */
  limiter?: RateLimiter
  /** Which searches become popular searches (ADR 0054): the window and the minimum of shoppers. */
  popularSearches?: Partial<PopularSearchRules>
}

export interface SearchIndexControls {
  /** builds the index if it was never built; resolves when it is ready */
  ready(): Promise<void>
  /** the build under way or done (started at start-up or by a request), or null before any */
  started(): Promise<void> | null
  /** documents and listed products in memory */
  size(): { documents: number; listed: number }
  /** one indexer round now (the queue drained, purchases folded) and the vocabulary reloaded */
  refresh(): Promise<void>
}

export interface SearchContext extends IndexLifecycle, QueryCompiler {
  db: SearchDatabase
  limiter: RateLimiter
  /** Half-life of the learned popularity, in days. */
  halfLifeDays: number
  popularRules: PopularSearchRules
  tickets: Tickets
  urlSettings: UrlSettings
  reader: ProductReader
  plan(language: LocaleCode, phrase: string, options?: { correct?: boolean }): Promise<QueryPlan>
  /** Clicks and add-to-carts after this phrase, per product: the phrase's learned ranking. */
  learnedChoices(language: LocaleCode, phrase: string): Promise<Map<number, number>>
  /** recordEvent, and the popularity it adds applied to the index in memory at once. */
  record(event: Parameters<typeof recordEvent>[1]): Promise<void>
  /** A 400 for a session the shopper ended. */
  checkSession(scope: SessionScope): Promise<void>
  /** Product or variant keys (article numbers) as product ids, in order, each once. */
  productIdsOfKeys(keys: readonly string[]): Promise<number[]>
  /** The language a phrase was searched in: the session's search of it, else the market's default. */
  phraseLanguage(phrase: string, scope: SessionScope): Promise<LocaleCode | undefined>
}

/** The path part of a URL this process serves itself (images), so the browser stays same-origin. */
function browserPath(url: string, config: SearchServiceOptions['config']): string {
  try {
    const parsed = new URL(url)
    const own = new Set([
      new URL(config.publicUrl).host,
      `${config.host}:${config.port}`,
      `localhost:${config.port}`,
    ])
    return own.has(parsed.host) ? parsed.pathname.replace(/\/$/, '') : url
  } catch {
    return url
  }
}

export function createSearchContext(app: FastifyInstance, options: SearchServiceOptions): SearchContext {
  const db: SearchDatabase = options.database.db.withTables<Omit<SearchDB, keyof DB>>()
  const halfLifeDays = options.halfLifeDays ?? 14
  const popularRules: PopularSearchRules = { ...POPULAR_SEARCH_RULES, ...options.popularSearches }
  const tickets = createTickets(options.config.sessionSecret)
  const urlSettings: UrlSettings = {
    mode: options.config.urlMode,
    marketDomains: options.config.marketDomains,
  }
  const reader = createProductReader(db, tickets, {
    urlSettings,
    imageBase: browserPath(options.config.services.images, options.config),
  })
  const lifecycle = createIndexLifecycle(app, db, {
    halfLifeDays,
    popularRules,
    indexIntervalMs: options.indexIntervalMs ?? 5000,
    buildAtStart: options.buildAtStart !== false,
  })
  const compiler = createQueryCompiler(db)

  return {
    ...lifecycle,
    ...compiler,
    db,
    limiter: options.limiter ?? createMemoryRateLimiter(),
    halfLifeDays,
    popularRules,
    tickets,
    urlSettings,
    reader,
    async plan(language, phrase, planOptions = {}) {
      const vocab = await lifecycle.words()
      const stems = await compiler.stemsOf(language, phrase)
      return planQuery(phrase, vocab.languages[language], stems, language, planOptions)
    },
    async learnedChoices(language, phrase) {
      const { rows } = await sql<{ product_id: number; n: number }>`
        SELECT product_id, count(*)::int AS n FROM search_events
        WHERE language = ${language} AND phrase = ${phrase} AND kind IN ('click', 'add-to-cart')
          AND product_id IS NOT NULL
        GROUP BY product_id`.execute(db)
      return new Map(rows.map((row) => [row.product_id, row.n]))
    },
    async record(event) {
      await recordEvent(db, event, halfLifeDays)
      const weight = EVENT_WEIGHTS[event.kind]
      if (event.productId !== undefined && weight !== undefined) {
        lifecycle.memory.addPopularity(event.productId, weight, halfLifeDays)
      }
    },
    async checkSession(scope) {
      if (await sessionEnded(db, scope.sessionKey)) {
        throw new BadRequest('sessionKey belongs to an ended session: start a new session with a new key')
      }
    },
    async productIdsOfKeys(keys) {
      if (keys.length === 0) return []
      const { rows } = await sql<{ product_id: number; key: string }>`
        SELECT p.product_id, k.key FROM unnest(${[...keys]}::text[]) WITH ORDINALITY AS k(key, position)
        JOIN products p ON p.article_number = k.key
        UNION ALL
        SELECT s.product_id, k.key FROM unnest(${[...keys]}::text[]) WITH ORDINALITY AS k(key, position)
        JOIN skus s ON s.article_number = k.key`.execute(db)
      const byKey = new Map(rows.map((row) => [row.key, row.product_id]))
      return [...new Set(keys.map((key) => byKey.get(key)).filter((id): id is number => id !== undefined))]
    },
    async phraseLanguage(phrase, scope) {
      const row = await db
        .selectFrom('search_events')
        .select('language')
        .where('session_key', '=', scope.sessionKey)
        .where('kind', '=', 'search')
        .where('phrase', '=', phrase)
        .orderBy('created_at', 'desc')
        .executeTakeFirst()
      return row?.language ?? undefined
    },
  }
}

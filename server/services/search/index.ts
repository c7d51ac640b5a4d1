/**
 * The search and recommendation service (spec §7, DESIGN.md §6, contracts.md §4; ADR 0032),
 * mounted at /api/storefront/v3 (SEARCH_URL) in the Voyado Elevate Storefront API v3 shape, so a
 * client written for that API works unchanged:
 *
 *   GET|POST /queries/{autocomplete|search-page|landing-page|product-page|cart-page|
 *                      add-to-cart-popup|navigation-tree}?market&locale&touchpoint&customerKey&sessionKey
 *   POST     /notifications/{click|add-to-cart|add-favorite|remove-favorite|
 *                            remove-recent-searches|remove-recently-viewed|end}?market&customerKey&sessionKey
 *
 * Wire types: src/shared/search-api.ts. Full-text search on PostgreSQL's Finnish, Swedish,
 * Norwegian and Danish stemmers, with compound splitting, typo correction against the
 * catalogue's vocabulary and synonyms as data (query.ts); ranking that learns from the
 * notifications and the orders with a decay (behaviour.ts, search.ts); recommendations from
 * co-purchase, co-view, style and price band (recommendations.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { MARKETS, type LocaleCode } from '../../../src/shared/markets'
import type { UrlSettings } from '../../../src/shared/paths'
import {
  QUERY_ENDPOINTS,
  RECOMMENDATION_ALGORITHMS,
  type AddToCartPopupResponse,
  type AutocompleteResponse,
  type CartPageResponse,
  type LandingPageResponse,
  type NavigationTreeResponse,
  type ProductPageResponse,
  type QueryEndpoint,
  type RecommendationList,
  type RecommendationListConfig,
  type SearchPageResponse,
} from '../../../src/shared/search-api'
import { startPeriodicJob } from '../shared/periodic'
import { createMemoryRateLimiter, type LimitRule, type RateLimiter } from '../shared/rate-limit'
import {
  endSession,
  EVENT_WEIGHTS,
  popularSearches,
  POPULAR_SEARCH_RULES,
  prunePopularSearches,
  recentlyViewed,
  recentSearches,
  recordEvent,
  recordSearch,
  removeRecentlyViewed,
  removeRecentSearches,
  sessionEnded,
  type PopularSearchRules,
} from './behaviour'
import type { SearchDatabase } from './db'
import {
  drainIndexQueue,
  foldPurchases,
  indexIsComplete,
  IndexBuildStopped,
  pruneChanges,
  rebuildIndex,
} from './indexer'
import { compileQuery, MemoryIndex, type CompiledQuery } from './memory-index'
import {
  BadRequest,
  parseBody,
  parseListOptions,
  parseOrigin,
  parsePhrase,
  parseQueryScope,
  parseSessionScope,
  requiredParam,
  singleParam,
  splitList,
  type QueryScope,
  type RawQuery,
  type SessionScope,
} from './params'
import { createProductReader } from './products'
import { registerSearchAdmin } from './admin'
import { planQuery, popularPhrase, type QueryPlan, type Stems } from './query'
import { recommend } from './recommendations'
import {
  buildFacets,
  contentSuggestions,
  navigationTree,
  phraseSuggestions,
  sortOptions,
  text,
} from './responses'
import { listProducts, tsConfigOf, type ListResult } from './search'
import { parseTsquery } from './tsquery'
import { normaliseQuery, queryWords, editDistance } from './text'
import { createTickets } from './tickets'
import { loadVocabulary, type LanguageVocabulary, type Vocabulary } from './vocabulary'

export const SEARCH_MOUNT = '/api/storefront/v3'

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

/**
 * Notifications per address (ADR 0024): the browser sends them directly, a shopper a few a
 * minute; a loop that inflates a product's popularity stops here.
 */
export const NOTIFICATION_LIMIT: LimitRule = { name: 'search-notification', limit: 120, windowMs: 60_000 }

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

const STEM_DICTIONARY: Record<LocaleCode, string> = {
  fi: 'finnish_stem',
  sv: 'swedish_stem',
  nb: 'norwegian_stem',
  da: 'danish_stem',
}

const listConfig = z.object({
  id: z.string().min(1).max(100),
  algorithm: z.enum(RECOMMENDATION_ALGORITHMS).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  productFilter: z.string().optional(),
  productRules: z.string().optional(),
  params: z.object({ productKey: z.string().optional(), cart: z.array(z.string()).optional() }).optional(),
  visualization: z.enum(['CAROUSEL', 'GRID']).optional(),
  label: z.string().max(200).optional(),
  showMoreLink: z.string().max(500).optional(),
})
const listConfigs = z.array(listConfig).max(10)
const include = z.object({ include: z.boolean().optional() }).passthrough().optional()
const pageBody = z
  .object({
    primaryList: include,
    navigation: include,
    productGroup: include,
    cart: include,
    recommendationLists: listConfigs.optional(),
    contentLists: z.array(z.unknown()).optional(),
    productFilter: z.string().optional(),
    productRules: z.string().optional(),
  })
  .passthrough()

const ticketBody = z.object({ ticket: z.string().min(1).max(600) })
const favouriteBody = z.union([
  z.object({ productKey: z.string().min(1).max(100) }),
  z.object({ variantKey: z.string().min(1).max(100) }),
])
const removeSearchesBody = z.union([
  z.object({ removeAll: z.literal(true) }),
  z.object({ phrases: z.array(z.string().max(200)).max(100) }),
])
const removeViewedBody = z.union([
  z.object({ removeAll: z.literal(true) }),
  z.object({ productKeys: z.array(z.string().max(100)).max(100) }),
])

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

class TooManyNotifications extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    locale: LocaleCode,
  ) {
    super(text(locale, 'error.tooManyNotifications'))
  }
}

/**
 * The query's words naming a colour of the catalogue (`punaiset` for the colour Punainen: the
 * inflected forms share all but the last few letters), as colour ids, and the tsquery of the
 * other words.
 */
function colourWords(plan: QueryPlan, language: LanguageVocabulary): { ids: Set<number>; rest: string } {
  const ids = new Set<number>()
  const others: string[] = []
  for (const word of plan.words) {
    const matching = [...language.colours].filter(([, colour]) =>
      sameWordStem(word.used, colour.label.toLowerCase()),
    )
    for (const [id] of matching) ids.add(id)
    if (matching.length === 0) {
      others.push(
        word.alternatives.length === 1 ? word.alternatives[0]! : `(${word.alternatives.join(' | ')})`,
      )
    }
  }
  return { ids, rest: others.join(' & ') }
}

function sameWordStem(a: string, b: string): boolean {
  let common = 0
  while (common < a.length && common < b.length && a[common] === b[common]) common++
  return common >= Math.max(3, Math.min(a.length, b.length) - 3)
}

export default async function searchService(app: FastifyInstance, options: SearchServiceOptions) {
  const db = options.database.db as unknown as SearchDatabase
  const limiter = options.limiter ?? createMemoryRateLimiter()
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
  if (options.buildAtStart !== false) {
    app.addHook('onReady', async () => {
      setImmediate(() => void ensureIndex().catch(() => undefined))
    })
  }
  app.addHook('onClose', async () => {
    closing = true
    await building?.catch(() => undefined)
  })

  startPeriodicJob(app, 'search indexer', options.indexIntervalMs ?? 5000, async () => {
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

  await registerSearchAdmin(app, { db, config: options.config, rules: popularRules })

  async function words(): Promise<Vocabulary> {
    await ensureIndex()
    if (!vocabulary) throw new Error('search vocabulary is not loaded')
    return vocabulary
  }

  /** The index in memory, current with the change log: what search-page and autocomplete read. */
  async function searchable(): Promise<Vocabulary> {
    const vocab = await words()
    await memory.sync()
    return vocab
  }

  // The stemmer and to_tsquery give the same answer for the same input for ever: cached.
  const stemCache = new LRUCache<string, readonly string[]>({ max: 20_000 })
  async function stemsOf(language: LocaleCode, phrase: string): Promise<Stems> {
    const all = [...new Set(queryWords(phrase))]
    const stems = new Map<string, readonly string[]>()
    const missing = all.filter((word) => {
      const cached = stemCache.get(`${language}:${word}`)
      if (cached) stems.set(word, cached)
      return !cached
    })
    if (missing.length === 0) return stems
    const { rows } = await sql<{ word: string; lexemes: string[] | null }>`
      SELECT w AS word, ts_lexize(${STEM_DICTIONARY[language]}::regdictionary, w) AS lexemes
      FROM unnest(${missing}::text[]) AS w`.execute(db)
    for (const row of rows) {
      const lexemes = row.lexemes ?? [row.word]
      stemCache.set(`${language}:${row.word}`, lexemes)
      stems.set(row.word, lexemes)
    }
    return stems
  }

  const queryCache = new LRUCache<string, CompiledQuery>({ max: 5_000 })
  /** The plan's tsquery as PostgreSQL normalises it (stemmed, stop words dropped), parsed. */
  async function compiled(language: LocaleCode, tsquery: string): Promise<CompiledQuery> {
    const key = `${language}:${tsquery}`
    const cached = queryCache.get(key)
    if (cached) return cached
    let text = ''
    if (tsquery !== '') {
      const { rows } = await sql<{ q: string }>`
        SELECT to_tsquery(${tsConfigOf(language)}::regconfig, ${tsquery})::text AS q`.execute(db)
      text = rows[0]?.q ?? ''
    }
    const query = compileQuery(parseTsquery(text))
    queryCache.set(key, query)
    return query
  }

  /** Clicks and add-to-carts after this phrase, per product: the phrase's learned ranking. */
  async function learnedChoices(language: LocaleCode, phrase: string): Promise<Map<number, number>> {
    const { rows } = await sql<{ product_id: number; n: number }>`
      SELECT product_id, count(*)::int AS n FROM search_events
      WHERE language = ${language} AND phrase = ${phrase} AND kind IN ('click', 'add-to-cart')
        AND product_id IS NOT NULL
      GROUP BY product_id`.execute(db)
    return new Map(rows.map((row) => [row.product_id, row.n]))
  }

  /** recordEvent, and the popularity it adds applied to the index in memory at once. */
  async function record(event: Parameters<typeof recordEvent>[1]) {
    await recordEvent(db, event, halfLifeDays)
    const weight = EVENT_WEIGHTS[event.kind]
    if (event.productId !== undefined && weight !== undefined) {
      memory.addPopularity(event.productId, weight, halfLifeDays)
    }
  }

  async function plan(language: LocaleCode, phrase: string, options: { correct?: boolean } = {}) {
    const vocab = await words()
    return planQuery(phrase, vocab.languages[language], await stemsOf(language, phrase), language, options)
  }

  async function checkSession(scope: SessionScope) {
    if (await sessionEnded(db, scope.sessionKey)) {
      throw new BadRequest('sessionKey belongs to an ended session: start a new session with a new key')
    }
  }

  // -- recommendation lists --------------------------------------------------------------------

  async function productIdsOfKeys(keys: readonly string[]): Promise<number[]> {
    if (keys.length === 0) return []
    const { rows } = await sql<{ product_id: number; key: string }>`
      SELECT p.product_id, k.key FROM unnest(${[...keys]}::text[]) WITH ORDINALITY AS k(key, position)
      JOIN products p ON p.article_number = k.key
      UNION ALL
      SELECT s.product_id, k.key FROM unnest(${[...keys]}::text[]) WITH ORDINALITY AS k(key, position)
      JOIN skus s ON s.article_number = k.key`.execute(db)
    const byKey = new Map(rows.map((row) => [row.key, row.product_id]))
    return [...new Set(keys.map((key) => byKey.get(key)).filter((id): id is number => id !== undefined))]
  }

  async function recommendationLists(
    configs: readonly RecommendationListConfig[],
    scope: QueryScope,
    anchors: { product?: number[]; cart?: number[] },
  ): Promise<RecommendationList[]> {
    const lists: RecommendationList[] = []
    for (const config of configs) {
      const algorithm = config.algorithm ?? 'TOP_PRODUCTS'
      const ownKeys = config.params?.productKey ? [config.params.productKey] : []
      const ownCart = config.params?.cart ?? []
      const product = ownKeys.length > 0 ? await productIdsOfKeys(ownKeys) : (anchors.product ?? [])
      const cart = ownCart.length > 0 ? await productIdsOfKeys(ownCart) : (anchors.cart ?? [])
      const primary = algorithm === 'CART' ? cart : product.length > 0 ? product : cart
      const ids = await recommend(db, {
        algorithm,
        market: scope.market,
        customerKey: scope.customerKey,
        anchors: primary,
        secondaryAnchors: algorithm === 'ADD_TO_CART_RECS' ? cart : [],
        limit: config.limit ?? 8,
        halfLifeDays,
      })
      const productGroups = await reader.groups(ids, scope, { source: `rec:${config.id}:${algorithm}` })
      lists.push({
        id: config.id,
        algorithm,
        productGroups,
        visible: productGroups.length > 0,
        label: config.label ?? text(scope.locale, `list.${algorithm}`),
        ...(config.showMoreLink ? { showMoreLink: config.showMoreLink } : {}),
        visualization: config.visualization ?? 'CAROUSEL',
      })
    }
    return lists
  }

  // -- queries ---------------------------------------------------------------------------------

  async function autocomplete(query: RawQuery, scope: QueryScope): Promise<AutocompleteResponse> {
    const q = parsePhrase(query, { required: false })
    const vocab = await searchable()
    const recent = (await recentSearches(db, scope.sessionKey)).map((phrase) => ({ q: phrase }))
    if (q === '') {
      // recently viewed only when the panel opens, not on every keystroke
      const viewedIds = await recentlyViewed(db, scope.customerKey, 4)
      const popular = await popularSearches(db, scope.locale, popularRules)
      return {
        phraseSuggestions: popular.map(({ phrase }) => ({ q: phrase, highlighted: phrase })),
        productSuggestions: [],
        contentSuggestions: [],
        recentSearches: recent,
        recentlyViewed: await reader.groups(viewedIds, scope, { source: 'recently-viewed' }),
        totalHits: 0,
        contentLists: [],
      }
    }
    // the search page's plan exactly, so Enter finds at least what is suggested
    const queryPlan = await plan(scope.locale, q)
    const strict = memory.suggest({
      ...suggestScope(scope),
      query: await compiled(scope.locale, queryPlan.tsquery),
    })
    // nothing for every word: the search page's fallbacks in its order (runList), so Enter still
    // finds what is suggested — the garment in every colour (`röda sneakers`), else the words OR-ed
    let result = strict
    if (strict.totalHits === 0 && queryPlan.words.length >= 2) {
      const colours = colourWords(queryPlan, vocab.languages[scope.locale])
      const broad =
        colours.ids.size > 0 && colours.rest !== ''
          ? memory.suggest({ ...suggestScope(scope), query: await compiled(scope.locale, colours.rest) })
          : null
      result =
        broad && broad.totalHits > 0
          ? broad
          : memory.suggest({
              ...suggestScope(scope),
              query: await compiled(scope.locale, queryPlan.relaxedTsquery),
            })
    }
    const used = queryPlan.words.map((word) => word.used)
    const popular = new Map(
      (await popularSearches(db, scope.locale, popularRules, 50)).map(({ phrase }, index) => [
        phrase,
        1 / (index + 1),
      ]),
    )
    return {
      phraseSuggestions: phraseSuggestions(q, used, vocab, scope.locale, popular),
      productSuggestions: await reader.groups(result.productIds, scope, {
        source: 'autocomplete',
        phrase: normaliseQuery(q),
      }),
      contentSuggestions: contentSuggestions(used, vocab, scope.locale, scope.market, urlSettings, tickets),
      recentSearches: recent,
      recentlyViewed: [],
      totalHits: result.totalHits,
      contentLists: [],
    }
  }

  const suggestScope = (scope: QueryScope) => ({
    language: scope.locale,
    market: scope.market,
    limit: 4,
    halfLifeDays,
  })

  /** Runs a plan strictly, then with the words OR-ed when the strict query found nothing. */
  async function runList(
    queryPlan: QueryPlan,
    scope: QueryScope,
    phrase: string,
    options: Partial<ReturnType<typeof parseListOptions>> & {
      limit: number
      skip: number
      facetCounts?: boolean
    },
  ): Promise<ListResult & { relaxed: boolean }> {
    const vocab = await searchable()
    const base = {
      language: scope.locale,
      market: scope.market,
      articleNumbers: queryPlan.articleNumbers,
      learned: await learnedChoices(scope.locale, normaliseQuery(phrase)),
      facets: options.facets ?? { lists: new Map(), ranges: new Map(), flags: new Set<string>() },
      sort: options.sort ?? 'RELEVANCE',
      limit: options.limit,
      skip: options.skip,
      halfLifeDays,
      facetCounts: options.facetCounts ?? true,
    }
    // an empty tsquery (only stop words) finds nothing but article numbers
    const list = async (tsquery: string) =>
      tsquery === '' && base.articleNumbers.length === 0
        ? memory.list({ ...base, query: compileQuery(null), articleNumbers: [] }, vocab)
        : memory.list({ ...base, query: await compiled(scope.locale, tsquery) }, vocab)
    const strict = await list(queryPlan.tsquery)
    // Few styles in the colour asked for (`punaiset tennarit`): the garment in every colour, that
    // colour first, rather than a short page (a small catalogue has few red sneakers)
    const colours = colourWords(queryPlan, vocab.languages[scope.locale])
    if (strict.totalHits < options.skip + options.limit && colours.ids.size > 0 && colours.rest !== '') {
      const broad = memory.list(
        { ...base, query: await compiled(scope.locale, colours.rest), preferredColourIds: colours.ids },
        vocab,
      )
      if (broad.totalHits > strict.totalHits) return { ...broad, relaxed: false }
    }
    if (strict.totalHits > 0 || queryPlan.words.length < 2) return { ...strict, relaxed: false }
    return { ...(await list(queryPlan.relaxedTsquery)), relaxed: true }
  }

  async function searchPage(query: RawQuery, scope: QueryScope, body: z.infer<typeof pageBody> | undefined) {
    const q = parsePhrase(query, { required: true })
    const origin = parseOrigin(query)
    const list = parseListOptions(query)
    const vocab = await searchable()
    const queryPlan = await plan(scope.locale, q, { correct: origin !== 'UNDO_AUTO_CORRECT' })
    const result = await runList(queryPlan, scope, q, list)
    const phrase = normaliseQuery(q)
    const productGroups = await reader.groups(result.productIds, scope, { source: 'search', phrase })
    const didYouMean =
      result.totalHits === 0
        ? [...vocab.languages[scope.locale].phrases.keys()]
            .map((candidate) => ({ candidate, distance: editDistance(phrase, candidate, 4) }))
            .filter((item) => item.distance <= 4)
            .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
            .slice(0, 3)
            .map((item) => ({ q: item.candidate }))
        : []
    const used = queryPlan.words.map((word) => word.used)
    const related = [...vocab.languages[scope.locale].phrases]
      .filter(
        ([candidate]) => candidate !== phrase && used.some((word) => queryWords(candidate).includes(word)),
      )
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([candidate]) => ({ q: candidate }))
    if (scope.notify && list.skip === 0) {
      await recordSearch(db, scope, scope.locale, phrase, {
        totalHits: result.totalHits,
        // a phrase only its words OR-ed found is no phrase to offer everyone
        popularPhrase: result.relaxed ? null : popularPhrase(queryPlan),
      })
    }
    const response: SearchPageResponse = {
      q,
      ...(queryPlan.correctedPhrase && result.totalHits > 0
        ? { autoCorrect: { q: queryPlan.correctedPhrase, originalTotalHits: 0 } }
        : {}),
      didYouMean,
      primaryList: {
        sort: sortOptions(scope.locale, list.sort),
        productGroups,
        totalHits: result.totalHits,
        facets: buildFacets(result.facets, list.facets, vocab, scope.locale),
      },
      relatedSearches: related,
      contentLists: [],
    }
    if (body?.navigation?.include) {
      response.navigation = {
        breadcrumbs: [],
        tree: navigationTree(
          vocab,
          scope.locale,
          scope.market,
          urlSettings,
          new Map(result.facets.category.map(({ id, n }) => [id, n])),
        ),
      }
    }
    if (result.totalHits === 0) {
      response.recommendationLists = await recommendationLists(
        body?.recommendationLists ?? [{ id: 'zero-result', algorithm: 'TOP_PRODUCTS', limit: 8 }],
        scope,
        {},
      )
    }
    return response
  }

  /** `/` (home), a category's path (`/vaatteet/mekot`, also under `/c/`) or a brand (`/b/{alias}`). */
  function resolvePage(reference: string, vocab: Vocabulary, locale: LocaleCode) {
    const segments = reference
      .split('?')[0]!
      .split('/')
      .map((segment) => decodeURIComponent(segment).toLowerCase())
      .filter(Boolean)
    if (segments.length === 0) return { kind: 'home' as const }
    const [first, ...rest] = segments
    if ((first === 'b' || first === 'brands') && rest.length > 0) {
      const brand = [...vocab.brands.values()].find((entry) => entry.alias === rest[rest.length - 1])
      if (brand) return { kind: 'brand' as const, brand }
    }
    const path = first === 'c' || first === 'list' ? rest : segments
    const last = path[path.length - 1]
    const category = [...vocab.languages[locale].categories.values()].find(
      (entry) => entry.path.join('/') === path.join('/') || (path.length === 1 && entry.alias === last),
    )
    if (category) return { kind: 'category' as const, category }
    return { kind: 'unknown' as const }
  }

  async function landingPage(query: RawQuery, scope: QueryScope, body: z.infer<typeof pageBody> | undefined) {
    const reference = requiredParam(query, 'pageReference')
    const list = parseListOptions(query, 'RELEVANCE')
    const q = parsePhrase(query, { required: false })
    const vocab = await words()
    const page = resolvePage(reference, vocab, scope.locale)
    const response: LandingPageResponse = {
      recommendationLists: await recommendationLists(body?.recommendationLists ?? [], scope, {}),
      contentLists: [],
      customData: {},
      published: page.kind !== 'unknown',
      seo: {},
    }
    if (page.kind === 'category' || page.kind === 'brand') {
      const queryPlan = q ? await plan(scope.locale, q) : null
      const result = await listProducts(db, vocab, {
        language: scope.locale,
        market: scope.market,
        tsquery: queryPlan ? queryPlan.tsquery : null,
        articleNumbers: queryPlan?.articleNumbers ?? [],
        ...(page.kind === 'category' ? { categoryId: page.category.id } : { brandId: page.brand.id }),
        facets: list.facets,
        sort: list.sort,
        limit: list.limit,
        skip: list.skip,
        halfLifeDays,
      })
      const heading = page.kind === 'category' ? page.category.name : page.brand.name
      response.primaryList = {
        sort: sortOptions(scope.locale, list.sort),
        productGroups: await reader.groups(result.productIds, scope, { source: `landing:${reference}` }),
        totalHits: result.totalHits,
        facets: buildFacets(result.facets, list.facets, vocab, scope.locale),
      }
      response.seo = { pageTitle: heading, pageHeading: heading, canonicalPath: reference }
      const includeNavigation =
        singleParam(query, 'includeNavigation') === 'true' || body?.navigation?.include
      if (includeNavigation) {
        response.navigation = {
          breadcrumbs:
            page.kind === 'category'
              ? page.category.path.map((_, index, path) => {
                  const entry = [...vocab.languages[scope.locale].categories.values()].find(
                    (candidate) => candidate.path.join('/') === path.slice(0, index + 1).join('/'),
                  )
                  return {
                    path: `/${path.slice(0, index + 1).join('/')}`,
                    label: entry?.name ?? path[index]!,
                  }
                })
              : [{ path: reference, label: heading }],
          tree: navigationTree(
            vocab,
            scope.locale,
            scope.market,
            urlSettings,
            new Map(result.facets.category.map(({ id, n }) => [id, n])),
            page.kind === 'category' ? page.category.id : undefined,
          ),
        }
      }
    }
    return response
  }

  async function productPage(query: RawQuery, scope: QueryScope, body: z.infer<typeof pageBody> | undefined) {
    const productKey = requiredParam(query, 'productKey')
    const [productId] = await productIdsOfKeys([productKey])
    const response: ProductPageResponse = { tickets: {}, recommendationLists: [] }
    if (productId === undefined) return response
    if (body?.productGroup?.include !== false) {
      const { rows } = await sql<{ product_id: number }>`
        SELECT s.product_id FROM products p
        JOIN products s ON s.is_active AND (s.product_id = p.product_id
          OR (p.variant_group_id IS NOT NULL AND s.variant_group_id = p.variant_group_id))
        WHERE p.product_id = ${productId}
        ORDER BY s.product_id = p.product_id DESC, s.product_id`.execute(db)
      const [group] = await reader.groups(
        rows.map((row) => row.product_id),
        scope,
        { source: 'product-page' },
      )
      if (group) {
        response.productGroup = group
        for (const product of group.products) {
          response.tickets[product.key] = product.ticket
          for (const variant of product.variants) response.tickets[variant.key] = variant.ticket
        }
      }
    }
    if (scope.notify) {
      await record({ kind: 'view', scope, language: scope.locale, productId, source: 'product-page' })
    }
    response.recommendationLists = await recommendationLists(
      body?.recommendationLists ?? [
        { id: 'alternatives', algorithm: 'ALTERNATIVES' },
        { id: 'style-with', algorithm: 'STYLE_WITH' },
      ],
      scope,
      { product: [productId] },
    )
    return response
  }

  async function cartPage(query: RawQuery, scope: QueryScope, body: z.infer<typeof pageBody> | undefined) {
    const cartKeys = splitList(query.cart)
    const cartIds = await productIdsOfKeys(cartKeys)
    const response: CartPageResponse = {
      cart: body?.cart?.include === false ? [] : await reader.groups(cartIds, scope, { source: 'cart' }),
      recommendationLists: await recommendationLists(
        body?.recommendationLists ?? [{ id: 'cart', algorithm: 'CART' }],
        scope,
        { cart: cartIds },
      ),
    }
    return response
  }

  async function addToCartPopup(query: RawQuery, scope: QueryScope, rawBody: unknown) {
    const variantKey = requiredParam(query, 'variantKey')
    const configs = parseBody(rawBody, listConfigs)
    const added = await productIdsOfKeys([variantKey])
    if (added.length === 0) throw new BadRequest(`variantKey ${variantKey} is not a product of the catalogue`)
    const cart = await productIdsOfKeys(splitList(query.cart))
    const response: AddToCartPopupResponse = {
      recommendationLists: await recommendationLists(
        configs ?? [{ id: 'add-to-cart', algorithm: 'ADD_TO_CART_RECS' }],
        scope,
        { product: added, cart },
      ),
    }
    return response
  }

  async function navigationTreeQuery(scope: QueryScope): Promise<NavigationTreeResponse> {
    const vocab = await words()
    const { rows } = await sql<{ id: number; n: number }>`
      SELECT c AS id, count(*)::int AS n FROM product_listing pl CROSS JOIN unnest(pl.category_ids) AS c
      WHERE pl.market_alias = ${scope.market} GROUP BY c`.execute(db)
    return {
      tree: navigationTree(
        vocab,
        scope.locale,
        scope.market,
        urlSettings,
        new Map(rows.map((row) => [row.id, row.n])),
      ),
    }
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>) {
    try {
      const body = await run()
      if (body === undefined) return reply.code(204).header('cache-control', 'no-store').send()
      return reply.header('cache-control', 'private, no-store').send(body)
    } catch (error) {
      if (error instanceof TooManyNotifications) {
        return reply
          .code(429)
          .header('retry-after', String(error.retryAfterSeconds))
          .header('cache-control', 'no-store')
          .send({ message: error.message })
      }
      if (error instanceof BadRequest) {
        return reply.code(400).header('cache-control', 'no-store').send({ message: error.message })
      }
      throw error
    }
  }

  // the Elevate library POSTs page configurations as text/plain
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  )

  const queryHandler = async (
    request: FastifyRequest<{ Params: { endpoint: string } }>,
    reply: FastifyReply,
  ) =>
    answer(request, reply, async () => {
      const endpoint = request.params.endpoint as QueryEndpoint
      if (!(QUERY_ENDPOINTS as readonly string[]).includes(endpoint)) {
        throw new BadRequest(`unknown query ${request.params.endpoint}: one of ${QUERY_ENDPOINTS.join(', ')}`)
      }
      const query = request.query as RawQuery
      const scope = parseQueryScope(query)
      await checkSession(scope)
      const rawBody = request.method === 'POST' ? request.body : undefined
      if (endpoint === 'add-to-cart-popup') return addToCartPopup(query, scope, rawBody)
      const body = parseBody(rawBody, pageBody)
      switch (endpoint) {
        case 'autocomplete':
          return autocomplete(query, scope)
        case 'search-page':
          return searchPage(query, scope, body)
        case 'landing-page':
          return landingPage(query, scope, body)
        case 'product-page':
          return productPage(query, scope, body)
        case 'cart-page':
          return cartPage(query, scope, body)
        case 'navigation-tree':
          return navigationTreeQuery(scope)
      }
    })

  app.get(`${SEARCH_MOUNT}/queries/:endpoint`, queryHandler)
  app.post(`${SEARCH_MOUNT}/queries/:endpoint`, queryHandler)

  app.post<{ Params: { name: string } }>(`${SEARCH_MOUNT}/notifications/:name`, async (request, reply) =>
    answer(request, reply, async () => {
      const scope = parseSessionScope(request.query as RawQuery)
      // the browser calls this directly: request.ip (TRUST_PROXY decides what it believes)
      const decision = await limiter.hit(NOTIFICATION_LIMIT, request.ip)
      if (!decision.allowed) {
        throw new TooManyNotifications(decision.retryAfterSeconds, MARKETS[scope.market].defaultLocale)
      }
      const name = request.params.name
      if (name === 'end') {
        await endSession(db, scope.sessionKey)
        return undefined
      }
      await checkSession(scope)
      await ensureIndex()
      switch (name) {
        case 'click':
        case 'add-to-cart': {
          const { ticket } = parseBody(request.body, ticketBody) ?? { ticket: '' }
          const facts = tickets.read(ticket)
          if (!facts) throw new BadRequest('ticket is missing or not one this service issued')
          await record({
            kind: name,
            scope,
            ...(facts.productId > 0 ? { productId: facts.productId } : {}),
            source: facts.source,
            ...(facts.phrase ? { phrase: facts.phrase } : {}),
            ...(facts.phrase ? { language: await phraseLanguage(facts.phrase, scope) } : {}),
          })
          return undefined
        }
        case 'add-favorite':
        case 'remove-favorite': {
          const body = parseBody(request.body, favouriteBody)
          if (!body) throw new BadRequest('productKey or variantKey is required')
          const key = 'productKey' in body ? body.productKey : body.variantKey
          const [productId] = await productIdsOfKeys([key])
          if (productId === undefined) throw new BadRequest(`${key} is not a product of the catalogue`)
          await record({ kind: name, scope, productId })
          return undefined
        }
        case 'remove-recent-searches': {
          const body = parseBody(request.body, removeSearchesBody)
          if (!body) throw new BadRequest('removeAll or phrases is required')
          await removeRecentSearches(
            db,
            scope.sessionKey,
            'removeAll' in body ? 'all' : body.phrases.map(normaliseQuery),
          )
          return undefined
        }
        case 'remove-recently-viewed': {
          const body = parseBody(request.body, removeViewedBody)
          if (!body) throw new BadRequest('removeAll or productKeys is required')
          await removeRecentlyViewed(
            db,
            scope.customerKey,
            'removeAll' in body ? 'all' : await productIdsOfKeys(body.productKeys),
          )
          return undefined
        }
        default:
          throw new BadRequest(
            `unknown notification ${name}: one of click, add-to-cart, add-favorite, remove-favorite, remove-recent-searches, remove-recently-viewed, end`,
          )
      }
    }),
  )

  /** The language a phrase was searched in: the session's search of it, else the market's default. */
  async function phraseLanguage(phrase: string, scope: SessionScope): Promise<LocaleCode | undefined> {
    const row = await db
      .selectFrom('search_events')
      .select('language')
      .where('session_key', '=', scope.sessionKey)
      .where('kind', '=', 'search')
      .where('phrase', '=', phrase)
      .orderBy('created_at', 'desc')
      .executeTakeFirst()
    return row?.language ?? undefined
  }

  options.onIndex?.({
    ready: ensureIndex,
    started: () => building,
    size: () => memory.size,
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
  })
}

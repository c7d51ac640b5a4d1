/**
 * The search index in memory (ADR 0040): what search-page and autocomplete rank and count, so
 * that a query at 50,000 products costs a few milliseconds of JavaScript instead of a GIN scan,
 * a ts_rank per match and facet aggregates in PGlite's one WASM thread.
 *
 *  - per language, the documents of search_documents: a term dictionary, a posting list per
 *    lexeme (document slots) and each document's lexemes with their weighted positions, so that
 *    `@@` and ts_rank (tsquery.ts) give what PostgreSQL gives;
 *  - per market, the facts of product_listing a list filters, sorts and counts by;
 *  - the decayed popularity of search_product_popularity.
 *
 * Freshness: triggers on search_documents and product_listing append the changed products to
 * search_changes (migration 1010); `sync()` reads the log past the last change it applied (and
 * the ids it skipped, which a transaction still open may commit later: ./change-cursor.ts) and
 * reloads those products, so every instance follows the documents the indexer rebuilt and every
 * price and stock change. The service syncs before each query (one indexed read when nothing
 * changed). Popularity changes by this instance's notifications are applied at once; the rest
 * (purchases, other instances) at each indexer round.
 */
import { sql } from 'kysely'
import { LOCALE_CODES, MARKET_ALIASES, type LocaleCode, type MarketAlias } from '../../../src/shared/markets'
import type { ProductSort } from '../../../src/shared/search-api'
import { availabilityRank } from '../../../src/shared/availability'
import type { SearchDatabase } from './db'
import type { FacetSelection } from './params'
import { EMPTY_FACETS, type FacetCounts, type FacetId, type ListResult } from './search'
import {
  compareLexemes,
  parseTsvector,
  tsRank,
  uniqueOperands,
  type PackedPosition,
  type QueryNode,
  type RankedDocument,
} from './tsquery'
import type { Vocabulary } from './vocabulary'
import { ChangeCursor, GAP_WAIT_MS, MAX_GAPS } from './change-cursor'

/** ts_rank's weights {D, C, B, A}, as search.ts passes them. */
const RANK_WEIGHTS = [0.05, 0.2, 0.5, 1.0]
/** Products read per statement while loading, so other queries get PGlite's connection between. */
const LOAD_BATCH = 2500
/** More changed products than this in the log are reloaded wholesale. */
const FULL_RELOAD_AT = 5000

class GrowableInt32 {
  data = new Int32Array(1024)
  length = 0
  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2)
      bigger.set(this.data)
      this.data = bigger
    }
    this.data[this.length++] = value
  }
}

class GrowableUint16 {
  data = new Uint16Array(4096)
  length = 0
  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = new Uint16Array(this.data.length * 2)
      bigger.set(this.data)
      this.data = bigger
    }
    this.data[this.length++] = value
  }
}

/** The documents of one language. A changed document gets a new slot; its old one is dead. */
class LanguageDocuments {
  readonly termIds = new Map<string, number>()
  readonly terms: string[] = []
  readonly postings: GrowableInt32[] = []
  private sortedTerms: string[] | null = null
  readonly slotProduct: number[] = []
  readonly slotName: string[] = []
  readonly slotAlive: boolean[] = []
  private readonly slotEntryStart: number[] = []
  private readonly slotEntryEnd: number[] = []
  private readonly entryTerm = new GrowableInt32()
  private readonly entryPosStart = new GrowableInt32()
  private readonly entryPosEnd = new GrowableInt32()
  private readonly positions = new GrowableUint16()
  readonly slotOfProduct = new Map<number, number>()
  dead = 0

  put(productId: number, name: string, vector: string) {
    this.remove(productId)
    const slot = this.slotProduct.length
    this.slotProduct.push(productId)
    this.slotName.push(name)
    this.slotAlive.push(true)
    this.slotEntryStart.push(this.entryTerm.length)
    for (const entry of parseTsvector(vector)) {
      let termId = this.termIds.get(entry.lexeme)
      if (termId === undefined) {
        termId = this.terms.length
        this.termIds.set(entry.lexeme, termId)
        this.terms.push(entry.lexeme)
        this.postings.push(new GrowableInt32())
        this.sortedTerms = null
      }
      this.postings[termId]!.push(slot)
      this.entryTerm.push(termId)
      this.entryPosStart.push(this.positions.length)
      for (const position of entry.positions) this.positions.push(position)
      this.entryPosEnd.push(this.positions.length)
    }
    this.slotEntryEnd.push(this.entryTerm.length)
    this.slotOfProduct.set(productId, slot)
  }

  remove(productId: number) {
    const slot = this.slotOfProduct.get(productId)
    if (slot === undefined) return
    this.slotAlive[slot] = false
    this.slotOfProduct.delete(productId)
    this.dead++
  }

  get slots() {
    return this.slotProduct.length
  }

  /** The term ids an operand stands for: the lexeme, or every lexeme it starts (`'mek':*`). */
  termsOf(operand: { lexeme: string; prefix: boolean }): number[] {
    if (!operand.prefix) {
      const id = this.termIds.get(operand.lexeme)
      return id === undefined ? [] : [id]
    }
    this.sortedTerms ??= [...this.terms].sort(compareLexemes)
    const sorted = this.sortedTerms
    let low = 0
    let high = sorted.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (sorted[middle]! < operand.lexeme) low = middle + 1
      else high = middle
    }
    const ids: number[] = []
    for (let i = low; i < sorted.length && sorted[i]!.startsWith(operand.lexeme); i++) {
      ids.push(this.termIds.get(sorted[i]!)!)
    }
    return ids
  }

  /** `@@`: the slots (alive or not) whose document matches. */
  match(node: QueryNode): Uint8Array {
    const size = this.slots
    if (node.kind === 'term') {
      const bits = new Uint8Array(size)
      for (const termId of this.termsOf(node)) {
        const posting = this.postings[termId]!
        for (let i = 0; i < posting.length; i++) bits[posting.data[i]!] = 1
      }
      return bits
    }
    if (node.kind === 'not') {
      const bits = this.match(node.operand)
      for (let i = 0; i < size; i++) bits[i] = bits[i] ? 0 : 1
      return bits
    }
    const left = this.match(node.left)
    const right = this.match(node.right)
    if (node.kind === 'and') for (let i = 0; i < size; i++) left[i] = left[i]! & right[i]!
    else for (let i = 0; i < size; i++) left[i] = left[i]! | right[i]!
    return left
  }

  /**
   * A reader of one slot's document at a time for ts_rank: one object per query, pointed at each
   * matching slot in turn (no allocation per document but the position views).
   */
  reader(): RankedDocument & { slot: number } {
    const cursor = {
      slot: 0,
      entriesOf: (operand: { lexeme: string; prefix: boolean }) => {
        const found: ArrayLike<PackedPosition>[] = []
        const [from, to] = this.entriesOf(cursor.slot, operand)
        for (let e = from; e < to; e++) {
          found.push(this.positions.data.subarray(this.entryPosStart.data[e]!, this.entryPosEnd.data[e]!))
        }
        return found
      },
    }
    return cursor
  }

  /** The slot's entries (a range) whose lexeme is the operand's, or starts with it for a prefix. */
  private entriesOf(slot: number, operand: { lexeme: string; prefix: boolean }): [number, number] {
    // entries are in the vector's (sorted) order: binary search for the first lexeme ≥ the operand
    const end = this.slotEntryEnd[slot]!
    let low = this.slotEntryStart[slot]!
    let high = end
    while (low < high) {
      const middle = (low + high) >> 1
      if (this.terms[this.entryTerm.data[middle]!]! < operand.lexeme) low = middle + 1
      else high = middle
    }
    let to = low
    while (to < end) {
      const lexeme = this.terms[this.entryTerm.data[to]!]!
      if (operand.prefix ? !lexeme.startsWith(operand.lexeme) : lexeme !== operand.lexeme) break
      to++
    }
    return [low, to]
  }
}

/** The product_listing facts of one product in one market. */
export interface ListingFacts {
  productId: number
  styleId: number
  brandId: number
  categoryIds: number[]
  sizes: string[]
  /** the sizes that can be bought (ADR 0055) */
  sizesInStock: string[]
  parameterValueIds: number[]
  price: number
  discountPercent: number | null
  /** first_available_on, ISO date */
  newest: string
  stockTotal: number
  stockInStock: number
  stockStatic: number
  lastIncomingOn: string | null
  rating: number | null
  salesCount: number
}

interface ListingRow {
  market_alias: MarketAlias
  product_id: number
  style_id: number
  brand_id: number
  category_ids: number[]
  sizes: string[]
  sizes_in_stock: string[]
  parameter_value_ids: number[]
  price: number | string
  discount_percent: number | null
  newest: string
  stock_total: number | string
  stock_in_stock: number | string
  stock_static: number | string
  last_incoming_on: string | null
  rating_average: number | null
  sales_count: number
}

/** A parsed query with its unique operands, as `to_tsquery(…)::text` gave it. */
export interface CompiledQuery {
  tree: QueryNode | null
  operands: { lexeme: string; prefix: boolean }[]
}

export function compileQuery(tree: QueryNode | null): CompiledQuery {
  return { tree, operands: tree ? uniqueOperands(tree) : [] }
}

export interface MemoryListRequest {
  language: LocaleCode
  market: MarketAlias
  query: CompiledQuery
  articleNumbers: readonly string[]
  /** clicks and add-to-carts after this phrase, per product */
  learned: ReadonlyMap<number, number>
  facets: FacetSelection
  sort: ProductSort
  limit: number
  skip: number
  halfLifeDays: number
  facetCounts: boolean
  /** colour parameter values asked for by a word the query dropped: those products rank first */
  preferredColourIds?: ReadonlySet<number>
}

interface Matched {
  facts: ListingFacts
  score: number
  name: string
}

interface Group {
  styleId: number
  /** the style's most buyable product's availability rank: what can be bought first (ADR 0055) */
  availability: number
  score: number
  price: number
  discount: number | null
  newest: string
  rating: number | null
  name: string
}

const descNullsLast = (a: number | null, b: number | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a

const availabilityOf = (facts: ListingFacts, today: string) =>
  availabilityRank(
    {
      firstAvailableOn: facts.newest,
      stockInStock: facts.stockInStock,
      stockStatic: facts.stockStatic,
      stockTotal: facts.stockTotal,
      lastIncomingOn: facts.lastIncomingOn,
    },
    today,
  )

/** What can be bought first, in every sort (ADR 0055), as the commerce API's lists. */
const availabilityFirst =
  (order: (a: Group, b: Group) => number) =>
  (a: Group, b: Group): number =>
    a.availability - b.availability || order(a, b)

const GROUP_ORDER: Record<ProductSort, (a: Group, b: Group) => number> = {
  RELEVANCE: (a, b) => b.score - a.score || a.styleId - b.styleId,
  NEWEST_FIRST: (a, b) => compareLexemes(b.newest, a.newest) || b.styleId - a.styleId,
  PRICE_ASCENDING: (a, b) => a.price - b.price || a.styleId - b.styleId,
  PRICE_DESCENDING: (a, b) => b.price - a.price || a.styleId - b.styleId,
  DISCOUNT: (a, b) => descNullsLast(a.discount, b.discount) || b.score - a.score || a.styleId - b.styleId,
  RATING: (a, b) => descNullsLast(a.rating, b.rating) || b.score - a.score || a.styleId - b.styleId,
  NAME: (a, b) => compareLexemes(a.name, b.name) || a.styleId - b.styleId,
  TITLE: (a, b) => compareLexemes(a.name, b.name) || a.styleId - b.styleId,
}

/** The facet filters of search.ts's facetConditions, as predicates. */
function facetPredicates(
  facets: FacetSelection,
  vocabulary: Vocabulary,
  language: LocaleCode,
): Map<FacetId, (row: ListingFacts) => boolean> {
  const predicates = new Map<FacetId, (row: ListingFacts) => boolean>()
  if (facets.lists.has('category')) {
    const wanted = new Set((facets.lists.get('category') ?? []).map(Number).filter(Number.isSafeInteger))
    predicates.set('category', (row) => row.categoryIds.some((id) => wanted.has(id)))
  }
  if (facets.lists.has('brand')) {
    const wanted = new Set(facets.lists.get('brand'))
    const ids = new Set(
      [...vocabulary.brands.values()]
        .filter((brand) => wanted.has(brand.alias) || wanted.has(String(brand.id)))
        .map((brand) => brand.id),
    )
    predicates.set('brand', (row) => ids.has(row.brandId))
  }
  if (facets.lists.has('color')) {
    const wanted = new Set(facets.lists.get('color'))
    const ids = new Set(
      [...vocabulary.languages[language].colours]
        .filter(([, colour]) => wanted.has(colour.key))
        .map(([id]) => id),
    )
    predicates.set('color', (row) => row.parameterValueIds.some((id) => ids.has(id)))
  }
  if (facets.lists.has('size')) {
    const wanted = new Set(facets.lists.get('size'))
    // "in stock in that size" (ADR 0055)
    predicates.set('size', (row) => row.sizesInStock.some((size) => wanted.has(size)))
  }
  const price = facets.ranges.get('price')
  if (price) {
    const min = price.min === undefined ? null : Math.round(price.min * 100)
    const max = price.max === undefined ? null : Math.round(price.max * 100)
    predicates.set('price', (row) => (min === null || row.price >= min) && (max === null || row.price <= max))
  }
  if (facets.flags.has('onSale')) predicates.set('onSale', (row) => (row.discountPercent ?? 0) > 0)
  if (facets.flags.has('inStock')) predicates.set('inStock', (row) => row.stockTotal > 0)
  return predicates
}

export class MemoryIndex {
  private documents = emptyDocuments()
  private listing = emptyListing()
  /** lower(article_number) → product id */
  private articles = new Map<string, number>()
  private readonly popularity = new Map<number, { score: number; at: number }>()
  private readonly changes = new ChangeCursor()
  private syncing: Promise<void> | null = null

  constructor(private readonly db: SearchDatabase) {}

  /** Reads every document, listing row and popularity score, in batches. */
  async load(): Promise<void> {
    const documents = emptyDocuments()
    const listing = emptyListing()
    const articles = new Map<string, number>()
    // the ids below the last one that are missing may belong to transactions still open
    const { rows: marks } = await sql<{ last: number | null; top: number | null; missing: number[] }>`
      WITH marks AS (
        SELECT (SELECT max(change_id) FROM search_changes) AS last,
               (SELECT max(change_id) FROM search_changes
                WHERE changed_at < now() - make_interval(secs => ${GAP_WAIT_MS / 1000})) AS settled)
      SELECT marks.last, (SELECT max(product_id) FROM products) AS top,
             ARRAY(SELECT id FROM generate_series(greatest(coalesce(marks.settled, 0), marks.last - ${MAX_GAPS}) + 1, marks.last) AS id
                   WHERE NOT EXISTS (SELECT 1 FROM search_changes WHERE change_id = id)) AS missing
      FROM marks`.execute(this.db)
    const last = Number(marks[0]?.last ?? 0)
    const missing = (marks[0]?.missing ?? []).map(Number)
    const top = Number(marks[0]?.top ?? 0)
    for (let from = 0; from <= top; from += LOAD_BATCH) {
      await this.readProducts(sql`BETWEEN ${from} AND ${from + LOAD_BATCH - 1}`, documents, listing, articles)
    }
    this.documents = documents
    this.listing = listing
    this.articles = articles
    this.changes.reset(last, missing)
    await this.reloadPopularity()
  }

  private async readProducts(
    range: ReturnType<typeof sql>,
    documents: Record<LocaleCode, LanguageDocuments>,
    listing: Record<MarketAlias, Map<number, ListingFacts>>,
    articles: Map<string, number>,
  ) {
    const { rows: docs } = await sql<{
      language: LocaleCode
      product_id: number
      lexemes: string
      name: string
    }>`
      SELECT d.language, d.product_id, d.lexemes::text AS lexemes, t.name
      FROM search_documents d
      JOIN product_texts t ON t.product_id = d.product_id AND t.language = d.language
      WHERE d.product_id ${range} ORDER BY d.product_id`.execute(this.db)
    for (const row of docs) documents[row.language].put(row.product_id, row.name, row.lexemes)
    const { rows } = await sql<ListingRow & { article: string }>`
      SELECT pl.market_alias, pl.product_id, COALESCE(p.variant_group_id, p.product_id) AS style_id,
             lower(p.article_number) AS article, pl.brand_id, pl.category_ids, pl.sizes,
             pl.parameter_value_ids, pl.price, pl.discount_percent, pl.first_available_on::text AS newest,
             pl.stock_total, pl.rating_average, pl.sales_count, pl.sizes_in_stock, pl.stock_in_stock,
             pl.stock_static, pl.last_incoming_on::text AS last_incoming_on
      FROM product_listing pl JOIN products p ON p.product_id = pl.product_id
      WHERE pl.product_id ${range}`.execute(this.db)
    for (const row of rows) {
      listing[row.market_alias]?.set(row.product_id, toFacts(row))
      articles.set(row.article, row.product_id)
    }
  }

  /** Applies the change log past the last applied change; concurrent callers share one run. */
  sync(): Promise<void> {
    this.syncing ??= this.applyChanges().finally(() => {
      this.syncing = null
    })
    return this.syncing
  }

  private async applyChanges(): Promise<void> {
    const gaps = this.changes.pending()
    const { rows } = await sql<{ change_id: number; product_id: number }>`
      SELECT change_id, product_id FROM search_changes
      WHERE change_id > ${this.changes.last}${gaps.length > 0 ? sql` OR change_id = ANY (${gaps}::bigint[])` : sql``}
      ORDER BY change_id LIMIT ${FULL_RELOAD_AT + 1}`.execute(this.db)
    if (rows.length === 0) return
    if (rows.length > FULL_RELOAD_AT) {
      await this.load()
      return
    }
    const ids = [...new Set(rows.map((row) => row.product_id))]
    for (const language of LOCALE_CODES) for (const id of ids) this.documents[language].remove(id)
    for (const market of MARKET_ALIASES) for (const id of ids) this.listing[market].delete(id)
    await this.readProducts(sql`= ANY (${ids}::integer[])`, this.documents, this.listing, this.articles)
    this.changes.advance(rows.map((row) => Number(row.change_id)))
    // dead slots cost memory and scan time: start afresh when they are a quarter of all
    const dead = LOCALE_CODES.reduce((sum, language) => sum + this.documents[language].dead, 0)
    const all = LOCALE_CODES.reduce((sum, language) => sum + this.documents[language].slots, 0)
    if (dead > 1000 && dead * 4 > all) await this.load()
  }

  async reloadPopularity(): Promise<void> {
    const { rows } = await sql<{ product_id: number; score: number; at: number }>`
      SELECT product_id, score, extract(epoch FROM updated_at) * 1000 AS at
      FROM search_product_popularity`.execute(this.db)
    this.popularity.clear()
    for (const row of rows)
      this.popularity.set(row.product_id, { score: Number(row.score), at: Number(row.at) })
  }

  /** What addPopularity wrote for this instance's notification, without waiting for a reload. */
  addPopularity(productId: number, weight: number, halfLifeDays: number) {
    const now = Date.now()
    this.popularity.set(productId, {
      score: this.currentPopularity(productId, halfLifeDays, now) + weight,
      at: now,
    })
  }

  private currentPopularity(productId: number, halfLifeDays: number, now: number): number {
    const entry = this.popularity.get(productId)
    if (!entry) return 0
    return entry.score * 2 ** (-(now - entry.at) / (halfLifeDays * 86_400_000))
  }

  private popularityFactor(productId: number, halfLifeDays: number, now: number): number {
    if (!this.popularity.has(productId)) return 1
    return 1 + 0.1 * Math.log(1 + Math.max(this.currentPopularity(productId, halfLifeDays, now), 0))
  }

  /** Documents and listed products in memory (the operator's view of the index). */
  get size() {
    return {
      documents: LOCALE_CODES.reduce((sum, language) => sum + this.documents[language].slotOfProduct.size, 0),
      listed: MARKET_ALIASES.reduce((sum, market) => sum + this.listing[market].size, 0),
    }
  }

  /**
   * `lexemes @@ query` over a language's documents with ts_rank('{0.05, 0.2, 0.5, 1.0}', lexemes,
   * query) of each, plus the documents of the article numbers (rank + 10, as search.ts adds).
   */
  rankedMatches(
    language: LocaleCode,
    query: CompiledQuery,
    articleNumbers: readonly string[] = [],
    listed?: ReadonlyMap<number, unknown>,
  ): { productId: number; slot: number; rank: number }[] {
    const documents = this.documents[language]
    const { tree, operands } = query
    const bits = tree ? documents.match(tree) : new Uint8Array(documents.slots)
    const articleSlots = new Set<number>()
    for (const article of articleNumbers) {
      const id = this.articles.get(article)
      const slot = id === undefined ? undefined : documents.slotOfProduct.get(id)
      if (slot === undefined) continue
      bits[slot] = 1
      articleSlots.add(slot)
    }
    const found: { productId: number; slot: number; rank: number }[] = []
    const document = documents.reader()
    for (let slot = 0; slot < bits.length; slot++) {
      if (!bits[slot] || !documents.slotAlive[slot]) continue
      const productId = documents.slotProduct[slot]!
      // ranking is the costly part: only for products the market lists
      if (listed && !listed.has(productId)) continue
      document.slot = slot
      const text = tree ? tsRank(RANK_WEIGHTS, document, tree, operands) : 0
      found.push({ productId, slot, rank: Math.fround(text + (articleSlots.has(slot) ? 10 : 0)) })
    }
    return found
  }

  /** The matching products of a market with their relevance (search.ts's `matched`). */
  private matched(request: MemoryListRequest): Matched[] {
    const documents = this.documents[request.language]
    const listing = this.listing[request.market]
    const rows: Matched[] = []
    const now = Date.now()
    for (const { productId, slot, rank } of this.rankedMatches(
      request.language,
      request.query,
      request.articleNumbers,
      listing,
    )) {
      const facts = listing.get(productId)!
      const score =
        rank *
        this.popularityFactor(productId, request.halfLifeDays, now) *
        (1 + 0.3 * Math.log(1 + (request.learned.get(productId) ?? 0))) *
        (facts.stockTotal > 0 ? 1 : 0.5)
      const preferred = request.preferredColourIds
      const colourBonus = preferred && facts.parameterValueIds.some((id) => preferred.has(id)) ? 10 : 0
      rows.push({ facts, score: score + colourBonus, name: documents.slotName[slot]! })
    }
    return rows
  }

  /** What the index holds of a product's listing row in a market (what lists filter and sort by). */
  facts(market: MarketAlias, productId: number): ListingFacts | undefined {
    return this.listing[market].get(productId)
  }

  /** search.ts's listProducts for a text query, in memory. */
  list(request: MemoryListRequest, vocabulary: Vocabulary): ListResult {
    const matched = this.matched(request)
    const predicates = [...facetPredicates(request.facets, vocabulary, request.language)]
    // the one facet a row fails, 'none', or null when it fails two or more: a facet's counts
    // apply every other selection (disjunctive facets), the list applies them all
    const failed: (FacetId | 'none' | null)[] = matched.map(({ facts }) => {
      let miss: FacetId | 'none' = 'none'
      for (const [id, predicate] of predicates) {
        if (predicate(facts)) continue
        if (miss !== 'none') return null
        miss = id
      }
      return miss
    })
    const groups = new Map<number, Group>()
    const filtered: Matched[] = []
    const today = new Date().toISOString().slice(0, 10)
    matched.forEach((row, index) => {
      if (failed[index] !== 'none') return
      filtered.push(row)
      const facts = row.facts
      const group = groups.get(facts.styleId)
      if (!group) {
        groups.set(facts.styleId, {
          styleId: facts.styleId,
          availability: availabilityOf(facts, today),
          score: row.score,
          price: facts.price,
          discount: facts.discountPercent,
          newest: facts.newest,
          rating: facts.rating,
          name: row.name,
        })
        return
      }
      group.availability = Math.min(group.availability, availabilityOf(facts, today))
      group.score = Math.max(group.score, row.score)
      group.price = Math.min(group.price, facts.price)
      if (facts.discountPercent !== null)
        group.discount = Math.max(group.discount ?? -Infinity, facts.discountPercent)
      if (compareLexemes(facts.newest, group.newest) > 0) group.newest = facts.newest
      if (facts.rating !== null) group.rating = Math.max(group.rating ?? -Infinity, facts.rating)
      if (compareLexemes(row.name, group.name) < 0) group.name = row.name
    })
    const page = topGroups(
      [...groups.values()],
      availabilityFirst(GROUP_ORDER[request.sort]),
      request.skip + request.limit,
    ).slice(request.skip)
    const position = new Map(page.map((group, index) => [group.styleId, index]))
    const productIds = filtered
      .filter((row) => position.has(row.facts.styleId))
      .sort(
        (a, b) =>
          position.get(a.facts.styleId)! - position.get(b.facts.styleId)! ||
          b.score - a.score ||
          a.facts.productId - b.facts.productId,
      )
      .map((row) => row.facts.productId)
    return {
      productIds,
      totalHits: groups.size,
      facets: request.facetCounts ? facetCounts(matched, failed, vocabulary, request.language) : EMPTY_FACETS,
    }
  }

  /**
   * Autocomplete's products: the best few styles among the 200 most-sold matches (ranking every
   * match of a two-letter prefix would cost a ts_rank per product),
   * and the number of all matches.
   */
  suggest(request: {
    language: LocaleCode
    market: MarketAlias
    query: CompiledQuery
    limit: number
    halfLifeDays: number
  }): { productIds: number[]; totalHits: number } {
    const { tree, operands } = request.query
    if (!tree) return { productIds: [], totalHits: 0 }
    const documents = this.documents[request.language]
    const listing = this.listing[request.market]
    const bits = documents.match(tree)
    const matches: { slot: number; facts: ListingFacts }[] = []
    for (let slot = 0; slot < bits.length; slot++) {
      if (!bits[slot] || !documents.slotAlive[slot]) continue
      const facts = listing.get(documents.slotProduct[slot]!)
      if (facts) matches.push({ slot, facts })
    }
    const now = Date.now()
    const document = documents.reader()
    const candidates = matches
      .sort((a, b) => b.facts.salesCount - a.facts.salesCount || a.facts.productId - b.facts.productId)
      .slice(0, 200)
      .map(({ slot, facts }) => ({
        facts,
        score:
          tsRank(RANK_WEIGHTS, Object.assign(document, { slot }), tree, operands) *
          this.popularityFactor(facts.productId, request.halfLifeDays, now) *
          (facts.stockTotal > 0 ? 1 : 0.5),
      }))
    const best = new Map<number, { productId: number; score: number }>()
    for (const { facts, score } of candidates) {
      const current = best.get(facts.styleId)
      if (
        !current ||
        score > current.score ||
        (score === current.score && facts.productId < current.productId)
      ) {
        best.set(facts.styleId, { productId: facts.productId, score })
      }
    }
    const productIds = [...best.values()]
      .sort((a, b) => b.score - a.score || a.productId - b.productId)
      .slice(0, request.limit)
      .map((item) => item.productId)
    return { productIds, totalHits: matches.length }
  }
}

/** The first `count` groups in `order`: a full sort only when the page reaches that far. */
function topGroups(groups: Group[], order: (a: Group, b: Group) => number, count: number): Group[] {
  if (count * 8 >= groups.length) return groups.sort(order).slice(0, count)
  // one pass keeping the best `count` in order: far cheaper than sorting thousands for a page of 48
  const best: Group[] = []
  for (const group of groups) {
    if (best.length === count && order(group, best[count - 1]!) >= 0) continue
    let low = 0
    let high = best.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (order(best[middle]!, group) <= 0) low = middle + 1
      else high = middle
    }
    best.splice(low, 0, group)
    if (best.length > count) best.pop()
  }
  return best
}

/** search.ts's facet counts over the matches, each facet with every other selection applied. */
function facetCounts(
  matched: readonly Matched[],
  failed: readonly (FacetId | 'none' | null)[],
  vocabulary: Vocabulary,
  language: LocaleCode,
): FacetCounts {
  const category = new Map<number, number>()
  const brand = new Map<number, number>()
  const color = new Map<number, number>()
  const size = new Map<string, number>()
  const colourIds = vocabulary.languages[language].colours
  let min: number | null = null
  let max: number | null = null
  let onSale = 0
  let inStock = 0
  let miss: FacetId | 'none' | null | undefined
  const counts = (facet: FacetId) => miss === 'none' || miss === facet
  for (let index = 0; index < matched.length; index++) {
    miss = failed[index]
    if (miss === null || miss === undefined) continue
    const facts = matched[index]!.facts
    if (counts('category')) for (const id of facts.categoryIds) category.set(id, (category.get(id) ?? 0) + 1)
    if (counts('brand')) brand.set(facts.brandId, (brand.get(facts.brandId) ?? 0) + 1)
    if (counts('color')) {
      for (const id of facts.parameterValueIds) if (colourIds.has(id)) color.set(id, (color.get(id) ?? 0) + 1)
    }
    // a size sold out in every match stays in the facet with 0 (ADR 0055)
    if (counts('size'))
      for (const name of facts.sizes)
        size.set(name, (size.get(name) ?? 0) + (facts.sizesInStock.includes(name) ? 1 : 0))
    if (counts('price')) {
      min = min === null ? facts.price : Math.min(min, facts.price)
      max = max === null ? facts.price : Math.max(max, facts.price)
    }
    if ((facts.discountPercent ?? 0) > 0 && counts('onSale')) onSale++
    if (facts.stockTotal > 0 && counts('inStock')) inStock++
  }
  const entries = <K>(counts: Map<K, number>) => [...counts].map(([id, n]) => ({ id, n }))
  return {
    category: entries(category),
    brand: entries(brand),
    color: entries(color),
    size: entries(size),
    price: { min, max },
    onSale,
    inStock,
  }
}

function emptyDocuments(): Record<LocaleCode, LanguageDocuments> {
  return Object.fromEntries(LOCALE_CODES.map((language) => [language, new LanguageDocuments()])) as Record<
    LocaleCode,
    LanguageDocuments
  >
}

function emptyListing(): Record<MarketAlias, Map<number, ListingFacts>> {
  return Object.fromEntries(MARKET_ALIASES.map((market) => [market, new Map()])) as Record<
    MarketAlias,
    Map<number, ListingFacts>
  >
}

function toFacts(row: ListingRow): ListingFacts {
  return {
    productId: row.product_id,
    styleId: row.style_id,
    brandId: row.brand_id,
    categoryIds: row.category_ids,
    sizes: row.sizes,
    sizesInStock: row.sizes_in_stock,
    parameterValueIds: row.parameter_value_ids,
    price: Number(row.price),
    discountPercent: row.discount_percent,
    newest: row.newest,
    stockTotal: Number(row.stock_total),
    stockInStock: Number(row.stock_in_stock),
    stockStatic: Number(row.stock_static),
    lastIncomingOn: row.last_incoming_on,
    rating: row.rating_average === null ? null : Number(row.rating_average),
    salesCount: row.sales_count,
  }
}

/**
 * Behaviour data: what the notifications report (clicks, add-to-carts, favourites), what the
 * queries leave (searches, product views), the decayed popularity the ranking and TOP_PRODUCTS
 * read, a session's recent searches and a customer's recently viewed products.
 *
 * Decay: a score halves every `halfLifeDays`; it is stored as of its last update, and every
 * update first decays it to now: score' = score · 2^(−Δt / half-life) + weight.
 */
import { sql, type Kysely, type Transaction } from 'kysely'
import type { LocaleCode } from '../../../src/shared/markets'
import type { SearchDB, SearchEventKind } from './db'
import type { SessionScope } from './params'

type Db = Kysely<SearchDB> | Transaction<SearchDB>

/** How much each signal teaches the ranking. */
export const EVENT_WEIGHTS: Partial<Record<SearchEventKind, number>> = {
  view: 0.2,
  click: 1,
  'add-favorite': 2,
  'remove-favorite': -2,
  'add-to-cart': 3,
}
export const PURCHASE_WEIGHT = 5

/** The current decayed score expression of search_product_popularity `alias`. */
export function currentPopularity(alias: string, halfLifeDays: number) {
  return sql<number>`(${sql.ref(`${alias}.score`)} * power(2, -extract(epoch FROM (now() - ${sql.ref(
    `${alias}.updated_at`,
  )})) / ${halfLifeDays * 86400}))`
}

export async function addPopularity(
  db: Db,
  additions: readonly { productId: number; weight: number }[],
  halfLifeDays: number,
): Promise<void> {
  if (additions.length === 0) return
  const ids = additions.map((item) => item.productId)
  const weights = additions.map((item) => item.weight)
  // a removed favourite may take a score below zero for a while: readers use greatest(score, 0)
  await sql`
    INSERT INTO search_product_popularity AS pop (product_id, score, updated_at)
    SELECT a.product_id, sum(a.weight), now()
    FROM unnest(${ids}::integer[], ${weights}::float8[]) AS a(product_id, weight)
    JOIN products p ON p.product_id = a.product_id
    GROUP BY a.product_id
    ON CONFLICT (product_id) DO UPDATE
      SET score = ${currentPopularity('pop', halfLifeDays)} + excluded.score, updated_at = now()`.execute(db)
}

export interface EventInput {
  kind: SearchEventKind
  scope: SessionScope
  language?: LocaleCode
  productId?: number
  phrase?: string
  source?: string
}

export async function recordEvent(db: Db, event: EventInput, halfLifeDays: number): Promise<void> {
  await db
    .insertInto('search_events')
    .values({
      kind: event.kind,
      market_alias: event.scope.market,
      language: event.language ?? null,
      customer_key: event.scope.customerKey,
      session_key: event.scope.sessionKey,
      product_id: event.productId ?? null,
      phrase: event.phrase ?? null,
      source: event.source ?? null,
    })
    .execute()
  const weight = EVENT_WEIGHTS[event.kind]
  if (event.productId !== undefined && weight !== undefined) {
    await addPopularity(db, [{ productId: event.productId, weight }], halfLifeDays)
  }
}

/**
 * A search: the session's recent searches (the phrase as typed: only that session sees it) and,
 * when the search found products and its plan gives a catalogue phrase (`popularPhrase`), one
 * count of this shopper for that phrase in popular searches.
 */
export async function recordSearch(
  db: Db,
  scope: SessionScope,
  language: LocaleCode,
  phrase: string,
  { totalHits, popularPhrase }: { totalHits: number; popularPhrase: string | null },
): Promise<void> {
  await recordEvent(db, { kind: 'search', scope, language, phrase }, 0)
  if (totalHits === 0 || popularPhrase === null) return
  await sql`
    INSERT INTO search_phrase_shoppers (language, phrase, customer_key, searched_at)
    VALUES (${language}, ${popularPhrase}, ${scope.customerKey}, now())
    ON CONFLICT (language, phrase, customer_key) DO UPDATE SET searched_at = now()`.execute(db)
}

/** The session's latest distinct search phrases, newest first. */
export async function recentSearches(db: Db, sessionKey: string, limit = 5): Promise<string[]> {
  const { rows } = await sql<{ phrase: string }>`
    SELECT phrase FROM search_events
    WHERE session_key = ${sessionKey} AND kind = 'search' AND phrase IS NOT NULL
    GROUP BY phrase ORDER BY max(created_at) DESC, phrase LIMIT ${limit}`.execute(db)
  return rows.map((row) => row.phrase)
}

/** remove-recent-searches: all of the session's, or the named phrases. */
export async function removeRecentSearches(db: Db, sessionKey: string, phrases: readonly string[] | 'all') {
  let query = db
    .deleteFrom('search_events')
    .where('session_key', '=', sessionKey)
    .where('kind', '=', 'search')
  if (phrases !== 'all') {
    if (phrases.length === 0) return
    query = query.where(
      'phrase',
      'in',
      phrases.map((phrase) => phrase.toLowerCase()),
    )
  }
  await query.execute()
}

/** The customer's recently viewed products, newest first (views are kept per customer key). */
export async function recentlyViewed(db: Db, customerKey: string, limit = 12): Promise<number[]> {
  const { rows } = await sql<{ product_id: number }>`
    SELECT product_id FROM search_events
    WHERE customer_key = ${customerKey} AND kind = 'view' AND product_id IS NOT NULL
    GROUP BY product_id ORDER BY max(created_at) DESC LIMIT ${limit}`.execute(db)
  return rows.map((row) => row.product_id)
}

export async function removeRecentlyViewed(
  db: Db,
  customerKey: string,
  productIds: readonly number[] | 'all',
) {
  let query = db
    .deleteFrom('search_events')
    .where('customer_key', '=', customerKey)
    .where('kind', '=', 'view')
  if (productIds !== 'all') {
    if (productIds.length === 0) return
    query = query.where('product_id', 'in', productIds)
  }
  await query.execute()
}

/** How popular searches are chosen (ADR 0054). */
export interface PopularSearchRules {
  /** only searches of the last `windowDays` count */
  windowDays: number
  /** a phrase is shown once this many distinct shoppers searched it in the window */
  minShoppers: number
}

export const POPULAR_SEARCH_RULES: PopularSearchRules = { windowDays: 14, minShoppers: 3 }

/** A phrase's standing in popular searches: its distinct shoppers in the window. */
export interface PopularSearch {
  phrase: string
  shoppers: number
}

/**
 * The language's popular searches: catalogue phrases that found products, by how many distinct
 * shoppers searched them in the window (at least the minimum), none holding a blocked term.
 */
export async function popularSearches(
  db: Db,
  language: LocaleCode,
  rules: PopularSearchRules,
  limit = 8,
): Promise<PopularSearch[]> {
  const { rows } = await sql<{ phrase: string; shoppers: number }>`
    SELECT s.phrase, count(*)::int AS shoppers FROM search_phrase_shoppers s
    WHERE s.language = ${language}
      AND s.searched_at > now() - make_interval(days => ${rules.windowDays})
      AND NOT EXISTS (
        SELECT 1 FROM search_blocked_terms b
        WHERE s.phrase = b.term OR b.term = ANY (string_to_array(s.phrase, ' ')))
    GROUP BY s.phrase
    HAVING count(*) >= ${rules.minShoppers}
    ORDER BY count(*) DESC, s.phrase
    LIMIT ${limit}`.execute(db)
  return rows.map((row) => ({ phrase: row.phrase, shoppers: Number(row.shoppers) }))
}

/** Forgets searches older than the window: they count no more. */
export async function prunePopularSearches(db: Db, rules: PopularSearchRules): Promise<void> {
  await sql`DELETE FROM search_phrase_shoppers
    WHERE searched_at <= now() - make_interval(days => ${rules.windowDays})`.execute(db)
}

export async function endSession(db: Db, sessionKey: string): Promise<void> {
  await db
    .insertInto('search_ended_sessions')
    .values({ session_key: sessionKey })
    .onConflict((oc) => oc.column('session_key').doNothing())
    .execute()
}

export async function sessionEnded(db: Db, sessionKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('search_ended_sessions')
    .select('session_key')
    .where('session_key', '=', sessionKey)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The search service's own tables of migrations 0970_search.sql and 1010_search_changes.sql as
 * Kysely types. The catalogue it
 * indexes and the listing rows it reads prices and stock from are the shared tables of
 * server/db/schema.ts.
 */
import type { ColumnType, Generated, Kysely } from 'kysely'
import type { DB, GeneratedTimestamp } from '../../db/schema'
import type { LocaleCode, MarketAlias } from '../../../src/shared/markets'

export interface SearchDocumentsTable {
  language: LocaleCode
  product_id: number
  /** tsvector, written by search_document_rows() only */
  lexemes: ColumnType<string, string, string>
}

export interface SearchCompoundsTable {
  language: LocaleCode
  word: string
  parts: string[]
}

export interface SearchSynonymsTable {
  language: LocaleCode
  term: string
  synonyms: string[]
}

export interface SearchIndexQueueTable {
  product_id: number
  queued_at: GeneratedTimestamp
}

export type SearchEventKind =
  'search' | 'view' | 'click' | 'add-to-cart' | 'add-favorite' | 'remove-favorite' | 'purchase'

export interface SearchEventsTable {
  event_id: Generated<number>
  kind: SearchEventKind
  market_alias: MarketAlias
  language: LocaleCode | null
  customer_key: string | null
  session_key: string | null
  product_id: number | null
  phrase: string | null
  source: string | null
  created_at: GeneratedTimestamp
}

export interface SearchProductPopularityTable {
  product_id: number
  score: number
  updated_at: GeneratedTimestamp
}

/** One row per shopper who searched a phrase that found products (popular searches). */
export interface SearchPhraseShoppersTable {
  language: LocaleCode
  phrase: string
  customer_key: string
  searched_at: GeneratedTimestamp
}

/** Terms an operator keeps out of popular searches. */
export interface SearchBlockedTermsTable {
  term: string
  blocked_by: string
  blocked_at: GeneratedTimestamp
}

export interface SearchEndedSessionsTable {
  session_key: string
  ended_at: GeneratedTimestamp
}

export interface SearchWatermarksTable {
  name: string
  value: number
}

/** The log the index in memory follows (ADR 0040): written by triggers only. */
export interface SearchChangesTable {
  change_id: Generated<number>
  product_id: number
  changed_at: GeneratedTimestamp
}

export interface SearchDB extends DB {
  search_documents: SearchDocumentsTable
  search_compounds: SearchCompoundsTable
  search_synonyms: SearchSynonymsTable
  search_index_queue: SearchIndexQueueTable
  search_events: SearchEventsTable
  search_product_popularity: SearchProductPopularityTable
  search_phrase_shoppers: SearchPhraseShoppersTable
  search_blocked_terms: SearchBlockedTermsTable
  search_ended_sessions: SearchEndedSessionsTable
  search_watermarks: SearchWatermarksTable
  search_changes: SearchChangesTable
}

export type SearchDatabase = Kysely<SearchDB>

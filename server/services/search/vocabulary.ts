/**
 * What the service keeps in memory per language, read from the index after each rebuild: the
 * catalogue's words (for typo correction and compound splitting), its stems (to tell a known word
 * from an unknown one after stemming), product-name phrases (phrase suggestions), brands and
 * categories (content suggestions, facet labels, the navigation tree) and the synonyms.
 * A few thousand entries per language: small, and far quicker than asking the database per key.
 */
import { sql } from 'kysely'
import { LOCALE_CODES, type LocaleCode } from '../../../src/shared/markets'
import { headNouns, splitCompound } from './compounds'
import type { SearchDatabase } from './db'

export interface CategoryEntry {
  id: number
  parentId: number | null
  name: string
  alias: string
  /** the aliases from the root down to this category: the category page's path */
  path: string[]
  hidden: boolean
  sortOrder: number
}

export interface BrandEntry {
  id: number
  name: string
  alias: string
}

export interface LanguageVocabulary {
  /** surface word → how many products' names and keywords contain it */
  words: Map<string, number>
  /** the recurring last parts of compound words (compounds.ts) */
  heads: Map<string, number>
  /** lexemes of the index (stemmed) → document count */
  stems: Map<string, number>
  /** lower-case product name → how many products carry it */
  phrases: Map<string, number>
  synonyms: Map<string, string[]>
  categories: Map<number, CategoryEntry>
  /** colour parameter value id → label */
  colours: Map<number, { key: string; label: string }>
}

export interface Vocabulary {
  languages: Record<LocaleCode, LanguageVocabulary>
  brands: Map<number, BrandEntry>
}

const WORD_ROWS = (language: LocaleCode) =>
  `SELECT to_tsvector('simple', t.name || ' ' || t.search_keywords) FROM product_texts t ` +
  `JOIN products p ON p.product_id = t.product_id WHERE p.is_active AND t.language = '${language}'`

/** The surface words of a language's names and keywords (the input of the compound splitter too). */
export async function loadWords(db: SearchDatabase, language: LocaleCode): Promise<Map<string, number>> {
  const { rows } = await sql<{ word: string; ndoc: number }>`
    SELECT word, ndoc FROM ts_stat(${WORD_ROWS(language)})`.execute(db)
  return new Map(rows.filter((row) => /\p{L}/u.test(row.word)).map((row) => [row.word, Number(row.ndoc)]))
}

/** Every compound word of the vocabulary with its two parts. */
export function compoundsOf(words: ReadonlyMap<string, number>): Map<string, [string, string]> {
  const heads = headNouns(words.keys())
  const compounds = new Map<string, [string, string]>()
  for (const word of words.keys()) {
    const parts = splitCompound(word, (part) => words.has(part), heads)
    if (parts) compounds.set(word, parts)
  }
  return compounds
}

async function loadLanguage(db: SearchDatabase, language: LocaleCode): Promise<LanguageVocabulary> {
  const words = await loadWords(db, language)
  const stems = await sql<{ word: string; ndoc: number }>`
    SELECT word, ndoc FROM ts_stat(${`SELECT lexemes FROM search_documents WHERE language = '${language}'`})`.execute(
    db,
  )
  const phrases = await sql<{ phrase: string; count: number }>`
    SELECT lower(t.name) AS phrase, count(*)::int AS count FROM product_texts t
    JOIN products p ON p.product_id = t.product_id
    WHERE p.is_active AND t.language = ${language} GROUP BY 1`.execute(db)
  const synonyms = await db
    .selectFrom('search_synonyms')
    .select(['term', 'synonyms'])
    .where('language', '=', language)
    .execute()
  const categoryRows = await sql<{
    category_id: number
    parent_id: number | null
    name: string
    alias: string
    is_hidden: boolean
    sort_order: number
  }>`
    SELECT c.category_id, c.parent_id, t.name, t.alias, c.is_hidden, c.sort_order
    FROM categories c JOIN category_texts t ON t.category_id = c.category_id AND t.language = ${language}
    ORDER BY c.sort_order, c.category_id`.execute(db)
  const byId = new Map(categoryRows.rows.map((row) => [row.category_id, row]))
  const pathOf = (id: number): string[] => {
    const path: string[] = []
    for (let row = byId.get(id); row; row = row.parent_id === null ? undefined : byId.get(row.parent_id)) {
      path.unshift(row.alias)
      if (path.length > 10) break
    }
    return path
  }
  const colourRows = await sql<{ parameter_value_id: number; identifier: string; value: string }>`
    SELECT v.parameter_value_id, v.identifier, t.value
    FROM parameters p
    JOIN parameter_values v ON v.parameter_id = p.parameter_id
    JOIN parameter_value_texts t ON t.parameter_value_id = v.parameter_value_id AND t.language = ${language}
    WHERE p.name = 'Color' ORDER BY v.sort_order`.execute(db)
  return {
    words,
    heads: headNouns(words.keys()),
    stems: new Map(stems.rows.map((row) => [row.word, Number(row.ndoc)])),
    phrases: new Map(phrases.rows.map((row) => [row.phrase, row.count])),
    synonyms: new Map(synonyms.map((row) => [row.term, row.synonyms])),
    categories: new Map(
      categoryRows.rows.map((row) => [
        row.category_id,
        {
          id: row.category_id,
          parentId: row.parent_id,
          name: row.name,
          alias: row.alias,
          path: pathOf(row.category_id),
          hidden: row.is_hidden,
          sortOrder: row.sort_order,
        },
      ]),
    ),
    colours: new Map(
      colourRows.rows.map((row) => [row.parameter_value_id, { key: row.identifier, label: row.value }]),
    ),
  }
}

export async function loadVocabulary(db: SearchDatabase): Promise<Vocabulary> {
  const languages = {} as Record<LocaleCode, LanguageVocabulary>
  for (const language of LOCALE_CODES) languages[language] = await loadLanguage(db, language)
  const brands = await db.selectFrom('brands').select(['brand_id', 'name', 'alias']).execute()
  return {
    languages,
    brands: new Map(brands.map((row) => [row.brand_id, { id: row.brand_id, name: row.name, alias: row.alias }])),
  }
}

/**
 * The words of a phrase stemmed and a plan's tsquery normalised by PostgreSQL. Both give the same
 * answer for the same input for ever, so both are cached.
 */
import { sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { LocaleCode } from '../../../src/shared/markets'
import type { SearchDatabase } from './db'
import { compileQuery, type CompiledQuery } from './memory-index'
import type { Stems } from './query'
import { tsConfigOf } from './search'
import { queryWords } from './text'
import { parseTsquery } from './tsquery'

const STEM_DICTIONARY: Record<LocaleCode, string> = {
  fi: 'finnish_stem',
  sv: 'swedish_stem',
  nb: 'norwegian_stem',
  da: 'danish_stem',
}

export interface QueryCompiler {
  stemsOf(language: LocaleCode, phrase: string): Promise<Stems>
  /** The plan's tsquery as PostgreSQL normalises it (stemmed, stop words dropped), parsed. */
  compiled(language: LocaleCode, tsquery: string): Promise<CompiledQuery>
}

export function createQueryCompiler(db: SearchDatabase): QueryCompiler {
  const stemCache = new LRUCache<string, readonly string[]>({ max: 20_000 })
  const queryCache = new LRUCache<string, CompiledQuery>({ max: 5_000 })
  return {
    async stemsOf(language, phrase) {
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
    },
    async compiled(language, tsquery) {
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
    },
  }
}

/**
 * The stemming the search service relies on: PostgreSQL's snowball configurations (finnish,
 * swedish, norwegian, danish) on real Nordic words, the same on PGlite and PostgreSQL 15, and
 * the service's query plan on top (stems, compounds, synonyms, typos).
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { planQuery } from '../../../server/services/search/query'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import type { LanguageVocabulary } from '../../../server/services/search/vocabulary'
import { headNouns } from '../../../server/services/search/compounds'
import { describeEachDatabase } from '../helpers/outside-servers'

describeEachDatabase('Nordic stemming (%s)', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase({ kind })
  }, 120_000)
  afterAll(() => database?.close())

  const stems = async (config: string, words: string[]) => {
    const { rows } = await sql<{ lexemes: string }>`
      SELECT strip(to_tsvector(${config}::regconfig, w))::text AS lexemes FROM unnest(${words}::text[]) AS w`.execute(
      database.db,
    )
    return rows.map((row) => row.lexemes)
  }
  const sameStem = async (config: string, words: string[]) => new Set(await stems(config, words)).size

  it('gives inflected forms one stem in each language', async () => {
    expect(await sameStem('finnish', ['neule', 'neuleet', 'neuleita'])).toBe(1)
    expect(await sameStem('finnish', ['kirjastossa', 'kirjasto'])).toBe(1)
    expect(await sameStem('swedish', ['klänning', 'klänningar', 'klänningen'])).toBe(1)
    expect(await sameStem('swedish', ['tröja', 'tröjor'])).toBe(1)
    expect(await sameStem('norwegian', ['kjole', 'kjoler', 'kjolene'])).toBe(1)
    expect(await sameStem('danish', ['kjole', 'kjoler', 'kjolerne'])).toBe(1)
    expect(await sameStem('danish', ['bukser', 'buksen'])).toBe(1)
  })

  it('keeps different words apart', async () => {
    expect(await sameStem('finnish', ['neule', 'mekko'])).toBe(2)
    expect(await sameStem('swedish', ['kjol', 'klänning'])).toBe(2)
  })

  it('plans a query: stems left to the database, compounds split, synonyms added, typos corrected', async () => {
    const words = new Map([
      ['villaneule', 10],
      ['villa', 20],
      ['neule', 15],
      ['mekko', 30],
      ['musta', 40],
      ['villapaita', 1],
    ])
    const lexize = async (phrase: string) => {
      const { rows } = await sql<{ w: string; l: string[] }>`
        SELECT w, ts_lexize('finnish_stem', w) AS l FROM unnest(${phrase.split(' ')}::text[]) AS w`.execute(
        database.db,
      )
      return new Map(rows.map((row) => [row.w, row.l]))
    }
    // the index's lexemes are the stems of the catalogue's words
    const indexStems = await lexize([...words.keys()].join(' '))
    const vocabulary: LanguageVocabulary = {
      words,
      heads: headNouns(words.keys()),
      stems: new Map([...indexStems.values()].flat().map((stem) => [stem, 1])),
      phrases: new Map(),
      synonyms: new Map([['neuleet', ['villapaita']]]),
      categories: new Map(),
      colours: new Map(),
    }
    const plural = planQuery('neuleet', vocabulary, await lexize('neuleet'), 'fi')
    expect(plural.tsquery).toBe("('neuleet' | 'villapaita')")
    const compound = planQuery('mustavillaneule', vocabulary, await lexize('mustavillaneule'), 'fi')
    expect(compound.tsquery).toBe("('mustavillaneule' | ('musta' & 'villaneule'))")
    const typo = planQuery('musta mkeko', vocabulary, await lexize('musta mkeko'), 'fi')
    expect(typo.correctedPhrase).toBe('musta mekko')
    expect(typo.tsquery).toBe("'musta' & 'mekko'")
    expect(typo.relaxedTsquery).toBe("'musta' | 'mekko'")
    const typing = planQuery('musta vil', vocabulary, await lexize('musta vil'), 'fi')
    expect(typing.tsquery).toBe("'musta' & ('vil' | 'vil':*)")
    const product = planQuery('LU12', vocabulary, new Map(), 'fi')
    expect(product.articleNumbers).toEqual(['lu000012'])
    // the plan runs: every tsquery is valid in the Finnish configuration
    for (const plan of [plural, compound, typo, typing]) {
      await sql`SELECT to_tsquery('finnish', ${plan.tsquery})`.execute(database.db)
    }
  })
})

/**
 * Search that finds what it suggests (issue 27 part 3, ADR 0054): a submitted query gives at
 * least the products its autocomplete suggested, for the starts and other forms of words a
 * shopper types in each language (`kenk` → kengät, `klänn` → klänningar, `buks` → bukser,
 * `kjol` → kjoler), typos are still corrected, and popular searches are a curated list.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AutocompleteResponse, Product, SearchPageResponse } from '../../../src/shared/search-api'
import type { LocaleCode } from '../../../src/shared/markets'
import {
  queryUrl,
  SEARCH_CONFIG,
  shopper,
  startSearchApp,
  type SearchApp,
  type Shopper,
} from './search-harness'

const SHOPPERS: Record<LocaleCode, [string, string]> = {
  fi: ['fi', 'fi-FI'],
  sv: ['se', 'sv-SE'],
  nb: ['no', 'nb-NO'],
  da: ['dk', 'da-DK'],
}
const as = (language: LocaleCode) => shopper(...SHOPPERS[language])

const keysOf = (groups: { products: Product[] }[]) =>
  groups.flatMap((group) => group.products.map((p) => p.key))
const titlesOf = (groups: { products: Product[] }[]) =>
  groups.flatMap((group) => group.products.map((p) => p.title))

describe('search finds what it suggests', () => {
  let search: SearchApp

  beforeAll(async () => {
    search = await startSearchApp('pglite', 400)
  }, 300_000)
  afterAll(() => search?.close())

  const get = async <T>(endpoint: string, who: Shopper, params: Record<string, string> = {}) => {
    const response = await search.app.inject({ url: queryUrl(endpoint, who, params) })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<T>()
  }
  /** The autocomplete's products, and the whole result list of the same text submitted. */
  const suggestedAndFound = async (language: LocaleCode, q: string) => {
    const who = { ...as(language) }
    const suggested = await get<AutocompleteResponse>('autocomplete', who, { q, notify: 'false' })
    const page = await get<SearchPageResponse>('search-page', who, { q, limit: '600', notify: 'false' })
    return { suggested, page, found: new Set(keysOf(page.primaryList.productGroups)) }
  }

  it.each([
    ['fi', 'kenk', 'kengät', /(tennarit|sandaalit|saappaat|nilkkurit|avokkaat|kengät|loaferit)$/i],
    ['sv', 'klänn', 'klänningar', /klänning$/i],
    ['nb', 'buks', 'bukser', /bukse$/i],
    ['da', 'buks', 'bukser', /bukser$/i],
    ['nb', 'kjol', 'kjoler', /kjole$/i],
    ['da', 'kjol', 'kjoler', /kjole$/i],
    ['sv', 'kjol', 'kjolar', /kjol$/i],
  ] as const)(
    '%s: `%s` suggests %s and Enter finds the suggested products',
    async (language, q, phrase, title) => {
      const { suggested, page, found } = await suggestedAndFound(language, q)
      expect(suggested.productSuggestions.length).toBeGreaterThan(0)
      expect(suggested.phraseSuggestions.map((item) => item.q)).toContain(phrase)
      expect(page.primaryList.totalHits).toBeGreaterThan(0)
      for (const key of keysOf(suggested.productSuggestions)) expect(found, `${q}: ${key}`).toContain(key)
      expect(
        titlesOf(page.primaryList.productGroups).filter((name) => title.test(name)).length,
      ).toBeGreaterThan(page.primaryList.totalHits / 2)
    },
  )

  it('finds the other forms of a word: kenkä, paita, saapas (fi), stövel (sv), støvel (nb)', async () => {
    for (const [language, q, title] of [
      ['fi', 'kenkä', /(tennarit|sandaalit|saappaat|nilkkurit|avokkaat|kengät|loaferit)$/i],
      ['fi', 'paita', /paita$/i],
      ['fi', 'saapas', /saappaat$/i],
      ['sv', 'stövel', /stövlar$/i],
      ['nb', 'støvel', /støvler$/i],
    ] as const) {
      const { page } = await suggestedAndFound(language, q)
      expect(page.primaryList.totalHits, q).toBeGreaterThan(0)
      expect(
        titlesOf(page.primaryList.productGroups).some((name) => title.test(name)),
        q,
      ).toBe(true)
    }
  })

  it('a colour and a garment: the suggestions follow the search page’s fallbacks', async () => {
    // no red sneakers in the catalogue: the search page lists the sneakers in every colour, so the
    // suggestions may not be red skirts and dresses (the words OR-ed) it would never show
    for (const [language, q] of [
      ['sv', 'röda sneakers'],
      ['nb', 'røde sneakers'],
      ['fi', 'punaiset tennarit'],
      ['da', 'sort kjol'],
    ] as const) {
      const { suggested, found } = await suggestedAndFound(language, q)
      expect(suggested.productSuggestions.length, q).toBeGreaterThan(0)
      for (const key of keysOf(suggested.productSuggestions)) expect(found, `${q}: ${key}`).toContain(key)
    }
  })

  it('still corrects a misspelling, and says so', async () => {
    for (const [language, q, corrected] of [
      ['fi', 'mekkko', 'mekko'],
      ['fi', 'kengt', 'kengät'],
      ['sv', 'klänig', 'klänning'],
      ['nb', 'kjloe', 'kjole'],
    ] as const) {
      const page = await get<SearchPageResponse>('search-page', as(language), { q, notify: 'false' })
      expect(page.autoCorrect?.q, q).toBe(corrected)
      expect(page.primaryList.totalHits, q).toBeGreaterThan(0)
    }
  })

  it('results ⊇ suggestions for every start (3+ letters) of the catalogue’s product words, per language', async () => {
    for (const language of ['fi', 'sv', 'nb', 'da'] as const) {
      const { rows } = await sql<{ word: string }>`
        SELECT DISTINCT w AS word FROM product_texts t
        CROSS JOIN regexp_split_to_table(lower(t.name), '[^[:alpha:]]+') AS w
        WHERE t.language = ${language} AND length(w) >= 4 ORDER BY 1`.execute(search.database.db)
      // every seventh word in alphabetical order: each garment, colour and material is sampled
      const words = rows.map((row) => row.word).filter((_, index) => index % 7 === 0)
      expect(words.length).toBeGreaterThan(8)
      let checked = 0
      for (const word of words) {
        for (let end = 3; end <= word.length; end++) {
          const q = word.slice(0, end)
          const { suggested, found } = await suggestedAndFound(language, q)
          for (const key of keysOf(suggested.productSuggestions)) {
            expect(found, `${language} "${q}": suggested ${key} is not in the results`).toContain(key)
          }
          if (suggested.productSuggestions.length > 0) checked++
        }
      }
      expect(checked).toBeGreaterThan(words.length)
    }
  }, 300_000)

  describe('popular searches', () => {
    const popular = async (language: LocaleCode) =>
      (await get<AutocompleteResponse>('autocomplete', as(language))).phraseSuggestions.map((item) => item.q)
    const searchAs = (who: Shopper, q: string) => get<SearchPageResponse>('search-page', who, { q })
    const admin = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      payload?: unknown,
      key = SEARCH_CONFIG.adminKey,
    ) =>
      search.app.inject({
        method,
        url: `/admin/api/search${url}`,
        headers: { authorization: `Bearer ${key}`, 'x-admin-actor': 'merchandiser' },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      })

    it('shows a phrase once enough distinct shoppers searched it, counted once per shopper', async () => {
      const first = as('da')
      for (let n = 0; n < 5; n++) await searchAs(first, 'kjoler')
      await searchAs(as('da'), 'Kjoler')
      expect(await popular('da')).not.toContain('kjoler')
      await searchAs(as('da'), 'kjoler ')
      expect(await popular('da')).toContain('kjoler')
    })

    it('counts a misspelling as its correction and never shows a shopper’s own text', async () => {
      for (let n = 0; n < 3; n++) {
        const who = as('fi')
        await searchAs(who, 'kengt')
        await searchAs(who, 'mekkko')
        await searchAs(who, 'klänn') // a start, in Finnish no word: finds nothing
        await searchAs(who, 'mekk') // a start that finds dresses: still no catalogue word
        await searchAs(who, 'qwzx') // finds nothing
      }
      const shown = await popular('fi')
      expect(shown).toEqual(expect.arrayContaining(['kengät', 'mekko']))
      for (const raw of ['kengt', 'mekkko', 'klänn', 'mekk', 'qwzx']) expect(shown).not.toContain(raw)
      // nor does the corrected form count when the shopper undid the correction
      for (let n = 0; n < 3; n++) {
        await get('search-page', as('fi'), { q: 'nuele', origin: 'UNDO_AUTO_CORRECT' })
      }
      expect(await popular('fi')).not.toContain('nuele')
    })

    it('forgets searches older than the window', async () => {
      for (let n = 0; n < 3; n++) await searchAs(as('sv'), 'svart klänning')
      expect(await popular('sv')).toContain('svart klänning')
      await sql`UPDATE search_phrase_shoppers SET searched_at = now() - interval '15 days'
        WHERE language = 'sv' AND phrase = 'svart klänning'`.execute(search.database.db)
      expect(await popular('sv')).not.toContain('svart klänning')
    })

    it('an operator blocks a term through the admin API, and unblocks it', async () => {
      for (let n = 0; n < 3; n++) {
        const who = as('nb')
        await searchAs(who, 'svart kjole')
        await searchAs(who, 'kjoler')
      }
      expect(await popular('nb')).toEqual(expect.arrayContaining(['svart kjole', 'kjoler']))

      expect((await admin('POST', '/blocked', { term: 'kjole' }, 'not-the-admin-key')).statusCode).toBe(401)
      const blocked = await admin('POST', '/blocked', { term: ' Kjole ' })
      expect(blocked.statusCode, blocked.body).toBe(200)
      expect(blocked.json()).toEqual({ term: 'kjole', blocked: true })
      // a phrase holding the term as a word is gone; another word is not
      const shown = await popular('nb')
      expect(shown).not.toContain('svart kjole')
      expect(shown).toContain('kjoler')

      const listed = await admin('GET', '/popular?language=nb')
      expect(listed.json()).toMatchObject({
        rules: { windowDays: 14, minShoppers: 3 },
        blocked: [{ term: 'kjole', blockedBy: 'merchandiser' }],
      })
      expect(listed.json().popular).toContainEqual({ phrase: 'kjoler', shoppers: 3 })
      const { rows } = await sql<{ action: string; target: string }>`
        SELECT action, target FROM admin_audit_log WHERE action LIKE 'search.%'`.execute(search.database.db)
      expect(rows).toContainEqual({ action: 'search.block-term', target: 'kjole' })

      expect((await admin('POST', '/blocked', { term: '' })).statusCode).toBe(400)
      expect((await admin('DELETE', '/blocked/kjole')).statusCode).toBe(200)
      expect((await admin('DELETE', '/blocked/kjole')).statusCode).toBe(404)
      expect(await popular('nb')).toContain('svart kjole')
    })
  })
})

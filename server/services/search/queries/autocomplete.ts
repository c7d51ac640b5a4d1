/** `autocomplete`: suggestions while the shopper types, and the panel's start when the field is empty. */
import type { AutocompleteResponse } from '../../../../src/shared/search-api'
import { popularSearches, recentlyViewed, recentSearches } from '../behaviour'
import { colourWords } from '../colour-words'
import type { SearchContext } from '../context'
import { parsePhrase, type QueryScope, type RawQuery } from '../params'
import { contentSuggestions, phraseSuggestions } from '../responses'
import { normaliseQuery } from '../text'

export async function autocomplete(
  ctx: SearchContext,
  query: RawQuery,
  scope: QueryScope,
): Promise<AutocompleteResponse> {
  const { db, reader, memory, tickets, urlSettings, popularRules, searchable, plan, compiled } = ctx
  const suggestScope = suggestScopeOf(ctx)
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

const suggestScopeOf = (ctx: SearchContext) => (scope: QueryScope) => ({
  language: scope.locale,
  market: scope.market,
  limit: 4,
  halfLifeDays: ctx.halfLifeDays,
})

/** `search-page`: the search's result list, its facets, corrections and related searches. */
import type { SearchPageResponse } from '../../../../src/shared/search-api'
import { recordSearch } from '../behaviour'
import { colourWords } from '../colour-words'
import type { SearchContext } from '../context'
import { compileQuery } from '../memory-index'
import { parseListOptions, parseOrigin, parsePhrase, type QueryScope, type RawQuery } from '../params'
import { popularPhrase, type QueryPlan } from '../query'
import { recommendationLists } from '../recommendation-lists'
import { buildFacets, navigationTree, sortOptions } from '../responses'
import type { ListResult } from '../search'
import { editDistance, normaliseQuery, queryWords } from '../text'
import type { PageBody } from './page-body'

/** Runs a plan strictly, then with the words OR-ed when the strict query found nothing. */
export async function runList(
  ctx: SearchContext,
  queryPlan: QueryPlan,
  scope: QueryScope,
  phrase: string,
  options: Partial<ReturnType<typeof parseListOptions>> & {
    limit: number
    skip: number
    facetCounts?: boolean
  },
): Promise<ListResult & { relaxed: boolean }> {
  const { memory, halfLifeDays, searchable, learnedChoices, compiled } = ctx
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

export async function searchPage(ctx: SearchContext, query: RawQuery, scope: QueryScope, body: PageBody) {
  const { db, reader, urlSettings, searchable, plan } = ctx
  const q = parsePhrase(query, { required: true })
  const origin = parseOrigin(query)
  const list = parseListOptions(query)
  const vocab = await searchable()
  const queryPlan = await plan(scope.locale, q, { correct: origin !== 'UNDO_AUTO_CORRECT' })
  const result = await runList(ctx, queryPlan, scope, q, list)
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
      ctx,
      body?.recommendationLists ?? [{ id: 'zero-result', algorithm: 'TOP_PRODUCTS', limit: 8 }],
      scope,
      {},
    )
  }
  return response
}

/** `landing-page`: the home page, a category's or a brand's list with its navigation. */
import type { LocaleCode } from '../../../../src/shared/markets'
import type { LandingPageResponse } from '../../../../src/shared/search-api'
import type { SearchContext } from '../context'
import {
  parseListOptions,
  parsePhrase,
  requiredParam,
  singleParam,
  type QueryScope,
  type RawQuery,
} from '../params'
import { recommendationLists } from '../recommendation-lists'
import { buildFacets, navigationTree, sortOptions } from '../responses'
import { listProducts } from '../search'
import type { Vocabulary } from '../vocabulary'
import type { PageBody } from './page-body'

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

export async function landingPage(ctx: SearchContext, query: RawQuery, scope: QueryScope, body: PageBody) {
  const { db, reader, urlSettings, halfLifeDays, words, plan } = ctx
  const reference = requiredParam(query, 'pageReference')
  const list = parseListOptions(query, 'RELEVANCE')
  const q = parsePhrase(query, { required: false })
  const vocab = await words()
  const page = resolvePage(reference, vocab, scope.locale)
  const response: LandingPageResponse = {
    recommendationLists: await recommendationLists(ctx, body?.recommendationLists ?? [], scope, {}),
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
    const includeNavigation = singleParam(query, 'includeNavigation') === 'true' || body?.navigation?.include
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

import { describe, expect, it } from 'vitest'
import type { SearchPageResponse } from '../../shared/search-api'
import {
  searchPageIndexing,
  searchStateQuery,
  searchUrlState,
  toggleFacetValue,
  type SearchPageData,
} from './search-page'

describe('the search page URL', () => {
  it('reads query, sort, page, origin and the f.* facet params, ignoring junk', () => {
    const state = searchUrlState(
      ' villaneule ',
      new URLSearchParams(
        'sort=PRICE_ASCENDING&page=3&origin=DID_YOU_MEAN&f.brand=aurinko|lumo&f.price.min=20&f.bad name=x&foo=1',
      ),
    )
    expect(state).toEqual({
      q: 'villaneule',
      sort: 'PRICE_ASCENDING',
      page: 3,
      origin: 'DID_YOU_MEAN',
      facets: { 'f.brand': 'aurinko|lumo', 'f.price.min': '20' },
    })
  })

  it('falls back to relevance, page 1 and an organic origin', () => {
    expect(searchUrlState('mekko', new URLSearchParams('sort=CHEAPEST&page=-2&origin=NOPE'))).toEqual({
      q: 'mekko',
      sort: null,
      page: 1,
      origin: 'ORGANIC',
      facets: {},
    })
  })

  it('writes a state back in a stable order, leaving defaults out', () => {
    expect(
      searchStateQuery({
        sort: null,
        page: 1,
        origin: 'ORGANIC',
        facets: { 'f.color': 'musta', 'f.brand': 'lumo' },
      }),
    ).toBe('?f.brand=lumo&f.color=musta')
    expect(searchStateQuery({ sort: null, page: 1, origin: 'ORGANIC', facets: {} })).toBe('')
  })

  it('toggles one facet value and starts again from page 1', () => {
    const state = searchUrlState('mekko', new URLSearchParams('page=2&f.brand=aurinko'))
    const added = toggleFacetValue(state, 'brand', 'lumo')
    expect(added.facets).toEqual({ 'f.brand': 'aurinko|lumo' })
    expect(added.page).toBe(1)
    expect(toggleFacetValue(added, 'brand', 'aurinko').facets).toEqual({ 'f.brand': 'lumo' })
    expect(toggleFacetValue(state, 'brand', 'aurinko').facets).toEqual({})
  })
})

describe('whether a search page is indexed (ADR 0049)', () => {
  const answer = (totalHits: number, extra: Partial<SearchPageResponse> = {}): SearchPageResponse => ({
    q: 'mekko',
    didYouMean: [],
    primaryList: { sort: {} as never, productGroups: [], totalHits, facets: [] },
    contentLists: [],
    ...extra,
  })
  const page = (
    q: string,
    result: SearchPageResponse | null,
    facets: Record<string, string> = {},
  ): SearchPageData => ({
    ...searchUrlState(q, new URLSearchParams()),
    facets,
    result,
    recommendations: [],
  })

  it("indexes a term's plain page with products, at the term in lower case with single spaces", () => {
    expect(searchPageIndexing(page('  Musta   MEKKO ', answer(12)), 'fi')).toEqual({
      noindex: false,
      alternates: { fi: '/s/musta%20mekko' },
    })
    expect(searchPageIndexing(page('Kjole', answer(3)), 'da')).toEqual({
      noindex: false,
      alternates: { da: '/s/kjole' },
    })
  })

  it('keeps out a filtered view, an empty, corrected or failed search and a blank term', () => {
    expect(searchPageIndexing(page('mekko', answer(12), { 'f.brand': 'aurinko' }), 'fi')).toEqual({
      noindex: true,
    })
    expect(searchPageIndexing(page('mekko', answer(0)), 'fi')).toEqual({ noindex: true })
    expect(
      searchPageIndexing(
        page('mekok', answer(12, { autoCorrect: { q: 'mekko', originalTotalHits: 0 } })),
        'fi',
      ),
    ).toEqual({ noindex: true })
    expect(searchPageIndexing(page('mekko', null), 'fi')).toEqual({ noindex: true })
    expect(searchPageIndexing(page('   ', answer(5)), 'fi')).toEqual({ noindex: true })
  })
})

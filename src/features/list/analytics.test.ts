import { describe, expect, it } from 'vitest'
import { makeStore } from '../../app/store'
import type { ListProduct } from '../../ui/product-card-data'
import { listAnalyticsName, newlyShownProducts, recordListImpressions, recordProductClick } from './analytics'
import type { ListPageData } from './query'

const product = (productId: number) =>
  ({ productId, articleNumber: `LU${productId}`, name: `P${productId}` }) as ListProduct

function page(overrides: Partial<ListPageData>): ListPageData {
  return {
    info: null,
    searchText: null,
    count: 100,
    products: [],
    facets: [],
    priceRange: null,
    selection: { page: 1 },
    defaultSort: 'LATEST',
    sorts: [],
    firstPage: 1,
    pageSize: 24,
    ...overrides,
  } as unknown as ListPageData
}

describe('list analytics', () => {
  it('names the list by search, list name or route', () => {
    expect(listAnalyticsName('search', { info: null, searchText: 'mekko' })).toBe('search: mekko')
    expect(
      listAnalyticsName('category', { info: { name: 'Mekot' } as ListPageData['info'], searchText: null }),
    ).toBe('category: Mekot')
    expect(listAnalyticsName('bestsellers', { info: null, searchText: null })).toBe('bestsellers')
  })

  it('after "load more" takes only the page just added, numbered from the list start', () => {
    const products = Array.from({ length: 48 }, (_, i) => product(i + 1))
    const shown = newlyShownProducts(page({ products, selection: { page: 2 } as ListPageData['selection'] }))
    expect(shown).toHaveLength(24)
    expect(shown[0]).toMatchObject({ product: { productId: 25 }, index: 25 })
  })

  it('records the search and one impression per product, then a click with its position', () => {
    const store = makeStore(undefined, { devTools: false })
    const products = [product(1), product(2), product(3)]
    recordListImpressions(store.dispatch, 'search', page({ products, searchText: 'mekko' }))
    recordProductClick(store.dispatch, 'search: mekko', products, 2, 1)
    const queue = store.getState().events.queue
    expect(queue.map((event) => event.type)).toEqual([
      'search',
      'product:impression',
      'product:impression',
      'product:impression',
      'product:click',
    ])
    expect(queue[0]?.payload).toEqual({ searchTerm: 'mekko' })
    expect(queue[4]?.payload).toMatchObject({
      listName: 'search: mekko',
      index: 2,
      product: { productId: 2 },
    })
  })
})

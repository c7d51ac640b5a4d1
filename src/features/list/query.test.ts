import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../app/global-slice'
import { parseListSearch } from '../../lib/list-url'
import {
  MAX_WINDOW_PAGES,
  PAGE_SIZE,
  isFacetId,
  listDefaultSort,
  pageWindow,
  productsFilter,
  sortsFor,
} from './query'
import { pageNumbers } from '../../ui/ListPage'

describe('products query filter', () => {
  it('sends the chosen facets with BY_GROUP counts, the price range and the sort', () => {
    const selection = parseListSearch('brands=Aurora~b_3&p-Väri=Musta~p_1_black&price=20-80&sort=PRICE')
    expect(productsFilter(selection, 'LATEST')).toEqual({
      facets: ['b_3', 'p_1_black'],
      sort: 'PRICE',
      filterMode: 'BY_GROUP',
      price: { lowest: 20, highest: 80 },
    })
  })

  it('uses the default sort and CURRENT counts without a selection, and adds the search text', () => {
    expect(productsFilter(parseListSearch(''), 'RELEVANCE', 'mekko')).toEqual({
      facets: [],
      sort: 'RELEVANCE',
      filterMode: 'CURRENT',
      searchText: 'mekko',
    })
  })

  it('drops ids of no facet form the API knows, so an edited URL cannot break the page', () => {
    expect(['c_12', 'b_3', 'dc_2', 'sk_38', 'di_21-30', 'p_1_black'].every(isFacetId)).toBe(true)
    expect(['12', 'c_x', 'c_0', 'zz', 'p_1', 'di_'].some(isFacetId)).toBe(false)
    expect(productsFilter(parseListSearch('brands=Bad~zz,Good~b_1'), 'LATEST').facets).toEqual(['b_1'])
  })
})

describe('paging window', () => {
  it('shows every page up to the URL page, at most eight pages', () => {
    expect(pageWindow(1)).toEqual({ firstPage: 1, skip: 0, take: PAGE_SIZE })
    expect(pageWindow(3)).toEqual({ firstPage: 1, skip: 0, take: 3 * PAGE_SIZE })
    expect(pageWindow(10)).toEqual({ firstPage: 3, skip: 2 * PAGE_SIZE, take: MAX_WINDOW_PAGES * PAGE_SIZE })
    expect(pageWindow(10).take).toBeLessThanOrEqual(200)
  })

  it('numbers the page links around the current page', () => {
    expect(pageNumbers(1, 1)).toEqual([1])
    expect(pageNumbers(1, 13)).toEqual([1, 2, 3, null, 13])
    expect(pageNumbers(6, 13)).toEqual([1, null, 4, 5, 6, 7, 8, null, 13])
    expect(pageNumbers(13, 13)).toEqual([1, null, 11, 12, 13])
  })
})

describe('default sort', () => {
  it('follows the spec: custom routes, relevance for search, each special list its own, else the configured default', () => {
    expect(listDefaultSort('category', undefined, DEFAULT_CONFIG)).toBe('LATEST')
    expect(listDefaultSort('search', undefined, DEFAULT_CONFIG)).toBe('RELEVANCE')
    expect(listDefaultSort('bestsellers', 'bestsellers', DEFAULT_CONFIG)).toBe('MOST_SOLD')
    expect(listDefaultSort('list', 'sale', DEFAULT_CONFIG)).toBe('PRICE')
    expect(
      listDefaultSort('category', undefined, {
        ...DEFAULT_CONFIG,
        customSortRoutes: [{ routeName: 'category', sort: 'PRICE_DESC' }],
      }),
    ).toBe('PRICE_DESC')
    expect(sortsFor('category')).not.toContain('RELEVANCE')
    expect(sortsFor('search')).toContain('RELEVANCE')
  })
})

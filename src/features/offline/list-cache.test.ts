import { afterEach, describe, expect, it } from 'vitest'
import { emptySelection, type ListSelection } from '../../lib/list-url'
import type { ListProduct } from '../../ui/product-card-data'
import type { ListPageData } from '../list/query'
import { forgetLists, listFromCache, matchesSelection, rememberList, unsupportedFilters } from './list-cache'

function product(productId: number, brandId: number, price: number, discount = 0): ListProduct {
  return {
    productId,
    alias: `p-${productId}`,
    name: `Product ${productId}`,
    canonicalUrl: `/p/p-${productId}`,
    brand: { brandId, name: `Brand ${brandId}` },
    productImages: [],
    unitPrice: {
      isDiscounted: discount > 0,
      sellingPriceIncVat: price,
      discountPercentage: discount,
    },
    stockStatus: 'IN_STOCK',
    badges: [],
    incoming: false,
  } as unknown as ListProduct
}

function page(products: ListProduct[], selection: Partial<ListSelection> = {}): ListPageData {
  return {
    info: null,
    searchText: null,
    count: 100,
    products,
    facets: [],
    priceRange: null,
    selection: { ...emptySelection(), ...selection },
    defaultSort: 'LATEST',
    sorts: ['LATEST', 'PRICE'],
    firstPage: 1,
    pageSize: 24,
  }
}

const A = product(1, 7, 40)
const B = product(2, 8, 90, 35)
const C = product(3, 7, 120, 8)

afterEach(() => forgetLists())

describe('an offline list from the products already loaded', () => {
  it('is null for a list never seen', () => {
    expect(listFromCache('/fi/c/mekot', emptySelection())).toBeNull()
  })

  it('filters by brand, price and discount band, and says it was made offline', () => {
    rememberList('/fi/c/mekot', page([A, B, C]))
    const byBrand = listFromCache('/fi/c/mekot', {
      ...emptySelection(),
      brands: [{ id: 'b_7', label: 'Brand 7' }],
    })
    expect(byBrand?.products.map((p) => p.productId)).toEqual([1, 3])
    expect(byBrand).toMatchObject({ count: 2, offline: { unsupportedFilters: [] } })

    const byPrice = listFromCache('/fi/c/mekot', {
      ...emptySelection(),
      price: [{ id: '50-100', label: '50-100' }],
    })
    expect(byPrice?.products.map((p) => p.productId)).toEqual([2])

    const byDiscount = listFromCache('/fi/c/mekot', {
      ...emptySelection(),
      discount: [{ id: 'di_31-40', label: '31–40 %' }],
    })
    expect(byDiscount?.products.map((p) => p.productId)).toEqual([2])
  })

  it('sorts by price and shows every product loaded so far ("load more" answers from them)', () => {
    rememberList('/fi/c/mekot', page([C, A]))
    rememberList('/fi/c/mekot', page([C, A, B], { page: 2 }))
    const sorted = listFromCache('/fi/c/mekot', { ...emptySelection(), sort: 'PRICE_DESC', page: 3 })
    expect(sorted?.products.map((p) => p.productId)).toEqual([3, 2, 1])
    expect(sorted).toMatchObject({ firstPage: 1, count: 3 })
  })

  it('names the filters a product card cannot answer', () => {
    const selection: ListSelection = {
      ...emptySelection(),
      skus: [{ id: 'sk_38', label: '38' }],
      parameters: { Väri: [{ id: 'p_1_black', label: 'Musta' }] },
    }
    expect(unsupportedFilters(selection)).toEqual(['skus', 'parameters'])
    rememberList('/fi/c/mekot', page([A]))
    expect(listFromCache('/fi/c/mekot', selection)?.offline).toEqual({
      unsupportedFilters: ['skus', 'parameters'],
    })
  })

  it('never keeps a page it made itself', () => {
    rememberList('/fi/c/mekot', page([A]))
    const offline = listFromCache('/fi/c/mekot', {
      ...emptySelection(),
      brands: [{ id: 'b_8', label: 'Brand 8' }],
    })
    expect(offline?.products).toEqual([])
    rememberList('/fi/c/mekot', offline!)
    expect(listFromCache('/fi/c/mekot', emptySelection())?.products).toEqual([A])
  })

  it('matches a card without a discount to no discount band', () => {
    expect(matchesSelection(A, { ...emptySelection(), discount: [{ id: 'di_0-5', label: '0–5 %' }] })).toBe(
      false,
    )
  })
})

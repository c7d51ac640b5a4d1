/**
 * The search page's analytics (docs/product-rules.md#search): the search itself (GA4 `search`), its products as
 * impressions of the list `search: {term}` and a click on one as `select_item` — the same events,
 * list name and item shape as the other list pages (src/features/list/analytics.ts), from the
 * search service's products.
 */
import { shopEventRecorded } from '../events/slice'
import type { Product, ProductGroup } from '../../shared/search-api'

type Dispatch = (action: ReturnType<typeof shopEventRecorded>) => unknown

export const searchListName = (term: string) => `search: ${term}`

/** A service product as the analytics mapping reads products (article number, name, brand, prices). */
export function analyticsProductOf(product: Product) {
  return {
    articleNumber: product.key,
    name: product.title,
    brand: { name: product.brand },
    unitPrice: {
      sellingPriceIncVat: product.sellingPrice.min,
      regularPriceIncVat: product.listPrice.min,
    },
  }
}

/** The search and the products shown on its page; `firstIndex` is the 1-based position of the first. */
export function recordSearchPage(
  dispatch: Dispatch,
  term: string,
  groups: readonly ProductGroup[],
  firstIndex: number,
): void {
  dispatch(shopEventRecorded({ type: 'search', payload: { searchTerm: term } }))
  const listName = searchListName(term)
  groups.forEach((group, position) => {
    const product = group.products[0]
    if (!product) return
    dispatch(
      shopEventRecorded({
        type: 'product:impression',
        payload: { product: analyticsProductOf(product), listName, index: firstIndex + position },
      }),
    )
  })
}

export function recordSearchClick(dispatch: Dispatch, term: string, product: Product, index: number): void {
  dispatch(
    shopEventRecorded({
      type: 'product:click',
      payload: { product: analyticsProductOf(product), listName: searchListName(term), index },
    }),
  )
}

/**
 * A list page's analytics (docs/product-rules.md#catalogue-and-lists, issue #13): the products a page shows are product
 * impressions (GA4 view_item_list, sent in batches of 4 by src/features/events/listeners.ts),
 * and a click on a card's link is product:click (select_item). Recorded by the page's loader,
 * so the first page's impressions travel from the server render like its page impression.
 */
import { shopEventRecorded } from '../events/slice'
import type { ListProduct } from '../../ui/product-card-data'
import type { ListPageData } from './query'

type Dispatch = (action: ReturnType<typeof shopEventRecorded>) => unknown

/** GA4's item_list_name: the list's own name, the search text, or the page's route name. */
export function listAnalyticsName(
  routeName: string,
  data: Pick<ListPageData, 'info' | 'searchText'>,
): string {
  if (data.searchText !== null) return `search: ${data.searchText}`
  return data.info?.name ? `${routeName}: ${data.info.name}` : routeName
}

/** The page of products just loaded (after "load more": only the newly added page). */
export function newlyShownProducts(
  data: Pick<ListPageData, 'products' | 'selection' | 'firstPage' | 'pageSize'>,
): { product: ListProduct; index: number }[] {
  const offset = Math.max(0, (data.selection.page - data.firstPage) * data.pageSize)
  return data.products
    .slice(offset)
    .map((product, i) => ({ product, index: (data.firstPage - 1) * data.pageSize + offset + i + 1 }))
}

export function recordListImpressions(dispatch: Dispatch, routeName: string, data: ListPageData): void {
  const listName = listAnalyticsName(routeName, data)
  if (data.searchText !== null)
    dispatch(shopEventRecorded({ type: 'search', payload: { searchTerm: data.searchText } }))
  for (const { product, index } of newlyShownProducts(data))
    dispatch(shopEventRecorded({ type: 'product:impression', payload: { product, listName, index } }))
}

export function recordProductClick(
  dispatch: Dispatch,
  listName: string,
  products: readonly ListProduct[],
  productId: number,
  firstIndex: number,
): void {
  const position = products.findIndex((product) => product.productId === productId)
  const product = products[position]
  if (!product) return
  dispatch(
    shopEventRecorded({
      type: 'product:click',
      payload: { product, listName, index: firstIndex + position },
    }),
  )
}

/**
 * What a rendered page shows, as the tags the server's page cache indexes it by
 * (docs/adr/0014-page-cache.md). The database triggers of migration 0600 send the same tags when
 * the data behind them changes:
 * - `product:<id>`: every product in the page's Apollo cache (its price, stock line, texts);
 * - `list`: the page shows a product list or could show a product that does not exist yet (404);
 * - `catalogue`: the page shows products or prices, which a discount campaign changes;
 * - `content`: the page shows a content page, or could (404).
 */
import type { NormalizedCacheObject } from '@apollo/client'
import type { RouteName } from '../shared/paths'

const PRODUCT_ENTITY = /^ProductType:\{"productId":(\d+)\}$/
// runningCampaigns counts a campaign's products: a list change or a campaign change alters it.
const LIST_FIELDS = /^(products|runningCampaigns|listPageInfo|brands|categories|relatedProducts)\b/
const PRODUCT_FIELDS = /^(product|reviews)\b/
const CONTENT_ROUTES = new Set<RouteName | string>(['content', 'content-page', 'inspiration'])

export function cacheTagsOf(
  apolloState: NormalizedCacheObject,
  { routeName, status }: { routeName: string; status: number },
): string[] {
  const tags = new Set<string>()
  for (const id of Object.keys(apolloState)) {
    const product = PRODUCT_ENTITY.exec(id)
    if (product) tags.add(`product:${product[1]}`).add('catalogue')
  }
  for (const field of Object.keys(apolloState.ROOT_QUERY ?? {})) {
    if (LIST_FIELDS.test(field)) tags.add('list').add('catalogue')
    else if (PRODUCT_FIELDS.test(field)) tags.add('catalogue')
  }
  if (CONTENT_ROUTES.has(routeName)) tags.add('content')
  if (status === 404) tags.add('list').add('content')
  return [...tags].sort()
}

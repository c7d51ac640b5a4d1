/**
 * Loading the saved products for the favourites page. The ids live in the browser (local storage,
 * restored into the store after hydration), so the products are fetched on demand through the
 * page's Apollo client (docs/adr/0006-data-loading.md) with `filter.productIds`, which keeps the
 * input order. Only ids not loaded yet are fetched, in pages of at most 200 (the API's `take`
 * limit), so adding a favourite in another tab fetches one product and removing one fetches none.
 */
import type { FavoriteId } from '../../app/global-slice'

/** The API's `take` limit per products query. */
export const FAVOURITES_PAGE_SIZE = 200

/** The commerce API identifies products by integer ids; other ids cannot be looked up. */
export function productIdsOf(favorites: readonly FavoriteId[]): number[] {
  return favorites.filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)
}

/** The ids to fetch: saved, not loaded yet, not already known to be missing. */
export function missingIds(
  ids: readonly number[],
  loaded: ReadonlyMap<number, unknown>,
  unknown: ReadonlySet<number>,
): number[] {
  return ids.filter((id) => !loaded.has(id) && !unknown.has(id))
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size))
  return result
}

/** The saved products in the favourites' own order (newest first); ids without a product are left out. */
export function orderedProducts<P>(ids: readonly number[], loaded: ReadonlyMap<number, P>): P[] {
  return ids.flatMap((id) => {
    const product = loaded.get(id)
    return product === undefined ? [] : [product]
  })
}

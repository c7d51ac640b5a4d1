/**
 * The favourites page's data: the saved ids from the store and their products from the commerce
 * API, fetched in the browser once the saved list is restored (see ./favourite-products.ts).
 */
import { useEffect, useRef, useState } from 'react'

import { useGetApollo } from '../../app/apollo-access'

import { runQuery } from '../../app/graphql'

import { useAppSelector } from '../../app/hooks'

import { selectFavorites } from '../../app/global-slice'

import { withListProductFields, type ListProduct } from '../../ui/product-card-data'

import favoriteProductsQuery from '../../graphql/operations/favorite-products'
import { chunks, FAVOURITES_PAGE_SIZE, missingIds, orderedProducts, productIdsOf } from './favourite-products'

export type FavouriteProductsStatus = 'restoring' | 'loading' | 'ready' | 'failed'

export interface FavouriteProducts {
  status: FavouriteProductsStatus
  /** the saved products in the favourites' order (newest first) */
  products: ListProduct[]
  /** fetch again after a failure */
  retry: () => void
}

const query = withListProductFields(favoriteProductsQuery)

export function useFavouriteProducts(): FavouriteProducts {
  const getApollo = useGetApollo()
  const favorites = useAppSelector(selectFavorites)
  // The saved list is restored by the store's listeners right after hydration, in the layout's
  // effect, which runs after this page's: the first browser render after mounting sees it.
  const [mounted, setMounted] = useState(false)
  const [loaded, setLoaded] = useState<ReadonlyMap<number, ListProduct>>(() => new Map())
  const unknown = useRef(new Set<number>())
  const [pending, setPending] = useState(false)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => setMounted(true), [])

  const ids = productIdsOf(favorites)
  const toFetch = mounted ? missingIds(ids, loaded, unknown.current) : []
  const fetchKey = toFetch.join(',')

  useEffect(() => {
    if (fetchKey === '') return
    let cancelled = false
    const wanted = fetchKey.split(',').map(Number)
    setPending(true)
    setFailed(false)
    void (async () => {
      try {
        const apollo = await getApollo()
        const pages = await Promise.all(
          chunks(wanted, FAVOURITES_PAGE_SIZE).map((productIds) =>
            runQuery(apollo, query, {
              productIds,
              take: productIds.length,
            }),
          ),
        )
        if (cancelled) return
        const found = new Map<number, ListProduct>()
        for (const page of pages) {
          for (const product of page.products?.products ?? [])
            if (product) found.set(product.productId, product)
        }
        for (const id of wanted) if (!found.has(id)) unknown.current.add(id)
        setLoaded((previous) => new Map([...previous, ...found]))
        setPending(false)
      } catch {
        if (cancelled) return
        setPending(false)
        setFailed(true)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [fetchKey, getApollo, attempt])

  const status: FavouriteProductsStatus = !mounted
    ? 'restoring'
    : failed
      ? 'failed'
      : pending || toFetch.length > 0
        ? 'loading'
        : 'ready'
  return {
    status,
    products: orderedProducts(ids, loaded),
    retry: () => setAttempt((count) => count + 1),
  }
}

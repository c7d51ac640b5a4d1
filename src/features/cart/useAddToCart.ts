/**
 * The add-to-cart interface for product pages and quick shop:
 * `const add = useAddToCart(); const result = await add({ skuId, quantity })` →
 * `{ ok: true }` or `{ ok: false, message }` (the message in the page's language).
 *
 * It creates the cart when there is none, adds through the addToCart mutation, updates the store
 * (so the cookie and other tabs follow) and opens the added-to-cart popup. The cart's thunks, API
 * and error rules load on the first add rather than with the product page: a product page is read
 * far more often than bought from, and its first-load JavaScript has a budget (docs/quality-bars.md#first-load-javascript).
 */
import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import { useGetApollo } from '../../app/apollo-access'
import { useAppDispatch } from '../../app/hooks'
import type { CartResult } from './hooks'
import { isNetworkFailure } from '../offline/connectivity'
import { useNeedsNetwork } from '../offline/useNeedsNetwork'

export type { CartResult }

export function useAddToCart(): (input: { skuId: number; quantity: number }) => Promise<CartResult> {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const getApollo = useGetApollo()
  const network = useNeedsNetwork()
  return useCallback(
    async (input: { skuId: number; quantity: number }) => {
      // offline: say so at once (toast and inline), the chosen size stays chosen
      const offline = network.guard('addToCart')
      if (offline) return { ok: false as const, message: offline }
      let cart: [typeof import('./thunks'), typeof import('./hooks')]
      try {
        cart = await Promise.all([import('./thunks'), import('./hooks')])
      } catch {
        // the chunk could not load (the network went): nothing was added, and the shopper is told so
        return { ok: false as const, message: network.explain('addToCart') }
      }
      const [{ addToCart }, { describeCartError }] = cart
      try {
        await dispatch(addToCart(getApollo, input))
        return { ok: true as const }
      } catch (error) {
        if (isNetworkFailure(error)) return { ok: false as const, message: network.explain('addToCart') }
        return { ok: false as const, message: describeCartError(intl, error, 'add') }
      }
    },
    [intl, dispatch, getApollo, network],
  )
}

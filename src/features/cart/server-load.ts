/**
 * docs/product-rules.md#cart server start: "load cart if a cart cookie exists". The server loads the shopper's cart
 * with the request's Apollo client, so the page arrives with the cart (the header's count, the
 * drawer) and the browser needs no Apollo to show it. A cart the API no longer has starts the
 * shopper with an empty cart; any other failure leaves the cart 'loading' for the browser, which
 * loads it with the spec's retry rule. The checkout page is the exception: its loader's
 * checkoutPreview brings the cart (features/checkout/thunks.ts), so the page prices it once.
 */
import type { ApolloClient } from '@apollo/client'
import type { AppStore } from '../../app/store'
import type { LocaleCode, MarketAlias } from '../../shared/markets'
import { fetchCart } from './api'
import { toCartApiError } from './errors'
import { isLostCart } from './rules'
import { cartLoaded, cartLost } from './slice'
import { asCartData } from './view'

export async function loadCartOnServer(
  store: Pick<AppStore, 'dispatch' | 'getState'>,
  apollo: Pick<ApolloClient, 'query'>,
  scope: { market: MarketAlias; locale: LocaleCode; allowExternalShippingFee?: boolean },
  log: (message: string, error: unknown) => void,
): Promise<void> {
  const id = store.getState().cart.id
  if (!id) return
  try {
    store.dispatch(cartLoaded(asCartData(await fetchCart(apollo, id, scope))))
  } catch (error) {
    const apiError = toCartApiError(error)
    if (isLostCart(apiError)) store.dispatch(cartLost(id))
    else log('[server-state] loading the cart failed; the browser will retry', apiError)
  }
}

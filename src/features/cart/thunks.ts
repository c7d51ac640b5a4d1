/**
 * The cart's actions against the commerce API. Each takes the page's lazy Apollo getter, runs
 * the operation in the checkout market (docs/product-rules.md#cart) and puts the answer into the store with
 * `cartLoaded`; the cookie, the other tabs and the shop events follow from that action in the
 * listeners (src/app/client/listeners.ts, ./listeners.ts), never from here.
 */
import type { ApolloClient } from '@apollo/client'
import type { AppDispatch, RootState } from '../../app/store'
import { addItem, fetchCart, mergeCart, setPromoCode, updateItem, type CartScope } from './api'
import { CartApiError, toCartApiError } from './errors'
import { isBonusVoucher, isLostCart } from './rules'
import { voucherIdSet } from '../loyalty/slice'
import { addedToCartShown, cartEmptied, cartLoaded, loadCart } from './slice'
import type { CartView } from './types'
import { asCartData } from './view'

export type GetCartApollo = () => Promise<Pick<ApolloClient, 'query' | 'mutate'>>

type Dispatch = AppDispatch
type GetState = () => RootState

export function cartScopeOf(state: RootState, allowExternalShippingFee = false): CartScope {
  return {
    market: state.channel.checkoutMarket,
    locale: state.channel.locale,
    ...(allowExternalShippingFee ? { allowExternalShippingFee } : {}),
  }
}

/** One cart creation at a time per store: two quick adds must not create two carts. */
const creating = new WeakMap<GetState, Promise<string>>()

async function ensureCartId(
  getApollo: GetCartApollo,
  dispatch: Dispatch,
  getState: GetState,
): Promise<string> {
  const known = getState().cart.id
  if (known) return known
  let pending = creating.get(getState)
  if (!pending) {
    pending = (async () => {
      const cart = await fetchCart(await getApollo(), null, cartScopeOf(getState()))
      dispatch(cartLoaded(asCartData(cart)))
      return cart.id
    })().finally(() => creating.delete(getState))
    creating.set(getState, pending)
  }
  return pending
}

/**
 * Runs a change on the shopper's cart, creating the cart first when there is none. A cart the
 * API no longer has (completed by a purchase in another tab, unknown) is replaced by a new one
 * and the change is tried once more on it.
 */
async function changeCart(
  getApollo: GetCartApollo,
  dispatch: Dispatch,
  getState: GetState,
  run: (apollo: Awaited<ReturnType<GetCartApollo>>, id: string, scope: CartScope) => Promise<CartView>,
): Promise<CartView> {
  const apollo = await getApollo()
  const id = await ensureCartId(getApollo, dispatch, getState)
  try {
    return await run(apollo, id, cartScopeOf(getState()))
  } catch (error) {
    const apiError = toCartApiError(error)
    if (!isLostCart(apiError)) throw apiError
    dispatch(cartEmptied())
    const freshId = await ensureCartId(getApollo, dispatch, getState)
    return run(apollo, freshId, cartScopeOf(getState()))
  }
}

/** Adds a size to the cart and opens the added-to-cart popup. Rejects with a CartApiError. */
export function addToCart(getApollo: GetCartApollo, input: { skuId: number; quantity: number }) {
  return async (dispatch: Dispatch, getState: GetState): Promise<CartView> => {
    const cart = await changeCart(getApollo, dispatch, getState, (apollo, id, scope) =>
      addItem(apollo, id, input, scope),
    )
    dispatch(cartLoaded(asCartData(cart)))
    dispatch(addedToCartShown(input))
    return cart
  }
}

/** Sets a line's quantity (absolute); 0 removes the line. */
export function setLineQuantity(getApollo: GetCartApollo, input: { skuId: number; quantity: number }) {
  return async (dispatch: Dispatch, getState: GetState): Promise<CartView> => {
    if (!getState().cart.id) throw new CartApiError('There is no cart to change', 'NOT_FOUND')
    const cart = await changeCart(getApollo, dispatch, getState, (apollo, id, scope) =>
      updateItem(apollo, id, input, scope),
    )
    dispatch(cartLoaded(asCartData(cart)))
    return cart
  }
}

/** Applies a promo code, gift code or bonus voucher; '' removes the code. */
export function applyPromoCode(getApollo: GetCartApollo, code: string) {
  return async (dispatch: Dispatch, getState: GetState): Promise<CartView> => {
    const cart = await changeCart(getApollo, dispatch, getState, (apollo, id, scope) =>
      setPromoCode(apollo, id, code.trim(), scope),
    )
    // docs/product-rules.md#cart: a bonus voucher's id is kept while the cart's code is that voucher (the cart
    // listener drops it when the code changes)
    if (cart.promoCode && isBonusVoucher(cart.promoCode)) dispatch(voucherIdSet(cart.promoCode))
    dispatch(cartLoaded(asCartData(cart)))
    return cart
  }
}

/**
 * Loads the cart in the browser (when the server could not, or the checkout market changed) with
 * the spec's retry rule (slice.ts `loadCart`: 1 s, 5 attempts, each resetting the cart).
 */
export function reloadCart(getApollo: GetCartApollo) {
  return (dispatch: Dispatch, getState: GetState) =>
    loadCart({
      fetchCart: async (id) => asCartData(await fetchCart(await getApollo(), id, cartScopeOf(getState()))),
    })(dispatch, getState)
}

/**
 * After a login on this device: the account's cart, with this device's cart merged into it,
 * becomes this device's cart (its id in the lumo-cart cookie through `cartLoaded`). A failure
 * keeps the device's own cart: the shopper loses nothing, the carts are merged at the next login.
 */
export function adoptAccountCart(getApollo: GetCartApollo) {
  return async (dispatch: Dispatch, getState: GetState): Promise<void> => {
    const deviceId = getState().cart.id
    try {
      const merged = await mergeCart(await getApollo(), deviceId, cartScopeOf(getState()))
      if (merged) dispatch(cartLoaded(asCartData(merged)))
    } catch (error) {
      console.warn('The account cart could not be merged at login', error)
    }
  }
}

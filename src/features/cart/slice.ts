/**
 * Cart (docs/product-rules.md#cart): empty or loaded. The server only knows the cart id (from `lumo-cart`) and
 * leaves the state 'loading' so the browser loads it; a failed load retries after 1 s up to 5
 * times, each retry resetting the cart. The broadcast and the cookie are listeners
 * (src/app/client/listeners.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { checkoutMarketChanged } from '../channel/slice'
import { loggedOut } from '../auth/slice'

/** The fields of the cart (docs/product-rules.md#cart) the state rules read; the rest of the API's cart rides along. */
export interface CartData {
  id: string
  promoCode?: string | null
  items: { skuId: number | string; quantity: number; [field: string]: unknown }[]
  summary?: {
    subTotal?: { regularPriceIncVat?: number | null; [field: string]: unknown } | null
    shipping?: {
      feeIncVat?: number | null
      shippingFeeIncVat?: number | null
      isDefault?: boolean | null
      [field: string]: unknown
    } | null
    total?: { sellingPriceIncVat?: number | null; [field: string]: unknown } | null
    [field: string]: unknown
  } | null
  [field: string]: unknown
}

export type CartStatus = 'empty' | 'loading' | 'loaded' | 'error'

export interface CartState {
  id: string | null
  data: CartData | null
  status: CartStatus
  retriesLeft: number
  /** the mini-cart drawer is open (this tab only) */
  drawerOpen: boolean
  /** the added-to-cart popup shows this line (this tab only) */
  added: { skuId: number; quantity: number } | null
  /** the cookie's cart id the server found unusable (completed, unknown), for the browser to drop */
  lostId: string | null
}

export const CART_MAX_RETRIES = 5
export const CART_RETRY_DELAY_MS = 1000

export const initialCartState: CartState = {
  id: null,
  data: null,
  status: 'empty',
  retriesLeft: CART_MAX_RETRIES,
  drawerOpen: false,
  added: null,
  lostId: null,
}

/** The longest cart id a cookie may carry; the server ignores a longer one. */
export const CART_ID_MAX_LENGTH = 200

/**
 * What the browser does with the cart cookie when the page's state has no cart: drop one the
 * server found unusable (or could not use), load one the page never saw. The second is a cart
 * made after the page was rendered (another tab, a sign-in elsewhere), which must not be lost.
 */
export function strayCartCookie(cart: CartState, cookie: string | undefined): 'drop' | 'load' | null {
  if (cart.status !== 'empty' || cookie === undefined) return null
  return cookie.length > CART_ID_MAX_LENGTH || cookie === cart.lostId ? 'drop' : 'load'
}

export function cartItemCount(cart: CartData | null): number {
  return cart ? cart.items.reduce((sum, item) => sum + item.quantity, 0) : 0
}

function shippingFee(cart: CartData | null): number | null {
  const shipping = cart?.summary?.shipping
  return shipping?.feeIncVat ?? shipping?.shippingFeeIncVat ?? null
}

/** docs/product-rules.md#cart: item count, shipping fee, total or the shipping default flag differ. */
export function cartChanged(before: CartData | null, after: CartData | null): boolean {
  return (
    cartItemCount(before) !== cartItemCount(after) ||
    shippingFee(before) !== shippingFee(after) ||
    (before?.summary?.total?.sellingPriceIncVat ?? null) !==
      (after?.summary?.total?.sellingPriceIncVat ?? null) ||
    (before?.summary?.shipping?.isDefault ?? null) !== (after?.summary?.shipping?.isDefault ?? null)
  )
}

/** docs/product-rules.md#cart: the regular subtotal or the promo code differ. */
export function cartItemsChanged(before: CartData | null, after: CartData | null): boolean {
  return (
    (before?.summary?.subTotal?.regularPriceIncVat ?? null) !==
      (after?.summary?.subTotal?.regularPriceIncVat ?? null) ||
    (before?.promoCode ?? null) !== (after?.promoCode ?? null)
  )
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** Server start: a known id is loaded by the browser; no id is an empty cart. */
    cartRestored(state, action: PayloadAction<string | null>) {
      state.id = action.payload
      state.data = null
      state.status = action.payload ? 'loading' : 'empty'
      state.retriesLeft = CART_MAX_RETRIES
    },
    cartLoadStarted(state) {
      state.status = 'loading'
    },
    cartLoaded(state, action: PayloadAction<CartData>) {
      state.id = action.payload.id
      state.data = action.payload
      state.status = 'loaded'
      state.retriesLeft = CART_MAX_RETRIES
    },
    /** One retry spent: the cart is reset (a fresh cart is created on the next load) and loads again. */
    cartRetryScheduled(state) {
      state.retriesLeft = Math.max(0, state.retriesLeft - 1)
      state.id = null
      state.data = null
      state.status = 'loading'
    },
    cartLoadFailed(state) {
      state.status = 'error'
    },
    /** The server start's cart id is one the API no longer has: an empty cart, its cookie dropped. */
    cartLost(state, action: PayloadAction<string>) {
      state.id = null
      state.data = null
      state.status = 'empty'
      state.lostId = action.payload
    },
    /** Logout, purchase, or an unusable id: a new empty cart. */
    cartEmptied(state) {
      state.id = null
      state.data = null
      state.status = 'empty'
      state.retriesLeft = CART_MAX_RETRIES
    },
    cartDrawerOpened(state) {
      state.drawerOpen = true
      state.added = null
    },
    cartDrawerClosed(state) {
      state.drawerOpen = false
    },
    /** The added-to-cart popup (docs/product-rules.md#cart) for the line just added. */
    addedToCartShown(state, action: PayloadAction<{ skuId: number; quantity: number }>) {
      state.added = action.payload
      state.drawerOpen = false
    },
    addedToCartClosed(state) {
      state.added = null
    },
  },
  extraReducers: (builder) => {
    // docs/product-rules.md#cart: a checkout-market change reloads the cart
    builder.addCase(checkoutMarketChanged, (state) => {
      if (state.id) state.status = 'loading'
    })
    // docs/product-rules.md#cart logout empties the cart
    builder.addCase(loggedOut, () => initialCartState)
  },
})

export const {
  cartRestored,
  cartLost,
  cartLoadStarted,
  cartLoaded,
  cartRetryScheduled,
  cartLoadFailed,
  cartEmptied,
  cartDrawerOpened,
  cartDrawerClosed,
  addedToCartShown,
  addedToCartClosed,
} = cartSlice.actions
export const cartReducer = cartSlice.reducer

type CartThunkDispatch = (action: { type: string; payload?: unknown }) => unknown

export interface LoadCartOptions {
  fetchCart: (id: string | null) => Promise<CartData>
  /** waits between retries; injectable so tests need no real time */
  wait?: (ms: number) => Promise<void>
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Loads the cart with the spec's retry rule: after 1 s, up to 5 more attempts, each resetting the cart. */
export function loadCart({ fetchCart, wait = realWait }: LoadCartOptions) {
  return async (
    dispatch: CartThunkDispatch,
    getState: () => { cart: CartState },
  ): Promise<CartData | null> => {
    dispatch(cartLoadStarted())
    for (;;) {
      try {
        const cart = await fetchCart(getState().cart.id)
        dispatch(cartLoaded(cart))
        return cart
      } catch {
        if (getState().cart.retriesLeft <= 0) {
          dispatch(cartLoadFailed())
          return null
        }
        dispatch(cartRetryScheduled())
        await wait(CART_RETRY_DELAY_MS)
      }
    }
  }
}

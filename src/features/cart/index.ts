/**
 * The cart feature's public interface.
 *
 * - `useAddToCart()` for product pages and quick shop (see ./useAddToCart.ts).
 * - `CartLines`, `CartSummary`, `PromoCodeForm`, `FreeShippingProgress`, `MinimumOrderNotice`:
 *   the cart section of the checkout page (each reads the cart from the store).
 * - `useCart()`, `useSetLineQuantity()`, `useApplyPromoCode()` and the thunks for other callers.
 */
export { useAddToCart } from './useAddToCart'
export { useApplyPromoCode, useCart, useCartItemCount, useSetLineQuantity, type CartResult } from './hooks'
export { CartLines } from './CartLines'
export { CartSummary } from './CartSummary'
export { PromoCodeForm } from './PromoCodeForm'
export { FreeShippingProgress } from './FreeShippingProgress'
export { MinimumOrderNotice } from './MinimumOrderNotice'
export { addToCart, applyPromoCode, reloadCart, setLineQuantity, cartScopeOf } from './thunks'
export type { CartView, CartItem } from './types'

/**
 * Checkout (undistracted layout): the cart, the customer form, delivery, payment and the order.
 * The loader prices the shopper's cart with checkoutPreview (saving nothing) into the checkout
 * state, and on the server into the cart state too, so the page renders with its options and its
 * cart from one pricing (ADR 0042); the page keeps them current as the shopper chooses.
 */
import type { PageLoader } from '../app/route-types'
import { messageMeta } from '../ui/page-meta'
import { CheckoutPage } from '../features/checkout/CheckoutPage'

export const loader: PageLoader<null> = async ({ apollo, store, market }) => {
  // the operations are the checkout page's lazy chunk: a page hydrating here does not need them
  const { loadCheckout } = await import('../features/checkout/thunks')
  await store.dispatch(loadCheckout(apollo, market))
  return null
}

export const meta = messageMeta({
  title: 'page.checkout.title',
  description: 'page.checkout.intro',
  noindex: true,
})
export const Component = CheckoutPage

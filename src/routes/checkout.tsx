/**
 * Checkout (undistracted layout): the cart, the customer form, delivery, payment and the order.
 * The loader prices the shopper's cart with checkoutPreview (saving nothing) into the checkout
 * state, and on the server into the cart state too, so the page renders with its options and its
 * cart from one pricing (ADR 0042); the page keeps them current as the shopper chooses.
 * Only the empty checkout, the one a crawler (who has no cart) sees, asks not to be indexed
 * (ADR 0049): with items the page is the shopper's own and no crawler can fetch it.
 */
import type { PageLoader, PageMeta } from '../app/route-types'
import { CheckoutPage } from '../features/checkout/CheckoutPage'

interface CheckoutLoaderData {
  /** no cart to check out: what a crawler gets */
  empty: boolean
}

export const loader: PageLoader<CheckoutLoaderData> = async ({ apollo, store, market }) => {
  // the operations are the checkout page's lazy chunk: a page hydrating here does not need them
  const { loadCheckout } = await import('../features/checkout/thunks')
  await store.dispatch(loadCheckout(apollo, market))
  return { empty: store.getState().checkout.load === 'empty' }
}

// without the loader's answer (a page the router has not loaded yet) it stays out of the index
export const meta: PageMeta<CheckoutLoaderData | undefined> = ({ data, intl }) => ({
  title: intl.formatMessage({ id: 'page.checkout.title' }),
  description: intl.formatMessage({ id: 'page.checkout.intro' }),
  noindex: data?.empty !== false,
})
export const Component = CheckoutPage

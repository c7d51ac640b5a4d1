/** Checkout (undistracted layout): the cart, the customer form, delivery, payment and the order. */
import { messageMeta } from '../ui/page-meta'
import { CheckoutPage } from '../features/checkout/CheckoutPage'

export const meta = messageMeta({
  title: 'page.checkout.title',
  description: 'page.checkout.intro',
  noindex: true,
})
export const Component = CheckoutPage

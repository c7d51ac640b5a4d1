/** Checkout (undistracted layout): the purchase's own page; the cart and forms come with the checkout feature. */
import { SHOP_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.checkout.title',
  intro: 'page.checkout.intro',
  links: [{ to: 'home', label: 'nav.backToShop' }, ...SHOP_LINKS],
  noindex: true,
})

export const meta = page.meta
export const Component = page.Component

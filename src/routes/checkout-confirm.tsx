/** Checkout confirmation (undistracted-special layout). */
import { SHOP_PROMISES } from '../app/i18n'
import { SHOP_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.checkoutConfirm.title',
  intro: 'page.checkoutConfirm.intro',
  values: { hours: SHOP_PROMISES.orderEmailHours },
  links: SHOP_LINKS,
  noindex: true,
})

export const meta = page.meta
export const Component = page.Component

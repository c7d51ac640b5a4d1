/** Incoming products (spec §1): products coming soon, with back-in-stock notification. */
import { SHOP_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.incoming.title',
  intro: 'page.incoming.intro',
  links: SHOP_LINKS,
})

export const meta = page.meta
export const Component = page.Component

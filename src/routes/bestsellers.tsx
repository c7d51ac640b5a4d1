/** Bestsellers (spec §1): the products selling best right now. */
import { SHOP_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.bestsellers.title',
  intro: 'page.bestsellers.intro',
  links: SHOP_LINKS,
})

export const meta = page.meta
export const Component = page.Component

/** Favourites (spec §1): the shopper's saved products; the list itself comes with the favourites feature. */
import { SHOP_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.favourites.title',
  intro: 'page.favourites.intro',
  links: SHOP_LINKS,
  noindex: true,
})

export const meta = page.meta
export const Component = page.Component

/** Style gallery (members only: the check-is-member middleware answers 404 to others). */
import { SHOP_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.styleGallery.title',
  intro: 'page.styleGallery.intro',
  links: SHOP_LINKS,
})

export const meta = page.meta
export const Component = page.Component

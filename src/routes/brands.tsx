/** Brands index (spec §1): every brand of the range. */
import { SHOP_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.brands.title',
  intro: 'page.brands.intro',
  links: SHOP_LINKS,
})

export const meta = page.meta
export const Component = page.Component

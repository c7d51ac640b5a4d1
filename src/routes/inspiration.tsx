/** Inspiration articles `/inspiration/{alias}`: the section's page until articles are published; kept out of the index. */
import { SHOP_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.inspiration.title',
  intro: 'page.inspiration.intro',
  links: SHOP_LINKS,
  noindex: true,
})

export const meta = page.meta
export const Component = page.Component

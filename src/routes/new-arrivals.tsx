/** New arrivals (spec §1): the latest products of the range. */
import { SHOP_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.newArrivals.title',
  intro: 'page.newArrivals.intro',
  links: SHOP_LINKS,
})

export const meta = page.meta
export const Component = page.Component

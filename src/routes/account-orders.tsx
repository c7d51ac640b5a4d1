/** Account orders (login required). */
import { ACCOUNT_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.accountOrders.title',
  intro: 'page.accountOrders.intro',
  links: ACCOUNT_LINKS,
  noindex: true,
})

export const meta = page.meta
export const Component = page.Component

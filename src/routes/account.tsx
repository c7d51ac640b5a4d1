/** Account landing page (login required): the way into the account's pages. */
import { ACCOUNT_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.account.title',
  intro: 'page.account.intro',
  links: ACCOUNT_LINKS,
  noindex: true,
})

export const meta = page.meta
export const Component = page.Component

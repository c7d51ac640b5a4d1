/** Account membership (login required): points and bonus vouchers of the loyalty programme. */
import { ACCOUNT_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.accountMembership.title',
  intro: 'page.accountMembership.intro',
  links: ACCOUNT_LINKS,
  noindex: true,
})

export const meta = page.meta
export const Component = page.Component

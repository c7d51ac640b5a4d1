/** Account settings (login required). */
import { ACCOUNT_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.accountSettings.title',
  intro: 'page.accountSettings.intro',
  links: ACCOUNT_LINKS,
  noindex: true,
})

export const meta = page.meta
export const Component = page.Component

/** Register a return (spec §1: digital returns registration, 14-day return right). */
import { SHOP_PROMISES } from '../app/i18n'
import { SHOP_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.registerReturn.title',
  intro: 'page.registerReturn.intro',
  values: { days: SHOP_PROMISES.returnDays },
  links: SHOP_LINKS,
})

export const meta = page.meta
export const Component = page.Component

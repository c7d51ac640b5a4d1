/** Password reset (spec §5: at least 7 characters). */
import { SHOP_PROMISES } from '../app/i18n'
import { SHOP_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.resetPassword.title',
  intro: 'page.resetPassword.intro',
  values: { min: SHOP_PROMISES.passwordMinLength },
  links: [{ to: 'account', label: 'nav.account' }, ...SHOP_LINKS],
  noindex: true,
})

export const meta = page.meta
export const Component = page.Component

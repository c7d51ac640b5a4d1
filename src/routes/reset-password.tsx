/**
 * Password reset (/account/reset-password?key=…, the link of the reset e-mail): a new password
 * and its confirmation (docs/product-rules.md#accounts-and-auth: at least 7 characters, the two match), sent with commitReset.
 * Without a key, or with an expired one, the page asks for a new link (docs/product-rules.md#accounts-and-auth).
 */
import { useIntl } from 'react-intl'
import { useSearchParams } from 'react-router'
import { SHOP_PROMISES } from '../app/i18n'
import { ResetPasswordForm } from '../features/account/ResetPasswordForm'
import { messageMeta } from '../ui/page-meta'
import '../features/account/account.css'

export const meta = messageMeta({
  title: 'page.resetPassword.title',
  description: 'page.resetPassword.intro',
  values: { min: SHOP_PROMISES.passwordMinLength },
  noindex: true,
})

export function Component() {
  const intl = useIntl()
  const [search] = useSearchParams()
  const key = search.get('key')
  return (
    <article className="account-guest">
      <h1>{intl.formatMessage({ id: 'page.resetPassword.title' })}</h1>
      <p className="page-intro">
        {intl.formatMessage({ id: 'page.resetPassword.intro' }, { min: SHOP_PROMISES.passwordMinLength })}
      </p>
      <ResetPasswordForm key={key ?? ''} resetKey={key && key.trim() !== '' ? key : null} />
    </article>
  )
}

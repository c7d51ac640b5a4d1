/**
 * /account for a guest: the way to log in (the login dialog of the session feature), to register,
 * and the 'forgot password' form.
 */
import { useIntl } from 'react-intl'
import { Link, useLocation } from 'react-router'
import { useSite } from '../../app/site'
import { ForgotPasswordForm } from './ForgotPasswordForm'
import '../checkout/checkout.css'
import './account.css'

export function GuestAccount() {
  const intl = useIntl()
  const location = useLocation()
  const { basename } = useSite()
  const returnTo = encodeURIComponent(basename.replace(/\/$/, '') + location.pathname)
  const text = (id: string) => intl.formatMessage({ id })
  return (
    <article className="account-guest">
      <h1>{text('page.account.title')}</h1>
      <p className="page-intro">{text('account.guest.intro')}</p>
      <p>
        <Link
          className="button"
          to={{ pathname: location.pathname, search: `?action=login&returnTo=${returnTo}` }}
        >
          {text('account.guest.login')}
        </Link>
      </p>
      <ForgotPasswordForm />
    </article>
  )
}

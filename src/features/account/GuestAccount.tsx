/**
 * /account for a guest: the login and the registration (the session feature's forms), and the
 * 'forgot password' form. Logged in, the page shows the customer's overview (src/routes/account.tsx
 * revalidates when the user changes).
 */
import { useIntl } from 'react-intl'
import { LoginForm } from '../auth/LoginForm'
import { RegisterForm } from '../auth/RegisterForm'
import { ForgotPasswordForm } from './ForgotPasswordForm'
import '../checkout/checkout.css'
import './account.css'

export function GuestAccount() {
  const intl = useIntl()
  const text = (id: string) => intl.formatMessage({ id })
  return (
    <article className="account-guest">
      <h1>{text('page.account.title')}</h1>
      <p className="page-intro">{text('account.guest.intro')}</p>
      <div className="account-guest__forms">
        <section aria-labelledby="account-login-title">
          <h2 id="account-login-title">{text('auth.login.title')}</h2>
          <LoginForm headingId="account-login-title" />
        </section>
        <section aria-labelledby="account-register-title">
          <h2 id="account-register-title">{text('auth.register.title')}</h2>
          <RegisterForm headingId="account-register-title" />
        </section>
      </div>
      <ForgotPasswordForm />
    </article>
  )
}

/**
 * The login dialog (modal id `login`): the login form, and the registration form one click
 * away. It opens for `?action=login&returnTo=…` (the login-required middleware's redirect) and
 * from the header's account link (LoginAction.tsx, AccountLink.tsx); once the shopper is logged
 * in it closes, and LoginAction goes on to `returnTo`.
 */
import { useId, useState } from 'react'
import { useIntl } from 'react-intl'
import type { ModalContentProps } from '../modal/ModalRoot'
import { LoginForm } from './LoginForm'
import { RegisterForm } from './RegisterForm'

export function LoginDialog({ titleId, close }: ModalContentProps) {
  const intl = useIntl()
  const [mode, setMode] = useState<'login' | 'register'>('login')
  const formHeading = useId()
  const text = (id: string) => intl.formatMessage({ id })
  return (
    <div className="auth-dialog">
      <h2 id={titleId}>{text(mode === 'login' ? 'auth.login.title' : 'auth.register.title')}</h2>
      {mode === 'login' ? (
        <LoginForm headingId={titleId} onLoggedIn={close} />
      ) : (
        <RegisterForm headingId={titleId} onRegistered={close} />
      )}
      <p className="auth-dialog__switch" id={formHeading}>
        <button
          type="button"
          className="link-button"
          onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
        >
          {text(mode === 'login' ? 'auth.switchToRegister' : 'auth.switchToLogin')}
        </button>
      </p>
    </div>
  )
}

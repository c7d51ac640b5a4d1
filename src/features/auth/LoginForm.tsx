/**
 * The login form (docs/product-rules.md#accounts-and-auth): e-mail, password and remember me (unchecked: a 30-minute
 * session, docs/product-rules.md#accounts-and-auth). Used by the login dialog and by the account page for a guest. The password
 * leaves the browser only as its digest (thunks.ts); a refusal is announced above the fields
 * ('Virheellinen sähköpostiosoite tai salasana'; after too many tries, how long to wait).
 */
import { useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch } from '../../app/hooks'
import { AuthField, CheckboxField } from './AuthField'
import { loginErrors } from './form-rules'
import { login } from './thunks'
import { useAuthForm } from './useAuthForm'
import './auth.css'

export interface LoginFormProps {
  /** called once the shopper is logged in */
  onLoggedIn?: () => void
  /** the id of the heading that names the form */
  headingId?: string
}

export function LoginForm({ onLoggedIn, headingId }: LoginFormProps) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const id = useId()
  const [rememberMe, setRememberMe] = useState(false)
  const text = (messageId: string, values?: Record<string, number>) =>
    intl.formatMessage({ id: messageId }, values)
  const form = useAuthForm({
    initial: { email: '', password: '' },
    validate: loginErrors,
    submit: (values) => dispatch(login({ email: values.email, password: values.password, rememberMe })),
    ...(onLoggedIn ? { onSuccess: onLoggedIn } : {}),
  })
  const error = (field: 'email' | 'password') => {
    const messageId = form.errors[field]
    return messageId ? text(messageId) : undefined
  }

  return (
    <form className="auth-form" noValidate aria-labelledby={headingId} onSubmit={form.onSubmit}>
      <div role="alert" className="auth-form__failure">
        {form.failure ? <p>{text(form.failure.messageId, form.failure.values)}</p> : null}
      </div>
      <AuthField
        id={`${id}-email`}
        inputRef={form.ref('email')}
        label={text('auth.field.email')}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        value={form.values.email}
        onValue={form.set('email')}
        error={error('email')}
      />
      <AuthField
        id={`${id}-password`}
        inputRef={form.ref('password')}
        label={text('auth.field.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={form.values.password}
        onValue={form.set('password')}
        error={error('password')}
      />
      <CheckboxField
        id={`${id}-remember`}
        label={text('auth.field.rememberMe')}
        checked={rememberMe}
        onChecked={setRememberMe}
      />
      <button type="submit" className="button" aria-disabled={form.sending || undefined}>
        {text('auth.login.submit')}
      </button>
    </form>
  )
}

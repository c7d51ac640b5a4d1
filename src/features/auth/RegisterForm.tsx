/**
 * The registration form (docs/product-rules.md#accounts-and-auth): e-mail, a password of at least 7 characters and its
 * confirmation, remember me and the newsletter consent. Registration answers alike for a new and
 * an existing e-mail and mails the address (ADR 0067); the form then logs in with the same
 * credentials, so a new shopper is logged in at once, and otherwise it asks the shopper to check
 * their e-mail. Used by the login dialog and by the account page for a guest.
 */
import { useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch } from '../../app/hooks'
import { useSite } from '../../app/site'
import { hrefFor } from '../../ui/RouteLink'
import { AuthField, CheckboxField } from './AuthField'
import { PASSWORD_MIN_LENGTH, registrationErrors } from './form-rules'
import { register } from './thunks'
import { useAuthForm } from './useAuthForm'
import './auth.css'

export interface RegisterFormProps {
  /** called once the account exists and the shopper is logged in */
  onRegistered?: () => void
  headingId?: string
}

type Field = 'email' | 'password' | 'passwordConfirm'

export function RegisterForm({ onRegistered, headingId }: RegisterFormProps) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const site = useSite()
  const id = useId()
  const [rememberMe, setRememberMe] = useState(false)
  const [newsletter, setNewsletter] = useState(false)
  const text = (messageId: string, values?: Record<string, number>) =>
    intl.formatMessage({ id: messageId }, values)
  const form = useAuthForm<Field>({
    initial: { email: '', password: '', passwordConfirm: '' },
    validate: registrationErrors,
    submit: (values) =>
      dispatch(
        register(
          { email: values.email, password: values.password, rememberMe },
          newsletter ? { newsletter: true } : undefined,
          { language: site.locale, accountPath: hrefFor(site, 'account') },
        ),
      ),
    ...(onRegistered ? { onSuccess: onRegistered } : {}),
  })
  const error = (field: Field) => {
    const messageId = form.errors[field]
    return messageId ? text(messageId, { min: PASSWORD_MIN_LENGTH }) : undefined
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
        autoComplete="email"
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
        name="new-password"
        autoComplete="new-password"
        value={form.values.password}
        onValue={form.set('password')}
        error={error('password')}
        hint={text('auth.field.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      />
      <AuthField
        id={`${id}-confirm`}
        inputRef={form.ref('passwordConfirm')}
        label={text('auth.field.passwordConfirm')}
        type="password"
        name="password-confirm"
        autoComplete="new-password"
        value={form.values.passwordConfirm}
        onValue={form.set('passwordConfirm')}
        error={error('passwordConfirm')}
      />
      <CheckboxField
        id={`${id}-remember`}
        label={text('auth.field.rememberMe')}
        checked={rememberMe}
        onChecked={setRememberMe}
      />
      <CheckboxField
        id={`${id}-newsletter`}
        label={text('auth.field.newsletter')}
        checked={newsletter}
        onChecked={setNewsletter}
      />
      <button type="submit" className="button" aria-disabled={form.sending || undefined}>
        {text('auth.register.submit')}
      </button>
    </form>
  )
}

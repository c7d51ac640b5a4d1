/**
 * The new password and its confirmation (docs/product-rules.md#accounts-and-auth: not empty, at least 7 characters, the two
 * match; the rules are the registration's, src/features/auth/form-rules.ts), shared by the
 * password change and the password reset. The form owns the values; this shows them with their
 * errors once a field was left or the form was sent.
 */
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { TextField } from '../checkout/fields'
import { newPasswordErrors, PASSWORD_MIN_LENGTH } from '../auth/form-rules'

export interface NewPassword {
  password: string
  confirmation: string
}

/** A message id as text; the password messages may use {min}. */
export function useMessage(): (id: string | undefined) => string | undefined {
  const intl = useIntl()
  return (id) => (id ? intl.formatMessage({ id }, { min: PASSWORD_MIN_LENGTH }) : undefined)
}

/** The first invalid field of a new password ('new' or 'confirm'), or null. */
export function firstInvalidNewPassword(value: NewPassword): 'new' | 'confirm' | null {
  const errors = newPasswordErrors(value.password, value.confirmation)
  return errors.password ? 'new' : errors.passwordConfirm ? 'confirm' : null
}

export function NewPasswordFields({
  prefix,
  value,
  onChange,
  showAll,
}: {
  /** the fields' name prefix, unique on the page */
  prefix: string
  value: NewPassword
  onChange: (value: NewPassword) => void
  showAll: boolean
}) {
  const intl = useIntl()
  const message = useMessage()
  const [touched, setTouched] = useState({ password: false, confirmation: false })
  const errors = newPasswordErrors(value.password, value.confirmation)
  return (
    <>
      <TextField
        name={`${prefix}-new`}
        type="password"
        autoComplete="new-password"
        label={intl.formatMessage({ id: 'account.password.new' })}
        hint={intl.formatMessage({ id: 'auth.field.passwordHint' }, { min: PASSWORD_MIN_LENGTH })}
        value={value.password}
        onValue={(password) => onChange({ ...value, password })}
        onBlur={() => setTouched((previous) => ({ ...previous, password: true }))}
        error={showAll || touched.password ? message(errors.password) : undefined}
        required
      />
      <TextField
        name={`${prefix}-confirm`}
        type="password"
        autoComplete="new-password"
        label={intl.formatMessage({ id: 'account.password.confirm' })}
        value={value.confirmation}
        onValue={(confirmation) => onChange({ ...value, confirmation })}
        onBlur={() => setTouched((previous) => ({ ...previous, confirmation: true }))}
        error={showAll || touched.confirmation ? message(errors.passwordConfirm) : undefined}
        required
      />
    </>
  )
}

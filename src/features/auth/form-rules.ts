/**
 * The login and registration forms' rules (docs/product-rules.md#accounts-and-auth), as message ids per field so the forms show
 * them in the shopper's language: a valid e-mail ('Sinun on annettava validi
 * sähköpostiosoite'), a password that is not empty ('Sinun on syötettävä salasana') and, when
 * registering, at least 7 characters (docs/product-rules.md#accounts-and-auth) and confirmed ('Salasanat eivät täsmää').
 */
import { isValidEmail } from '../../shared/validation/email'
import type { SessionError } from '../../shared/session'

/** docs/product-rules.md#accounts-and-auth: password minimum 7 characters. */
export const PASSWORD_MIN_LENGTH = 7

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

export interface LoginValues {
  email: string
  password: string
}

export interface RegistrationValues extends LoginValues {
  passwordConfirm: string
}

export function emailError(email: string): string | undefined {
  if (email.trim() === '') return 'validation.required'
  return isValidEmail(email) ? undefined : 'validation.email'
}

export function loginErrors(values: LoginValues): FieldErrors<keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {}
  const email = emailError(values.email)
  if (email) errors.email = email
  if (values.password === '') errors.password = 'validation.password.empty'
  return errors
}

/** A new password and its confirmation: registration, the password change and the reset. */
export function newPasswordErrors(
  password: string,
  passwordConfirm: string,
): FieldErrors<'password' | 'passwordConfirm'> {
  const errors: FieldErrors<'password' | 'passwordConfirm'> = {}
  if (password === '') errors.password = 'validation.password.empty'
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = 'validation.password.minLength'
  if (passwordConfirm === '') errors.passwordConfirm = 'validation.mandatory'
  else if (passwordConfirm !== password) errors.passwordConfirm = 'validation.password.mismatch'
  return errors
}

export function registrationErrors(values: RegistrationValues): FieldErrors<keyof RegistrationValues> {
  const errors: FieldErrors<keyof RegistrationValues> = {}
  const email = emailError(values.email)
  if (email) errors.email = email
  return { ...errors, ...newPasswordErrors(values.password, values.passwordConfirm) }
}

/** The message id of a refused call (the form shows it above its fields). */
export function sessionErrorMessage(error: SessionError | 'network' | 'check-email'): string {
  switch (error) {
    case 'check-email':
      return 'auth.register.checkEmail'
    case 'invalid-credentials':
      return 'auth.login.invalid'
    case 'account-exists':
      return 'auth.register.exists'
    case 'too-many-attempts':
      return 'auth.login.throttled'
    case 'wrong-password':
      return 'auth.password.wrong'
    default:
      return 'error.generic.text'
  }
}

/** Whole minutes until another try (one helper for every form that meets an abuse limit). */
export { retryMinutes } from '../../lib/too-many-attempts'

/**
 * The password rules of spec §5 as message ids of locales/*.json: not empty ('Sinun on syötettävä
 * salasana'), at least 7 characters (§9), and the confirmation must match ('Salasanat eivät
 * täsmää'). Used by the password change and the password reset.
 */
import { SHOP_PROMISES } from '../../app/i18n'

export const PASSWORD_MIN_LENGTH = SHOP_PROMISES.passwordMinLength

export interface MessageRef {
  id: string
  values?: Record<string, string | number>
}

/** The error of a password field; `checkLength` is false for the current password (any length). */
export function passwordError(password: string, checkLength = true): MessageRef | undefined {
  if (password === '') return { id: 'validation.password.empty' }
  if (checkLength && [...password].length < PASSWORD_MIN_LENGTH)
    return { id: 'validation.password.minLength', values: { min: PASSWORD_MIN_LENGTH } }
  return undefined
}

export function confirmationError(password: string, confirmation: string): MessageRef | undefined {
  if (confirmation === '') return { id: 'validation.password.empty' }
  return confirmation === password ? undefined : { id: 'validation.password.mismatch' }
}

export interface NewPasswordErrors {
  password?: MessageRef
  confirmation?: MessageRef
}

/** A new password and its confirmation (reset and change). */
export function newPasswordErrors(password: string, confirmation: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {}
  const first = passwordError(password)
  if (first) errors.password = first
  const second = confirmationError(password, confirmation)
  if (second) errors.confirmation = second
  return errors
}

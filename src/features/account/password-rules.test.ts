import { describe, expect, it } from 'vitest'
import { confirmationError, newPasswordErrors, passwordError, PASSWORD_MIN_LENGTH } from './password-rules'

describe('password rules (spec §5)', () => {
  it('asks for a password when it is empty', () => {
    expect(passwordError('')).toEqual({ id: 'validation.password.empty' })
    expect(passwordError('', false)).toEqual({ id: 'validation.password.empty' })
  })

  it('needs at least 7 characters, counted as characters rather than UTF-16 units', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(7)
    expect(passwordError('abcdef')).toEqual({ id: 'validation.password.minLength', values: { min: 7 } })
    expect(passwordError('abcdefg')).toBeUndefined()
    // six emoji are twelve UTF-16 units but six characters
    expect(passwordError('😀😀😀😀😀😀')?.id).toBe('validation.password.minLength')
  })

  it('does not judge the length of a current password', () => {
    expect(passwordError('abc', false)).toBeUndefined()
  })

  it('needs the confirmation to match', () => {
    expect(confirmationError('salasana1', '')).toEqual({ id: 'validation.password.empty' })
    expect(confirmationError('salasana1', 'salasana2')).toEqual({ id: 'validation.password.mismatch' })
    expect(confirmationError('salasana1', 'salasana1')).toBeUndefined()
  })

  it('gives each field of a new password its own error', () => {
    expect(newPasswordErrors('short', 'other')).toEqual({
      password: { id: 'validation.password.minLength', values: { min: 7 } },
      confirmation: { id: 'validation.password.mismatch' },
    })
    expect(newPasswordErrors('salasana1', 'salasana1')).toEqual({})
  })
})

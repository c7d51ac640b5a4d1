import { describe, expect, it } from 'vitest'
import { loginErrors, registrationErrors, retryMinutes, sessionErrorMessage } from './form-rules'

describe('loginErrors', () => {
  it('needs an e-mail and a password', () => {
    expect(loginErrors({ email: '', password: '' })).toEqual({
      email: 'validation.required',
      password: 'validation.password.empty',
    })
    expect(loginErrors({ email: 'not-an-address', password: 'x' })).toEqual({ email: 'validation.email' })
    expect(loginErrors({ email: 'a@b.fi', password: 'x' })).toEqual({})
  })
})

describe('registrationErrors', () => {
  it('asks for at least 7 characters and a matching confirmation', () => {
    expect(registrationErrors({ email: 'a@b.fi', password: '123456', passwordConfirm: '123456' })).toEqual({
      password: 'validation.password.minLength',
    })
    expect(registrationErrors({ email: 'a@b.fi', password: '1234567', passwordConfirm: '1234568' })).toEqual({
      passwordConfirm: 'validation.password.mismatch',
    })
    expect(registrationErrors({ email: 'a@b.fi', password: '1234567', passwordConfirm: '1234567' })).toEqual(
      {},
    )
  })

  it('says an empty password and confirmation are missing', () => {
    expect(registrationErrors({ email: 'a@b', password: '', passwordConfirm: '' })).toEqual({
      email: 'validation.email',
      password: 'validation.password.empty',
      passwordConfirm: 'validation.mandatory',
    })
  })
})

describe('sessionErrorMessage', () => {
  it('maps refusals to the spec’s messages and anything else to the generic one', () => {
    expect(sessionErrorMessage('invalid-credentials')).toBe('auth.login.invalid')
    expect(sessionErrorMessage('account-exists')).toBe('auth.register.exists')
    expect(sessionErrorMessage('too-many-attempts')).toBe('auth.login.throttled')
    expect(sessionErrorMessage('network')).toBe('error.generic.text')
  })

  it('rounds the wait up to whole minutes', () => {
    expect(retryMinutes(61)).toBe(2)
    expect(retryMinutes(1)).toBe(1)
    expect(retryMinutes(undefined)).toBe(15)
  })
})

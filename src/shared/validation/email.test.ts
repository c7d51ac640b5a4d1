import { describe, expect, it } from 'vitest'
import { isValidEmail } from './email'
import { isFilled } from './required'
import { isValidPhone } from './phone'
import { isCountryCode, isRealDate } from './country'

describe('isValidEmail', () => {
  it.each([
    'matti.meikalainen@example.com',
    'a+b@sub.example.fi',
    "o'connor@example.ie",
    ' aino@example.com ',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true)
  })

  it.each([
    'matti',
    'matti@',
    '@example.com',
    'matti@example',
    'matti@example.c',
    'matti..m@example.com',
    '.matti@example.com',
    'matti.@example.com',
    'matti meikalainen@example.com',
    'matti@exa mple.com',
    `${'a'.repeat(250)}@example.com`,
    '',
  ])('refuses %s', (email) => {
    expect(isValidEmail(email)).toBe(false)
  })
})

describe('isFilled', () => {
  it('needs something besides white space', () => {
    expect(isFilled('Matti')).toBe(true)
    expect(isFilled('  ')).toBe(false)
    expect(isFilled('')).toBe(false)
    expect(isFilled(null)).toBe(false)
    expect(isFilled(undefined)).toBe(false)
  })
})

describe('isValidPhone', () => {
  it.each(['+358 40 123 4567', '040-1234567', '08 (123) 456', '+4712345678'])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true)
  })
  it.each(['12345', '+358 40 123 4567 8901 2', 'call me', '040/1234567', ''])('refuses %s', (phone) => {
    expect(isValidPhone(phone)).toBe(false)
  })
})

describe('country helpers', () => {
  it('knows the four shop countries', () => {
    expect(['FI', 'SE', 'NO', 'DK'].every(isCountryCode)).toBe(true)
    expect(isCountryCode('DE')).toBe(false)
  })
  it('knows real dates, leap years included', () => {
    expect(isRealDate(2024, 2, 29)).toBe(true)
    expect(isRealDate(2023, 2, 29)).toBe(false)
    expect(isRealDate(1900, 2, 29)).toBe(false)
    expect(isRealDate(2000, 2, 29)).toBe(true)
    expect(isRealDate(2024, 4, 31)).toBe(false)
    expect(isRealDate(2024, 0, 1)).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { isValidEmail } from './email'

describe('isValidEmail', () => {
  it('accepts ordinary addresses, surrounding spaces trimmed', () => {
    expect(isValidEmail('aino.asiakas@example.com')).toBe(true)
    expect(isValidEmail(' sven+lumo@mail.example.se ')).toBe(true)
  })

  it('refuses what cannot be an address', () => {
    for (const value of [
      '',
      'aino',
      'aino@',
      '@example.com',
      'aino@example',
      'ai no@example.com',
      'a@@b.fi',
      'a@b..fi',
    ]) {
      expect(isValidEmail(value), value).toBe(false)
    }
  })

  it('refuses an address longer than 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(250)}@b.fi`)).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { sessionToken } from './csrf'

describe('sessionToken', () => {
  it.each([
    ['lumo-auth=abc', 'abc'],
    ['a=1; lumo-auth=abc; b=2', 'abc'],
    ['lumo-auth-refresh=zzz; lumo-auth=abc', 'abc'],
    ['lumo-auth=a%20b', 'a b'],
    ['lumo-auth=', undefined],
    ['other=1', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, value) => {
    expect(sessionToken(header)).toBe(value)
  })
})

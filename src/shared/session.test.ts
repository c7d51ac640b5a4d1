import { describe, expect, it } from 'vitest'
import { parseSessionUser, safeReturnPath } from './session'

describe('safeReturnPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnPath('/fi/account/orders?page=2#top')).toBe('/fi/account/orders?page=2#top')
  })

  it.each([
    ['https://evil.example/fi/'],
    ['//evil.example/fi/'],
    ['/\\evil.example'],
    ['/fi/\\x'],
    ['javascript:alert(1)'],
    ['fi/account'],
    ['/fi/\nLocation: x'],
    [''],
    [null],
    [undefined],
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull()
  })

  it('refuses a path over 2000 characters', () => {
    expect(safeReturnPath(`/${'a'.repeat(2000)}`)).toBeNull()
  })
})

describe('parseSessionUser', () => {
  it('takes the public fields and defaults an unknown customer type to a person', () => {
    expect(
      parseSessionUser({ id: 'u1', email: 'a@b.fi', customerType: 'ALIEN', memberType: '', extra: 1 }),
    ).toEqual({ id: 'u1', email: 'a@b.fi', customerType: 'PERSON', memberType: '' })
  })

  it('refuses a user without an id or with a bad e-mail', () => {
    expect(parseSessionUser({ email: 'a@b.fi' })).toBeNull()
    expect(parseSessionUser({ id: 'u1', email: 'nope' })).toBeNull()
    expect(parseSessionUser('x')).toBeNull()
  })
})

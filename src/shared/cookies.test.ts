// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import {
  COOKIE_MAX_AGE,
  COOKIES,
  deleteCookie,
  parseCookies,
  parsePersistedStates,
  readCookie,
  serialisePersistedStates,
  serializeClientCookie,
  userCookieMaxAge,
  writeCookie,
} from './cookies'

describe('cookie names and lifetimes', () => {
  it('uses the lumo- prefix for every cookie', () => {
    for (const name of Object.values(COOKIES)) expect(name).toMatch(/^lumo-/)
    expect(COOKIES.auth).toBe('lumo-auth')
    expect(COOKIES.persistedStates).toBe('lumo-persisted-states')
  })

  it('has the spec lifetimes', () => {
    expect(COOKIE_MAX_AGE.cart * 1000).toBe(31_536_000_000)
    expect(COOKIE_MAX_AGE.market * 1000).toBe(31_536_000_000)
    expect(COOKIE_MAX_AGE.loyalty * 1000).toBe(31_536_000_000)
    expect(userCookieMaxAge(true)).toBe(604_800)
    expect(userCookieMaxAge(false)).toBe(1800)
    expect(COOKIE_MAX_AGE.token).toBe(7 * 24 * 3600)
  })
})

describe('cookie parsing and writing', () => {
  afterEach(() => {
    for (const name of [COOKIES.cart, COOKIES.user]) deleteCookie(name)
  })

  it('parses a Cookie header, decoding values and keeping the first of duplicates', () => {
    expect(parseCookies('a=1; lumo-user=%7B%22id%22%3A1%7D; a=2; broken; q="quoted"')).toEqual({
      a: '1',
      'lumo-user': '{"id":1}',
      q: 'quoted',
    })
    expect(parseCookies(undefined)).toEqual({})
    expect(parseCookies('bad=%E0%A4%A')).toEqual({ bad: '%E0%A4%A' })
  })

  it('serialises with path /, the lifetime of the cookie and SameSite=Lax', () => {
    expect(serializeClientCookie(COOKIES.cart, 'abc 1')).toBe(
      'lumo-cart=abc%201; Path=/; Max-Age=31536000; SameSite=Lax',
    )
    expect(serializeClientCookie(COOKIES.user, '{}', { maxAgeSeconds: 1800, secure: true })).toBe(
      'lumo-user=%7B%7D; Path=/; Max-Age=1800; SameSite=Lax; Secure',
    )
  })

  it('writes, reads and deletes through document.cookie', () => {
    writeCookie(COOKIES.cart, 'cart-1')
    writeCookie(COOKIES.user, JSON.stringify({ id: 1, email: 'a@b.fi' }))
    expect(readCookie(COOKIES.cart)).toBe('cart-1')
    expect(JSON.parse(readCookie(COOKIES.user) ?? '')).toEqual({ id: 1, email: 'a@b.fi' })
    deleteCookie(COOKIES.cart)
    expect(readCookie(COOKIES.cart)).toBeUndefined()
  })
})

describe('persisted states cookie', () => {
  it('round-trips', () => {
    const raw = serialisePersistedStates({
      lastVisited: { productIds: ['1', '2'] },
      loyalty: { isMember: true, membershipLevel: 'GOLD' },
    })
    expect(parsePersistedStates(raw)).toEqual({
      lastVisited: { productIds: ['1', '2'] },
      loyalty: { isMember: true, membershipLevel: 'GOLD' },
    })
  })

  it.each([
    '',
    '{',
    'null',
    '[1,2]',
    '"text"',
    '{"lastVisited":{"productIds":"1"}}',
    '{"loyalty":{"isMember":"yes"}}',
  ])('ignores garbage %j', (raw) => {
    expect(parsePersistedStates(raw)).toEqual({})
  })

  it('drops bad entries inside a valid shape', () => {
    const raw = JSON.stringify({
      lastVisited: { productIds: ['ok', 5, '', 'x'.repeat(500)] },
      loyalty: { isMember: false, membershipLevel: 7 },
      evil: 1,
    })
    expect(parsePersistedStates(raw)).toEqual({
      lastVisited: { productIds: ['ok'] },
      loyalty: { isMember: false, membershipLevel: null },
    })
  })
})

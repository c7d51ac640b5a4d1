import { describe, expect, it } from 'vitest'
import {
  authReducer,
  connected,
  connectFailed,
  connectStarted,
  initialAuthState,
  loggedOut,
  sessionRestored,
  parseUserCookie,
  refreshDelayMs,
  selectRefreshAt,
  userRestored,
} from './slice'

const user = { id: '7', email: 'a@example.com', customerType: 'PERSON' as const, memberType: null }

describe('auth', () => {
  it('reads a valid user cookie and ignores garbage', () => {
    expect(
      parseUserCookie(
        JSON.stringify({
          id: 7,
          email: 'a@example.com',
          customerType: 'ORGANIZATION',
          memberType: 'NOCREDIT',
        }),
      ),
    ).toEqual({
      id: '7',
      email: 'a@example.com',
      customerType: 'ORGANIZATION',
      memberType: 'NOCREDIT',
    })
    expect(
      parseUserCookie(JSON.stringify({ id: 7, email: 'a@example.com', customerType: 'ALIEN' }))?.customerType,
    ).toBe('PERSON')
    expect(parseUserCookie('{not json')).toBeNull()
    expect(parseUserCookie(JSON.stringify({ email: 'no-id@example.com' }))).toBeNull()
    expect(parseUserCookie(undefined)).toBeNull()
  })

  it('is logged in after connect and knows when the token expires', () => {
    const state = authReducer(initialAuthState, connected({ user, maxAgeSeconds: 3600, now: 1_000 }))
    expect(state.status).toBe('loggedIn')
    expect(state.tokenExpiresAt).toBe(1_000 + 3_600_000)
    expect(selectRefreshAt({ auth: state }, 1_000)).toBe(1_000 + 3_240_000)
  })

  it('refreshes at 90% of the max age (900 × maxAge ms)', () => {
    expect(refreshDelayMs(3600)).toBe(3_240_000)
    expect(refreshDelayMs(-5)).toBe(0)
  })

  it('restoring no user is logged out', () => {
    expect(authReducer(initialAuthState, userRestored(null)).status).toBe('loggedOut')
    expect(authReducer(initialAuthState, userRestored(user)).status).toBe('loggedIn')
  })

  it('restores a verified session with its expiry, and none as logged out', () => {
    const state = authReducer(initialAuthState, sessionRestored({ user, expiresAt: 5_000 }))
    expect(state).toEqual({ user, tokenExpiresAt: 5_000, status: 'loggedIn' })
    expect(authReducer(state, sessionRestored(null))).toEqual(initialAuthState)
  })

  it('a failed connect goes back to what it was', () => {
    const connecting = authReducer(initialAuthState, connectStarted())
    expect(connecting.status).toBe('connecting')
    expect(authReducer(connecting, connectFailed()).status).toBe('loggedOut')
    const loggedIn = authReducer(initialAuthState, userRestored(user))
    expect(authReducer(authReducer(loggedIn, connectStarted()), connectFailed()).status).toBe('loggedIn')
  })

  it('logged out forgets the user and the expiry', () => {
    const state = authReducer(initialAuthState, connected({ user, maxAgeSeconds: 900, now: 0 }))
    expect(authReducer(state, loggedOut())).toEqual(initialAuthState)
  })
})

import { describe, expect, it } from 'vitest'
import { makeStore } from '../../app/store'
import { cartRestored } from '../cart/slice'
import { membershipJoined } from '../loyalty/slice'
import {
  authReducer,
  connected,
  initialAuthState,
  logout,
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

  it('logout pushes user:logout and resets user, loyalty user and cart', () => {
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(userRestored(user))
    store.dispatch(cartRestored('cart-1'))
    store.dispatch(membershipJoined())
    store.dispatch(logout())
    const state = store.getState()
    expect(state.auth.user).toBeNull()
    expect(state.cart.id).toBeNull()
    expect(state.cart.status).toBe('empty')
    expect(state.loyalty.isMember).toBe(false)
    expect(state.events.queue.map((event) => event.type)).toEqual(['user:logout'])
  })
})

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { cartRestored } from '../cart/slice'
import { membershipJoined } from '../loyalty/slice'
import { passwordDigest } from '../../shared/password-digest'
import { CSRF_HEADER } from '../../shared/storefront-api'
import { connected, userRestored } from './slice'
import { changePassword, login, logout, refresh, register, restoreSession } from './thunks'

const user = {
  id: 'u-1',
  email: 'a@b.fi',
  customerType: 'PERSON' as const,
  memberType: null,
  isMember: false,
}

interface Call {
  url: string
  method: string
  headers: Record<string, string>
  body: Record<string, unknown> | null
}
let calls: Call[]
let answers: Array<{ status: number; body: unknown }>

beforeEach(() => {
  calls = []
  answers = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
    })
    const answer = answers.shift() ?? { status: 500, body: {} }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  })
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`
  })
})
afterEach(() => vi.unstubAllGlobals())

const newStore = () => makeStore(undefined, { devTools: false })

describe('login', () => {
  it('posts the e-mail and the password digest with the CSRF header, and connects', async () => {
    answers.push({ status: 200, body: { user, maxAge: 900 } })
    const store = newStore()
    const before = Date.now()
    const outcome = await store.dispatch(
      login({ email: ' a@b.fi ', password: 'salasana1', rememberMe: false }),
    )
    expect(outcome).toEqual({ ok: true })
    expect(calls[0]).toMatchObject({
      url: '/api/session/login',
      method: 'POST',
      body: { username: 'a@b.fi', password: await passwordDigest('salasana1'), rememberMe: false },
    })
    expect(calls[0]?.headers[CSRF_HEADER]).toBe('1')
    expect(JSON.stringify(calls[0]?.body)).not.toContain('salasana1')
    const { auth } = store.getState()
    expect(auth.user).toEqual(user)
    expect(auth.status).toBe('loggedIn')
    expect(auth.tokenExpiresAt).toBeGreaterThanOrEqual(before + 900_000)
  })

  it('answers wrong credentials and a throttle with their errors and stays logged out', async () => {
    answers.push({ status: 401, body: { error: 'invalid-credentials' } })
    answers.push({ status: 429, body: { error: 'too-many-attempts', retryAfter: 600 } })
    const store = newStore()
    const credentials = { email: 'a@b.fi', password: 'x', rememberMe: true }
    expect(await store.dispatch(login(credentials))).toEqual({ ok: false, error: 'invalid-credentials' })
    expect(await store.dispatch(login(credentials))).toEqual({
      ok: false,
      error: 'too-many-attempts',
      retryAfter: 600,
    })
    expect(store.getState().auth).toMatchObject({ user: null, status: 'loggedOut' })
  })

  it('treats an unknown error or a network failure as the service being unavailable', async () => {
    answers.push({ status: 500, body: { error: 'something-new' } })
    const store = newStore()
    const credentials = { email: 'a@b.fi', password: 'x', rememberMe: true }
    expect(await store.dispatch(login(credentials))).toEqual({ ok: false, error: 'auth-unavailable' })
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')))
    expect(await store.dispatch(login(credentials))).toEqual({ ok: false, error: 'network' })
  })
})

describe('register', () => {
  const mail = { language: 'sv', accountPath: '/se/konto' }

  it('registers, then logs in with the same digest: a new account is connected at once', async () => {
    answers.push({ status: 202, body: { checkEmail: true } })
    answers.push({ status: 200, body: { user, maxAge: 900 } })
    const store = newStore()
    const outcome = await store.dispatch(
      register({ email: ' a@b.fi ', password: 'salasana1', rememberMe: true }, { newsletter: true }, mail),
    )
    expect(outcome).toEqual({ ok: true })
    const digest = await passwordDigest('salasana1')
    expect(calls.map((call) => call.url)).toEqual(['/api/session/register', '/api/session/login'])
    expect(calls[0]?.body).toEqual({
      username: 'a@b.fi',
      password: digest,
      rememberMe: true,
      user: { newsletter: true },
      language: 'sv',
      accountPath: '/se/konto',
    })
    expect(calls[1]?.body).toEqual({ username: 'a@b.fi', password: digest, rememberMe: true })
    expect(store.getState().auth.user).toEqual(user)
    expect(store.getState().events.queue.map((event) => event.type)).toEqual(['user:register'])
  })

  it('asks the shopper to check their e-mail when the login after it is refused (the e-mail had an account)', async () => {
    answers.push({ status: 202, body: { checkEmail: true } })
    answers.push({ status: 401, body: { error: 'invalid-credentials' } })
    const store = newStore()
    const outcome = await store.dispatch(
      register({ email: 'a@b.fi', password: 'salasana1', rememberMe: false }),
    )
    expect(outcome).toEqual({ ok: false, error: 'check-email' })
    expect(store.getState().auth.user).toBeNull()
    expect(store.getState().events.queue).toEqual([])
  })

  it('passes a refused registration on and does not log in (the per-address limit)', async () => {
    answers.push({ status: 429, body: { error: 'too-many-attempts', retryAfter: 1200 } })
    const store = newStore()
    const outcome = await store.dispatch(
      register({ email: 'a@b.fi', password: 'salasana1', rememberMe: false }),
    )
    expect(outcome).toEqual({ ok: false, error: 'too-many-attempts', retryAfter: 1200 })
    expect(calls).toHaveLength(1)
  })
})

describe('logout', () => {
  it('empties the loyalty cart, tells the server, pushes user:logout and resets the user, the loyalty user and the cart', async () => {
    answers.push({ status: 200, body: {} })
    answers.push({ status: 200, body: { user: null } })
    const store = newStore()
    store.dispatch(userRestored(user))
    store.dispatch(cartRestored('cart-1'))
    store.dispatch(membershipJoined())
    await store.dispatch(logout())
    expect(calls.map((call) => call.url)).toEqual(['/api/loyalty/cart-events', '/api/session/logout'])
    expect(calls[0]?.body).toEqual({ kind: 'empty-cart', reason: 'logout' })
    const state = store.getState()
    expect(state.auth.user).toBeNull()
    expect(state.cart.id).toBeNull()
    expect(state.loyalty.isMember).toBe(false)
    expect(state.events.queue.map((event) => event.type)).toEqual(['user:logout'])
  })

  it('logs this browser out even when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')))
    const store = newStore()
    store.dispatch(userRestored(user))
    await store.dispatch(logout())
    expect(store.getState().auth.user).toBeNull()
  })
})

describe('refresh', () => {
  it('connects again with the new max age and the server’s expiry', async () => {
    answers.push({ status: 200, body: { user: null } })
    answers.push({ status: 200, body: { user, maxAge: 600, expiresAt: 777_000 } })
    const store = newStore()
    expect(await store.dispatch(refresh())).toEqual({ ok: true })
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/session',
      'POST /api/session/refresh',
    ])
    expect(store.getState().auth).toMatchObject({ user, tokenExpiresAt: 777_000 })
  })

  it('takes the token another tab has just refreshed instead of presenting the refresh token again', async () => {
    const store = newStore()
    store.dispatch(connected({ user, maxAgeSeconds: 900, now: 0, expiresAt: 900_000 }))
    answers.push({ status: 200, body: { user, expiresAt: 1_500_000 } })
    expect(await store.dispatch(refresh())).toEqual({ ok: true })
    expect(calls.map((call) => call.url)).toEqual(['/api/session'])
    expect(store.getState().auth.tokenExpiresAt).toBe(1_500_000)
  })

  it('refreshes when the cookie still holds the token this tab knows', async () => {
    const store = newStore()
    store.dispatch(connected({ user, maxAgeSeconds: 900, now: 0, expiresAt: 900_000 }))
    answers.push({ status: 200, body: { user, expiresAt: 900_000 } })
    answers.push({ status: 200, body: { user, maxAge: 900, expiresAt: 1_800_000 } })
    await store.dispatch(refresh())
    expect(calls.map((call) => call.url)).toEqual(['/api/session', '/api/session/refresh'])
  })

  it('a refused refresh logs the user out; a network failure changes nothing', async () => {
    const store = newStore()
    store.dispatch(userRestored(user))
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')))
    await store.dispatch(refresh())
    expect(store.getState().auth.user).toEqual(user)
    vi.unstubAllGlobals()
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ error: 'session-expired' }), { status: 401 }),
    )
    await store.dispatch(refresh())
    expect(store.getState().auth.user).toBeNull()
  })

  it('a guest whose refresh is refused keeps their cart', async () => {
    answers.push({ status: 200, body: { user: null } })
    answers.push({ status: 401, body: { error: 'session-expired' } })
    const store = newStore()
    store.dispatch(cartRestored('cart-1'))
    await store.dispatch(refresh())
    expect(store.getState().cart.id).toBe('cart-1')
  })
})

describe('changePassword', () => {
  it('sends both digests and connects with the new token', async () => {
    answers.push({ status: 200, body: { user, maxAge: 900 } })
    const store = newStore()
    expect(await store.dispatch(changePassword({ password: 'vanha123', newPassword: 'uusi1234' }))).toEqual({
      ok: true,
    })
    expect(calls[0]?.body).toEqual({
      password: await passwordDigest('vanha123'),
      newPassword: await passwordDigest('uusi1234'),
    })
  })

  it('a wrong current password logs the user out (docs/product-rules.md#accounts-and-auth)', async () => {
    answers.push({ status: 401, body: { error: 'wrong-password', loggedOut: true } })
    const store = newStore()
    store.dispatch(userRestored(user))
    const outcome = await store.dispatch(changePassword({ password: 'väärä12', newPassword: 'uusi1234' }))
    expect(outcome).toEqual({ ok: false, error: 'wrong-password' })
    expect(store.getState().auth.user).toBeNull()
    expect(store.getState().events.queue.map((event) => event.type)).toEqual(['user:logout'])
  })
})

describe('restoreSession', () => {
  it('takes the user of the verified token from GET /api/session', async () => {
    answers.push({ status: 200, body: { user, expiresAt: 123_456 } })
    const store = newStore()
    await store.dispatch(restoreSession())
    expect(calls[0]).toMatchObject({ url: '/api/session', method: 'GET' })
    expect(store.getState().auth).toEqual({ user, tokenExpiresAt: 123_456, status: 'loggedIn' })
  })

  it('never believes the lumo-user cookie: no verified session and a refused refresh is no user', async () => {
    document.cookie = `lumo-user=${encodeURIComponent(JSON.stringify(user))}; Path=/`
    answers.push({ status: 200, body: { user: null } })
    answers.push({ status: 200, body: { user: null } })
    answers.push({ status: 401, body: { error: 'session-expired' } })
    const store = newStore()
    await store.dispatch(restoreSession())
    expect(calls.map((call) => call.url)).toEqual(['/api/session', '/api/session', '/api/session/refresh'])
    expect(store.getState().auth.user).toBeNull()
  })

  it('without the cookie hint it does not try to refresh', async () => {
    answers.push({ status: 200, body: { user: null } })
    const store = newStore()
    await store.dispatch(restoreSession())
    expect(calls).toHaveLength(1)
  })
})

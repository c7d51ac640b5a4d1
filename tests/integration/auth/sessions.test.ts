/**
 * Sessions: refresh-token rotation and reuse detection, logout, the sliding 30-minute session,
 * and a password change that ends every other session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  changePasswordRequest,
  login,
  loginRequest,
  logoutRequest,
  refreshRequest,
  registerAndLogin,
  sessionTokens,
} from '../helpers/auth'
import { API_KEY, startAuthApp, type AuthApp } from './auth-harness'

describe('auth sessions', () => {
  let auth: AuthApp
  const email = 'sessions@example.fi'
  const password = 'Istunto-123'
  const credentials = { email, password, apiKey: API_KEY }

  beforeAll(async () => {
    auth = await startAuthApp()
    await registerAndLogin(auth.app, credentials)
  })
  afterAll(() => auth.close())

  it('rotates the refresh token: a new access token and a new refresh token of the same session', async () => {
    const first = await login(auth.app, credentials)
    const refreshed = await refreshRequest(auth.app, first.refreshToken)
    expect(refreshed.statusCode).toBe(200)
    expect(refreshed.headers['cache-control']).toBe('private, no-store')
    const second = sessionTokens(refreshed)
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect(second.userId).toBe(first.userId)
    const [a, b] = await Promise.all([auth.verifier.verify(first.token), auth.verifier.verify(second.token)])
    expect(b?.sessionId).toBe(a?.sessionId)
    // and again with the new one
    expect((await refreshRequest(auth.app, second.refreshToken)).statusCode).toBe(200)
  })

  it('revokes the whole session when a used refresh token comes back', async () => {
    const first = await login(auth.app, credentials)
    const second = sessionTokens(await refreshRequest(auth.app, first.refreshToken))
    const replay = await refreshRequest(auth.app, first.refreshToken)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual({ message: 'invalid-refresh-token' })
    // the thief's replay also ends the rightful holder's newer token
    expect((await refreshRequest(auth.app, second.refreshToken)).statusCode).toBe(401)
    // other sessions of the user live on
    const other = await login(auth.app, credentials)
    expect((await refreshRequest(auth.app, other.refreshToken)).statusCode).toBe(200)
  })

  it('refuses a missing or made-up refresh token', async () => {
    expect((await auth.app.inject({ method: 'GET', url: '/auth/login' })).statusCode).toBe(401)
    expect((await refreshRequest(auth.app, 'made-up-refresh-token')).statusCode).toBe(401)
  })

  it('ends a 30-minute session after 30 minutes without a refresh, and slides it with each refresh', async () => {
    const short = sessionTokens(await loginRequest(auth.app, { ...credentials, rememberMe: false }))
    auth.clock.advance(29 * 60_000)
    const slid = sessionTokens(await refreshRequest(auth.app, short.refreshToken))
    auth.clock.advance(29 * 60_000)
    const again = sessionTokens(await refreshRequest(auth.app, slid.refreshToken))
    auth.clock.advance(30 * 60_000 + 1)
    expect((await refreshRequest(auth.app, again.refreshToken)).statusCode).toBe(401)
  })

  it('logs out: the session is revoked, and logout always answers 200', async () => {
    const session = await login(auth.app, credentials)
    const out = await logoutRequest(auth.app, session.refreshToken)
    expect(out.statusCode).toBe(200)
    expect((await refreshRequest(auth.app, session.refreshToken)).statusCode).toBe(401)
    expect((await logoutRequest(auth.app, session.refreshToken)).statusCode).toBe(200)
    expect((await logoutRequest(auth.app)).statusCode).toBe(200)
    expect((await logoutRequest(auth.app, 'made-up')).statusCode).toBe(200)
  })

  it('changes the password: a new session for the caller, every other session ended', async () => {
    const person = { email: 'changer@example.fi', password: 'Vanha-123', apiKey: API_KEY }
    const phone = await registerAndLogin(auth.app, person)
    const laptop = await login(auth.app, { ...person, rememberMe: false })

    const wrong = await changePasswordRequest(auth.app, {
      ...person,
      password: 'Arvattu-999',
      newPassword: 'Uusi-456',
      refreshToken: laptop.refreshToken,
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ message: 'invalid-credentials' })

    const changed = await changePasswordRequest(auth.app, {
      ...person,
      newPassword: 'Uusi-456',
      refreshToken: laptop.refreshToken,
    })
    const fresh = sessionTokens(changed)
    expect(fresh.userId).toBe(phone.userId)
    expect((await refreshRequest(auth.app, phone.refreshToken)).statusCode).toBe(401)
    expect((await refreshRequest(auth.app, laptop.refreshToken)).statusCode).toBe(401)
    // the caller's new session keeps its 30-minute lifetime
    const lifetime = await auth.database.db
      .selectFrom('auth_refresh_tokens')
      .select('lifetime_minutes')
      .where('session_id', '=', (await auth.verifier.verify(fresh.token))!.sessionId)
      .executeTakeFirstOrThrow()
    expect(lifetime.lifetime_minutes).toBe(30)
    expect((await refreshRequest(auth.app, fresh.refreshToken)).statusCode).toBe(200)

    expect((await loginRequest(auth.app, person)).statusCode).toBe(401)
    expect((await loginRequest(auth.app, { ...person, password: 'Uusi-456' })).statusCode).toBe(200)
  })
})

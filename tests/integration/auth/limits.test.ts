/**
 * The login limit: 10 failures for one account or from one client address within 15 minutes,
 * then 429 with Retry-After (before any password is checked), counted in the database so that
 * every instance applies it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changePasswordRequest, loginRequest, registerAndLogin } from '../helpers/auth'
import { API_KEY, startAuthApp, type AuthApp } from './auth-harness'

const PASSWORD = 'Oikea-123'

describe('login limit', () => {
  let auth: AuthApp
  let address = 0
  /** A client address used by nothing else in the test. */
  const newAddress = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`
  const account = (email: string) => ({ email, password: PASSWORD, apiKey: API_KEY })

  beforeAll(async () => {
    auth = await startAuthApp()
    for (const email of [
      'limited@example.fi',
      'neighbour@example.fi',
      'cleared@example.fi',
      'changer2@example.fi',
    ]) {
      await registerAndLogin(auth.app, account(email))
    }
  })
  afterAll(() => auth.close())

  async function failLogins(email: string, times: number, remoteAddress?: string) {
    for (let i = 0; i < times; i++) {
      const response = await loginRequest(auth.app, {
        ...account(email),
        password: 'Vaara-000',
        remoteAddress: remoteAddress ?? newAddress(),
      })
      expect(response.statusCode).toBe(401)
    }
  }

  it('answers the 11th login for an account with 429 and Retry-After, even with the right password', async () => {
    await failLogins('limited@example.fi', 10)
    const runs = auth.kdfRuns()
    const blocked = await loginRequest(auth.app, {
      ...account('limited@example.fi'),
      remoteAddress: newAddress(),
    })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({ message: 'too-many-attempts' })
    expect(blocked.headers['retry-after']).toBe('900')
    expect(auth.kdfRuns()).toBe(runs)

    // another account is not affected
    expect(
      (await loginRequest(auth.app, { ...account('neighbour@example.fi'), remoteAddress: newAddress() }))
        .statusCode,
    ).toBe(200)

    // Retry-After counts down, and after the window the account logs in again
    auth.clock.advance(10 * 60_000)
    const later = await loginRequest(auth.app, {
      ...account('limited@example.fi'),
      remoteAddress: newAddress(),
    })
    expect(later.headers['retry-after']).toBe('300')
    auth.clock.advance(5 * 60_000)
    expect(
      (await loginRequest(auth.app, { ...account('limited@example.fi'), remoteAddress: newAddress() }))
        .statusCode,
    ).toBe(200)
  })

  it('limits one client address over many accounts', async () => {
    const attacker = newAddress()
    for (let i = 0; i < 10; i++) await failLogins(`guess${i}@example.fi`, 1, attacker)
    const blocked = await loginRequest(auth.app, {
      ...account('neighbour@example.fi'),
      remoteAddress: attacker,
    })
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBe(900)
    expect(
      (await loginRequest(auth.app, { ...account('neighbour@example.fi'), remoteAddress: newAddress() }))
        .statusCode,
    ).toBe(200)
  })

  it('counts the shopper’s address that the session endpoint forwards from this host, and no forged one', async () => {
    const shopper = newAddress()
    for (let i = 0; i < 10; i++) {
      const response = await loginRequest(auth.app, {
        ...account(`forwarded${i}@example.fi`),
        remoteAddress: '127.0.0.1',
        forwardedFor: shopper,
      })
      expect(response.statusCode).toBe(401)
    }
    const sameShopper = {
      ...account('neighbour@example.fi'),
      remoteAddress: '127.0.0.1',
      forwardedFor: shopper,
    }
    expect((await loginRequest(auth.app, sameShopper)).statusCode).toBe(429)
    const otherShopper = { ...sameShopper, forwardedFor: newAddress() }
    expect((await loginRequest(auth.app, otherShopper)).statusCode).toBe(200)
    // from elsewhere the header is ignored: a blocked client cannot write its way out
    const attacker = newAddress()
    await failLogins('guess-x@example.fi', 10, attacker)
    const forged = { ...account('neighbour@example.fi'), remoteAddress: attacker, forwardedFor: newAddress() }
    expect((await loginRequest(auth.app, forged)).statusCode).toBe(429)
  })

  it('forgets an account’s failures after a successful login', async () => {
    await failLogins('cleared@example.fi', 9)
    expect(
      (await loginRequest(auth.app, { ...account('cleared@example.fi'), remoteAddress: newAddress() }))
        .statusCode,
    ).toBe(200)
    await failLogins('cleared@example.fi', 9)
    expect(
      (await loginRequest(auth.app, { ...account('cleared@example.fi'), remoteAddress: newAddress() }))
        .statusCode,
    ).toBe(200)
  })

  it('counts wrong current passwords of a password change', async () => {
    for (let i = 0; i < 10; i++) {
      const wrong = await changePasswordRequest(auth.app, {
        ...account('changer2@example.fi'),
        password: 'Vaara-000',
        newPassword: 'Uusi-456',
        remoteAddress: newAddress(),
      })
      expect(wrong.statusCode).toBe(401)
    }
    const blocked = await changePasswordRequest(auth.app, {
      ...account('changer2@example.fi'),
      newPassword: 'Uusi-456',
      remoteAddress: newAddress(),
    })
    expect(blocked.statusCode).toBe(429)
  })

  it('holds across instances sharing the database', async () => {
    const other = await startAuthApp({ database: auth.database, clock: auth.clock })
    try {
      await failLogins('neighbour@example.fi', 10)
      const elsewhere = await loginRequest(other.app, {
        ...account('neighbour@example.fi'),
        remoteAddress: newAddress(),
      })
      expect(elsewhere.statusCode).toBe(429)
      expect(elsewhere.headers['retry-after']).toBe('900')
    } finally {
      await other.close()
    }
  })
})

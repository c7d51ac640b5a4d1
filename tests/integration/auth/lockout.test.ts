/**
 * Accounts no stranger can lock (issue 31 rows 4 and 13, ADR 0067), on PGlite and PostgreSQL:
 * - a device that logged in before (its device token, OWASP "device cookies") is not held by the
 *   account's lockout for unknown clients, only by its own counter and its address's limit;
 * - logout (and a password change) refuses the session's access tokens at once, in every service
 *   that verifies them, not only when they expire.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import likesService from '../../../server/services/likes'
import {
  changePasswordRequest,
  login,
  loginRequest,
  logoutRequest,
  postAuth,
  registerAndLogin,
  signedChallenge,
  type Credentials,
} from '../helpers/auth'
import { describeEachDatabase } from '../helpers/outside-servers'
import { passwordDigest } from '../../../src/shared/password-digest'
import { API_KEY, startAuthApp, type AuthApp } from './auth-harness'

const PASSWORD = 'Oikea-123'

describeEachDatabase('accounts no stranger can lock (%s)', (kind) => {
  let auth: AuthApp
  let address = 0
  /** A client address used by nothing else in the test. */
  const newAddress = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`
  const account = (email: string, extra: Partial<Credentials> = {}): Credentials => ({
    email,
    password: PASSWORD,
    apiKey: API_KEY,
    remoteAddress: newAddress(),
    ...extra,
  })

  beforeAll(async () => {
    auth = await startAuthApp({
      kind,
      // a service that needs a signed-in user, with its own verifier as in production
      plugins: async (app, config, database) => {
        await app.register(likesService, { database, config })
      },
    })
  }, 60_000)
  afterAll(() => auth?.close())

  /** A stranger's wrong passwords for `email`, each from another address, without a device token. */
  async function strangerFails(email: string, times: number) {
    for (let i = 0; i < times; i++) {
      const response = await loginRequest(auth.app, account(email, { password: 'Vaara-000' }))
      expect(response.statusCode).toBe(401)
    }
  }

  it('lets the owner in on a known device while a stranger’s 10 wrong passwords lock out unknown clients', async () => {
    const email = 'owner@example.fi'
    const home = newAddress()
    await registerAndLogin(auth.app, account(email, { remoteAddress: home }))
    const known = await login(auth.app, account(email, { remoteAddress: home }))
    expect(known.deviceToken).toMatch(/^eyJ/)

    await strangerFails(email, 10)
    // an unknown client, even with the right password, waits (the lockout for untrusted clients)
    const unknown = await loginRequest(auth.app, account(email))
    expect(unknown.statusCode).toBe(429)
    expect(unknown.headers['retry-after']).toBe('900')
    // the owner's device is not held by it
    const owner = await loginRequest(auth.app, account(email, { deviceToken: known.deviceToken! }))
    expect(owner.statusCode).toBe(200)
    expect(owner.headers['x-auth-device-token']).toMatch(/^eyJ/)
    // and the stranger's count is not wiped by the owner's login: still locked for unknown clients
    expect((await loginRequest(auth.app, account(email))).statusCode).toBe(429)
  })

  it('counts a known device’s own failures: the 5th wrong password revokes it, and it is then an unknown client', async () => {
    const email = 'typo@example.fi'
    await registerAndLogin(auth.app, account(email))
    const { deviceToken } = await login(auth.app, account(email))
    await strangerFails(email, 10)
    const withDevice = (password: string) =>
      loginRequest(auth.app, account(email, { password, deviceToken: deviceToken! }))
    for (let i = 0; i < 4; i++) expect((await withDevice('Vaara-111')).statusCode).toBe(401)
    // four typos: still a known device
    expect((await withDevice(PASSWORD)).statusCode).toBe(200)
    for (let i = 0; i < 5; i++) expect((await withDevice('Vaara-111')).statusCode).toBe(401)
    // revoked: the account's lockout holds it like any unknown client, right password or not
    const revoked = await withDevice(PASSWORD)
    expect(revoked.statusCode).toBe(429)
  })

  it('takes no other account’s device token, no forged one and no access token for a known device', async () => {
    const email = 'victim@example.fi'
    await registerAndLogin(auth.app, account(email))
    const own = await login(auth.app, account(email))
    await registerAndLogin(auth.app, account('attacker@example.fi'))
    const attackers = await login(auth.app, account('attacker@example.fi'))
    await strangerFails(email, 10)
    const [header, payload, signature] = own.deviceToken!.split('.')
    const forged = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`
    for (const deviceToken of [attackers.deviceToken!, forged, own.token, 'not-a-token']) {
      expect((await loginRequest(auth.app, account(email, { deviceToken }))).statusCode).toBe(429)
    }
    expect((await loginRequest(auth.app, account(email, { deviceToken: own.deviceToken! }))).statusCode).toBe(
      200,
    )
  })

  it('keeps the per-address limit for known devices too', async () => {
    const email = 'shared-wifi@example.fi'
    await registerAndLogin(auth.app, account(email))
    const { deviceToken } = await login(auth.app, account(email))
    const guesser = newAddress()
    for (let i = 0; i < 10; i++) {
      const response = await loginRequest(
        auth.app,
        account(`nobody${i}@example.fi`, { password: 'Vaara-000', remoteAddress: guesser }),
      )
      expect(response.statusCode).toBe(401)
    }
    const fromThere = await loginRequest(
      auth.app,
      account(email, { remoteAddress: guesser, deviceToken: deviceToken! }),
    )
    expect(fromThere.statusCode).toBe(429)
  })

  it('refuses an access token with 401 right after its session logs out, in the services and the shared verifier', async () => {
    const email = 'logout@example.fi'
    await registerAndLogin(auth.app, account(email))
    const session = await login(auth.app, account(email))
    const other = await login(auth.app, account(email))
    const favourites = (token: string, userId = session.userId) =>
      auth.app.inject({
        method: 'GET',
        url: `/likes/users/${userId}/products`,
        headers: { authorization: `Bearer ${token}` },
      })
    expect((await favourites(session.token)).statusCode).toBe(200)
    expect(await auth.verifier.verify(session.token)).not.toBeNull()

    expect((await logoutRequest(auth.app, session.refreshToken)).statusCode).toBe(200)
    const after = await favourites(session.token)
    expect(after.statusCode).toBe(401)
    expect(await auth.verifier.verify(session.token)).toBeNull()
    // the user's other session is not ended by this logout
    expect((await favourites(other.token)).statusCode).toBe(200)
  })

  it('refuses the access tokens of every other session after a password change', async () => {
    const email = 'changer@example.fi'
    await registerAndLogin(auth.app, account(email))
    const elsewhere = await login(auth.app, account(email))
    const here = await login(auth.app, account(email))
    const changed = await changePasswordRequest(auth.app, {
      ...account(email),
      newPassword: 'Uusi-4567',
      refreshToken: here.refreshToken,
    })
    expect(changed.statusCode).toBe(200)
    expect(await auth.verifier.verify(elsewhere.token)).toBeNull()
    expect(await auth.verifier.verify(here.token)).toBeNull()
    expect(await auth.verifier.verify((changed.json() as { token: string }).token)).not.toBeNull()
  })

  it('mails the address on registration: a welcome when new, “someone tried” when it had an account, at most 3 an hour', async () => {
    const email = 'mailed@example.fi'
    const mail = {
      language: 'nb',
      shopUrl: 'https://shop.example',
      accountUrl: 'https://shop.example/no/konto',
    }
    const registerWithMail = async () =>
      postAuth(auth.app, 'register', {
        username: email,
        signature: await signedChallenge(auth.app, email, { apiKey: API_KEY }),
        password: await passwordDigest(PASSWORD),
        mail,
      })
    expect((await registerWithMail()).statusCode).toBe(200)
    for (let i = 0; i < 5; i++) expect((await registerWithMail()).statusCode).toBe(409)
    const rows = await auth.database.db
      .selectFrom('mail_messages')
      .select(['kind', 'language', 'payload'])
      .where('recipient', '=', email)
      .orderBy('message_id')
      .execute()
    expect(rows.map((row) => row.kind)).toEqual([
      'account-welcome',
      'account-exists',
      'account-exists',
      'account-exists',
    ])
    expect(rows[1]).toMatchObject({
      language: 'nb',
      payload: { actionUrl: mail.accountUrl, shopUrl: mail.shopUrl },
    })
  })
})

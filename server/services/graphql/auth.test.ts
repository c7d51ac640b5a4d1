import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { isValidApiKey, userFromRequest } from './auth'

const config = { sessionSecret: 'a-test-secret-that-is-long-enough-for-hs256' }
const key = new TextEncoder().encode(config.sessionSecret)

async function token(claims: Record<string, unknown>, expiresIn = '1h', secret = key, alg = 'HS256') {
  return new SignJWT(claims)
    .setProtectedHeader({ alg })
    .setSubject('6f1c1c1e-0000-4000-8000-000000000001')
    .setExpirationTime(expiresIn)
    .sign(secret)
}

describe('userFromRequest', () => {
  it('reads the user from a valid bearer token', async () => {
    const jwt = await token({ customerType: 'ORGANIZATION', memberType: 'NOCREDIT-LIMITED', email: 'a@b.fi' })
    expect(await userFromRequest({ headers: { authorization: `Bearer ${jwt}` } }, config)).toEqual({
      id: '6f1c1c1e-0000-4000-8000-000000000001',
      customerType: 'ORGANIZATION',
      memberType: 'NOCREDIT-LIMITED',
      email: 'a@b.fi',
    })
  })

  it('treats missing, expired, forged and malformed tokens as anonymous', async () => {
    expect(await userFromRequest({ headers: {} }, config)).toBeNull()
    expect(
      await userFromRequest({ headers: { authorization: `Bearer ${await token({}, '-1m')}` } }, config),
    ).toBeNull()
    const forged = await token({}, '1h', new TextEncoder().encode('another-secret-that-is-long-enough-too'))
    expect(await userFromRequest({ headers: { authorization: `Bearer ${forged}` } }, config)).toBeNull()
    expect(await userFromRequest({ headers: { authorization: 'Bearer not.a.jwt' } }, config)).toBeNull()
    expect(await userFromRequest({ headers: { authorization: 'Basic dXNlcjpwdw==' } }, config)).toBeNull()
  })

  it('defaults an unknown customer type to PERSON', async () => {
    const jwt = await token({ customerType: 'ADMIN' })
    expect(
      (await userFromRequest({ headers: { authorization: `Bearer ${jwt}` } }, config))?.customerType,
    ).toBe('PERSON')
  })
})

describe('isValidApiKey', () => {
  it('accepts only the exact key', () => {
    expect(isValidApiKey('lumo-dev-storefront-key', 'lumo-dev-storefront-key')).toBe(true)
    expect(isValidApiKey('lumo-dev-storefront-kex', 'lumo-dev-storefront-key')).toBe(false)
    expect(isValidApiKey(undefined, 'lumo-dev-storefront-key')).toBe(false)
    expect(isValidApiKey('', 'lumo-dev-storefront-key')).toBe(false)
  })
})

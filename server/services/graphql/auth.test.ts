import { describe, expect, it } from 'vitest'
import type { TokenVerifier, VerifiedUser } from '../shared/auth-tokens'
import { isValidApiKey, userFromRequest } from './auth'

const verified: VerifiedUser = {
  id: '6f1c1c1e-0000-4000-8000-000000000001',
  sessionId: '6f1c1c1e-0000-4000-8000-0000000000aa',
  email: 'a@b.fi',
  customerType: 'ORGANIZATION',
  memberType: 'NOCREDIT-LIMITED',
  memberId: '',
  memberDiscount: true,
  expiresAt: new Date('2030-01-01T00:00:00Z'),
}

/** A verifier that knows one token (the real one is tested in tests/integration/auth). */
const verifier: TokenVerifier = {
  verify: async (token) => (token === 'good.token.here' ? verified : null),
}

describe('userFromRequest', () => {
  it('reads the user of a bearer token the verifier accepts', async () => {
    expect(await userFromRequest({ headers: { authorization: 'Bearer good.token.here' } }, verifier)).toEqual(
      {
        id: verified.id,
        customerType: 'ORGANIZATION',
        memberType: 'NOCREDIT-LIMITED',
        email: 'a@b.fi',
      },
    )
  })

  it('treats a missing header, another scheme and a token the verifier refuses as anonymous', async () => {
    expect(await userFromRequest({ headers: {} }, verifier)).toBeNull()
    expect(await userFromRequest({ headers: { authorization: 'Bearer not.a.jwt' } }, verifier)).toBeNull()
    expect(await userFromRequest({ headers: { authorization: 'Basic dXNlcjpwdw==' } }, verifier)).toBeNull()
  })

  it('maps an empty member type to none', async () => {
    const plain: TokenVerifier = { verify: async () => ({ ...verified, memberType: '' }) }
    expect(
      (await userFromRequest({ headers: { authorization: 'Bearer x.y.z' } }, plain))?.memberType,
    ).toBeNull()
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

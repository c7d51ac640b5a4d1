import { describe, expect, it, vi } from 'vitest'
import type { TokenVerifier, VerifiedUser } from '../services/shared/auth-tokens'
import { sessionUserOf, verifiedSession } from './session'

const verified: VerifiedUser = {
  id: '0b5f7c3e-7d1c-4a51-9a7e-3f2b8c1d2e4f',
  sessionId: 's-1',
  email: 'anna@example.fi',
  customerType: 'ORGANIZATION',
  memberType: '',
  memberId: '',
  memberDiscount: false,
  expiresAt: new Date(1_000_000),
}

function verifierAccepting(token: string): TokenVerifier & { verify: ReturnType<typeof vi.fn> } {
  return { verify: vi.fn(async (given: string) => (given === token ? verified : null)) }
}

describe('verifiedSession', () => {
  it('is the verified user of the lumo-auth cookie', async () => {
    const verifier = verifierAccepting('good')
    expect(await verifiedSession(verifier, 'lumo-user=%7B%7D; lumo-auth=good')).toEqual({
      token: 'good',
      user: verified,
    })
  })

  it('is nothing for a token that does not verify, whatever lumo-user says', async () => {
    const verifier = verifierAccepting('good')
    const forgedUser = encodeURIComponent(JSON.stringify({ id: '1', email: 'x@y.fi' }))
    expect(await verifiedSession(verifier, `lumo-auth=junk; lumo-user=${forgedUser}`)).toBeNull()
  })

  it('does not ask the verifier without a token', async () => {
    const verifier = verifierAccepting('good')
    expect(await verifiedSession(verifier, 'lumo-user=x')).toBeNull()
    expect(await verifiedSession(verifier, undefined)).toBeNull()
    expect(verifier.verify).not.toHaveBeenCalled()
  })
})

describe('sessionUserOf', () => {
  it('gives the public user: no member type is null', () => {
    expect(sessionUserOf(verified)).toEqual({
      id: verified.id,
      email: 'anna@example.fi',
      customerType: 'ORGANIZATION',
      memberType: null,
    })
    expect(sessionUserOf({ ...verified, memberType: 'NOCREDIT' }).memberType).toBe('NOCREDIT')
  })
})

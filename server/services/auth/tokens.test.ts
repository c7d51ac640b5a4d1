import { describe, expect, it } from 'vitest'
import { claimsFor, refreshExpiry, tokenHash, newOpaqueToken } from './tokens'

const user = {
  user_id: '6f1c1c1e-0000-4000-8000-000000000001',
  email: 'aino@example.fi',
  customer_type: 'PERSON',
  member_type: null,
  member_id: null,
}

describe('claimsFor', () => {
  it('gives the contract claims with empty strings for no member', () => {
    expect(claimsFor(user, 'session-1')).toEqual({
      sid: 'session-1',
      name: 'aino@example.fi',
      email: 'aino@example.fi',
      customerType: 'PERSON',
      memberDiscount: false,
      memberType: '',
      memberId: '',
    })
  })

  it('gives a member their member type, id and member prices; any unknown type is a person', () => {
    const member = {
      ...user,
      customer_type: 'ORGANIZATION',
      member_type: 'NOCREDIT-LIMITED',
      member_id: 'M-7',
    }
    expect(claimsFor(member, 's')).toMatchObject({
      customerType: 'ORGANIZATION',
      memberType: 'NOCREDIT-LIMITED',
      memberId: 'M-7',
      memberDiscount: true,
    })
    expect(claimsFor({ ...user, customer_type: 'ADMIN' }, 's').customerType).toBe('PERSON')
  })
})

describe('refresh tokens', () => {
  const now = new Date('2026-11-25T12:00:00Z')

  it('lives 7 days when remembered and the session lifetime otherwise', () => {
    expect(refreshExpiry(null, now).toISOString()).toBe('2026-12-02T12:00:00.000Z')
    expect(refreshExpiry(30, now).toISOString()).toBe('2026-11-25T12:30:00.000Z')
  })

  it('is random and stored only as its SHA-256', () => {
    const token = newOpaqueToken()
    expect(token).toMatch(/^[\w-]{43}$/)
    expect(newOpaqueToken()).not.toBe(token)
    expect(tokenHash(token)).toMatch(/^[\w-]{43}$/)
    expect(tokenHash(token)).not.toBe(token)
    expect(tokenHash(token)).toBe(tokenHash(token))
  })
})

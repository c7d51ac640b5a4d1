import { describe, expect, it } from 'vitest'
import { parseUserInput } from './input'

describe('parseUserInput', () => {
  it('changes only the fields given, trimming texts and mirroring the name and phone', () => {
    expect(parseUserInput({ sms: true }, 'FI')).toEqual({ sms: true })
    const changes = parseUserInput(
      {
        address: { firstName: ' Anna ', lastName: 'Virtanen', mobile: '+358401234567', zip: '', city: null },
        newsletter: false,
      },
      'FI',
    )
    expect(changes).toEqual({
      address: JSON.stringify({ firstName: 'Anna', lastName: 'Virtanen', mobile: '+358401234567' }),
      first_name: 'Anna',
      last_name: 'Virtanen',
      phone: '+358401234567',
      newsletter: false,
    })
  })

  it("checks personal and organisation ids by the market's country, and an empty one clears it", () => {
    expect(parseUserInput({ personalId: '131052-308T' }, 'FI')).toEqual({ personal_id: '131052-308T' })
    expect(parseUserInput({ personalId: '' }, 'FI')).toEqual({ personal_id: null })
    expect(() => parseUserInput({ personalId: '131052-308A' }, 'FI')).toThrow(/user\.personalId/)
    expect(() => parseUserInput({ organizationId: '1234567-8' }, 'FI')).toThrow(/user\.organizationId/)
  })

  it('bounds the lengths, naming the field', () => {
    expect(() => parseUserInput({ address: { city: 'x'.repeat(101) } }, 'FI')).toThrow(/user\.address\.city/)
    expect(() => parseUserInput({ metaData: 'x'.repeat(70_000) }, 'FI')).toThrow(/user\.metaData/)
  })
})

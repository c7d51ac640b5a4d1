import { describe, expect, it } from 'vitest'
import type { AccountUser } from './api'
import { consentsInput, profileErrors, profileFormFrom, profileInput } from './profile-form'

const user: AccountUser = {
  id: '4f1c0a52-5a6b-4a47-9d61-3f1f0d1f2a11',
  email: 'aino@example.fi',
  gender: 'WOMAN',
  customerType: 'PERSON',
  newsletter: true,
  sms: false,
  personalId: '131052-308T',
  organizationId: null,
  memberType: '',
  memberId: '',
  address: {
    firstName: 'Aino',
    lastName: 'Virtanen',
    careOf: '',
    addressLine1: 'Mannerheimintie 1',
    addressLine2: '',
    zip: '00100',
    city: 'Helsinki',
    country: 'FI',
    company: '',
    mobile: '+358401234567',
    phone: '',
    entryCode: '',
  },
  balances: [],
}

describe('the profile form', () => {
  it('is filled from the saved user', () => {
    const form = profileFormFrom(user)
    expect(form).toMatchObject({
      firstName: 'Aino',
      lastName: 'Virtanen',
      address: 'Mannerheimintie 1',
      zip: '00100',
      city: 'Helsinki',
      phone: '+358401234567',
      gender: 'WOMAN',
      personalId: '131052-308T',
      newsletter: true,
      smsConsent: false,
    })
    expect(profileFormFrom({ ...user, address: null, gender: 'UNSET' })).toMatchObject({
      firstName: '',
      gender: 'UNSPECIFIED',
    })
  })

  it('uses the checkout’s rules: names, address, a valid zip and phone; the personal id only when given', () => {
    const form = profileFormFrom(user)
    expect(profileErrors(form, 'FI')).toEqual({})
    expect(profileErrors({ ...form, firstName: ' ', zip: '123', phone: 'x', personalId: '' }, 'FI')).toEqual({
      firstName: 'validation.required',
      zip: 'validation.zip',
      phone: 'validation.phone',
    })
    expect(profileErrors({ ...form, personalId: '131052-308A' }, 'FI')).toEqual({
      personalId: 'validation.personalId',
    })
  })

  it('asks an organisation for its name and number', () => {
    const form = { ...profileFormFrom(user), customerType: 'ORGANIZATION' as const, personalId: '' }
    expect(profileErrors(form, 'FI')).toEqual({
      company: 'validation.required',
      organizationId: 'validation.required',
    })
  })

  it('becomes an updateUser input with the address in the market’s country', () => {
    const input = profileInput({ ...profileFormFrom(user), city: ' Espoo ' }, 'FI')
    expect(input).toMatchObject({
      customerType: 'PERSON',
      gender: 'WOMAN',
      personalId: '131052-308T',
      address: { firstName: 'Aino', city: 'Espoo', zip: '00100', country: 'FI', mobile: '+358401234567' },
    })
    expect(input.organizationId).toBeUndefined()
    // a cleared personal id is sent as empty (cleared), not left out (unchanged)
    expect(profileInput({ ...profileFormFrom(user), personalId: '' }, 'FI').personalId).toBe('')
  })

  it('sends the consents with the user’s own customer type', () => {
    expect(consentsInput({ customerType: 'ORGANIZATION' }, false, true)).toEqual({
      customerType: 'ORGANIZATION',
      newsletter: false,
      sms: true,
    })
  })
})

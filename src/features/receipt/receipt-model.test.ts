import { describe, expect, it } from 'vitest'
import { countryName, receiptAddress } from './receipt-model'

describe('receiptAddress', () => {
  it('keeps what the order has, trimmed, with the country as a code', () => {
    expect(
      receiptAddress({
        firstName: ' Matti ',
        lastName: 'Meikäläinen',
        company: '',
        careOf: 'Liisa',
        addressLine1: 'Mannerheimintie 1',
        addressLine2: ' ',
        zip: '00100',
        city: 'Helsinki',
        country: 'fi',
      }),
    ).toEqual({
      name: 'Matti Meikäläinen',
      company: null,
      careOf: 'Liisa',
      lines: ['Mannerheimintie 1'],
      zip: '00100',
      city: 'Helsinki',
      countryCode: 'FI',
    })
  })

  it('is null for a missing or empty address, and drops a country that is not a code', () => {
    expect(receiptAddress(null)).toBeNull()
    expect(receiptAddress({ country: 'FI' })).toBeNull()
    expect(receiptAddress({ city: 'Oslo', country: 'Norge' })?.countryCode).toBeNull()
  })
})

describe('countryName', () => {
  it("names the shop's countries in each of its languages", () => {
    expect(countryName('FI', 'fi-FI')).toBe('Suomi')
    expect(countryName('SE', 'sv-SE')).toBe('Sverige')
    expect(countryName('NO', 'nb-NO')).toBe('Norge')
    expect(countryName('DK', 'da-DK')).toBe('Danmark')
    expect(countryName('SE', 'fi-FI')).toBe('Ruotsi')
  })

  it('falls back to the code for a region no one knows', () => {
    expect(countryName('AA', 'fi-FI')).toBe('AA')
  })
})

import { describe, expect, it } from 'vitest'
import { countryOfCurrency, lastDigits, mobileNumber } from './phones'

describe('mobile numbers on a wallet page', () => {
  it('finds the country by the session currency', () => {
    expect(countryOfCurrency('SEK')).toBe('SE')
    expect(countryOfCurrency('EUR')).toBe('FI')
    expect(countryOfCurrency('DKK')).toBe('DK')
    expect(countryOfCurrency('NOK')).toBe('NO')
    expect(countryOfCurrency('USD')).toBeNull()
  })

  it('takes a national or international mobile number of the country', () => {
    expect(mobileNumber('070-123 45 67', 'SE')).toBe('701234567')
    expect(mobileNumber('+46 70 123 45 67', 'SE')).toBe('701234567')
    expect(mobileNumber('0046701234567', 'SE')).toBe('701234567')
    expect(mobileNumber('040 123 4567', 'FI')).toBe('401234567')
    expect(mobileNumber('+358 50 123 4567', 'FI')).toBe('501234567')
    expect(mobileNumber('912 34 567', 'NO')).toBe('91234567')
    expect(mobileNumber('+45 20 12 34 56', 'DK')).toBe('20123456')
  })

  it('refuses a landline, another country, letters and a number without its trunk zero', () => {
    expect(mobileNumber('08-123 456 78', 'SE')).toBeNull()
    expect(mobileNumber('+47 912 34 567', 'SE')).toBeNull()
    expect(mobileNumber('70123456x', 'SE')).toBeNull()
    expect(mobileNumber('701234567', 'SE')).toBeNull()
    expect(mobileNumber('22 12 34 56', 'NO')).toBeNull()
    expect(mobileNumber(undefined, 'DK')).toBeNull()
    expect(lastDigits('701234567')).toBe('67')
  })
})

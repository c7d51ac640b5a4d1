import { describe, expect, it } from 'vitest'
import { isValidZip, normaliseZip } from './zip'

describe('zip codes per country', () => {
  it.each([
    ['FI', '00100'],
    ['FI', '99999'],
    ['FI', ' 33100 '],
    ['SE', '114 55'],
    ['SE', '11455'],
    ['SE', '981 38'],
    ['NO', '0150'],
    ['NO', '9170'],
    ['DK', '1050'],
    ['DK', '0800'],
  ] as const)('%s accepts %s', (country, zip) => {
    expect(isValidZip(country, zip)).toBe(true)
  })

  it.each([
    ['FI', '0010', 'four digits'],
    ['FI', '001000', 'six digits'],
    ['FI', '00 100', 'a space'],
    ['FI', 'FI-00100', 'country prefix'],
    ['SE', '011 55', 'Swedish codes do not start with 0'],
    ['SE', '1145', 'four digits'],
    ['SE', '11 455', 'space in the wrong place'],
    ['SE', '114  55', 'two spaces'],
    ['NO', '01500', 'five digits'],
    ['NO', '015', 'three digits'],
    ['DK', '10500', 'five digits'],
    ['DK', 'DK-1050', 'country prefix'],
    ['DK', '', 'empty'],
  ] as const)('%s refuses %s (%s)', (country, zip, _reason) => {
    expect(isValidZip(country, zip)).toBe(false)
  })

  it('normalises a zip to digits for the API', () => {
    expect(normaliseZip('114 55')).toBe('11455')
    expect(normaliseZip(' 00100 ')).toBe('00100')
  })
})

import { describe, expect, it } from 'vitest'
import { formatMoney, fromDecimal, toDecimal } from './money'

const nbsp = /\u00a0|\u202f/g

describe('formatMoney', () => {
  it('formats in the market currency and the shopper language', () => {
    expect(formatMoney(123_450, 'EUR', 'fi-FI').replace(nbsp, ' ')).toBe('1 234,50 €')
    expect(formatMoney(199_900, 'SEK', 'sv-SE').replace(nbsp, ' ')).toBe('1 999,00 kr')
    expect(formatMoney(199_900, 'DKK', 'da-DK').replace(nbsp, ' ')).toBe('1.999,00 kr.')
    expect(formatMoney(6_900, 'EUR', 'sv-SE').replace(nbsp, ' ')).toBe('69,00 €')
  })

  it('leaves out the decimals of whole amounts only when asked (shop promises)', () => {
    expect(formatMoney(6_900, 'EUR', 'fi-FI', { trimWholeAmounts: true }).replace(nbsp, ' ')).toBe('69 €')
    expect(formatMoney(250, 'EUR', 'fi-FI', { trimWholeAmounts: true }).replace(nbsp, ' ')).toBe('2,50 €')
    expect(formatMoney(79_000, 'SEK', 'sv-SE', { trimWholeAmounts: true }).replace(nbsp, ' ')).toBe('790 kr')
  })
})

describe('toDecimal and fromDecimal', () => {
  it('convert between minor units and the API decimal without float drift', () => {
    expect(toDecimal(4_995)).toBe(49.95)
    expect(fromDecimal(49.95)).toBe(4_995)
    expect(fromDecimal(0.1 + 0.2)).toBe(30)
  })
})

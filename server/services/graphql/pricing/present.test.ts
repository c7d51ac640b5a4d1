import { describe, expect, it } from 'vitest'
import { presentPrice, presentSummary, type MoneyFormat } from './present'
import { computeCartTotals } from './summary'

const euro: MoneyFormat = { currency: 'EUR', currencyName: 'Euro', currencySymbol: '€', languageIso: 'fi-FI' }
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('presentPrice', () => {
  it('gives decimals, the discount and formatted strings in the market currency', () => {
    const price = presentPrice({ incVat: 5_995, exVat: 4_777 }, { incVat: 4_496, exVat: 3_582 }, euro)
    expect(price).toMatchObject({
      regularPriceIncVat: 59.95,
      sellingPriceIncVat: 44.96,
      sellingPriceExVat: 35.82,
      discountIncVat: 14.99,
      discountPercentage: 25,
      vat: 9.14,
      isDiscounted: true,
      currency: { code: 'EUR', symbol: '€', name: 'Euro', rate: 1 },
    })
    expect(plain(price.sellingPriceIncVatFormatted)).toBe('44,96 €')
    expect(plain(price.discountIncVatFormatted)).toBe('14,99 €')
  })

  it('is not discounted when regular and selling are equal, and handles zero', () => {
    const price = presentPrice({ incVat: 0, exVat: 0 }, { incVat: 0, exVat: 0 }, euro)
    expect(price.isDiscounted).toBe(false)
    expect(price.discountPercentage).toBe(0)
  })
})

describe('presentSummary', () => {
  it('reports the VAT rate in percent, balance and the shipping distance', () => {
    const totals = computeCartTotals({
      customerType: 'PERSON',
      lines: [
        {
          skuId: 1,
          quantity: 1,
          regularUnitPriceIncVat: 5_995,
          sellingUnitPriceIncVat: 5_995,
          vatRateBp: 2_550,
        },
      ],
      promo: { type: 'FIXED_AMOUNT', amountIncVat: 1_000 },
      shipping: { feeIncVat: 490, freeShippingThreshold: 6_900, vatRateBp: 2_550 },
      balanceAvailable: 1_000,
    })
    const summary = presentSummary(totals, euro, {
      shipping: { id: 1, name: 'posti', displayName: 'Posti', isDefault: true, isSelected: false },
      payment: null,
    })
    expect(summary.vats.map((v) => v.rate)).toEqual([25.5])
    expect(summary.fixedAmountDiscountIncVat).toBe(10)
    expect(summary.shipping).toMatchObject({
      feeIncVat: 4.9,
      amountLeftToFreeShipping: 19.05,
      isDefault: true,
    })
    expect(plain(summary.shipping?.amountLeftToFreeShippingFormatted ?? '')).toBe('19,05 €')
    expect(summary.total.sellingPriceIncVat).toBe(54.85)
    expect(summary.balance).toMatchObject({
      pending: 10,
      remaining: 0,
      totalSellingPriceExBalanceIncVat: 44.85,
    })
    expect(summary.payment).toBeNull()
  })
})

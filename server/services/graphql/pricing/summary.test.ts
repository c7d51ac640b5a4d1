import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { computeCartTotals, type PricingLine, type SummaryInput } from './summary'
import type { PromoDiscount } from './promo'

const shipping = { feeIncVat: 495, freeShippingThreshold: 6_900, vatRateBp: 2_550 }

function line(
  skuId: number,
  quantity: number,
  regular: number,
  selling = regular,
  vatRateBp = 2_550,
): PricingLine {
  return { skuId, quantity, regularUnitPriceIncVat: regular, sellingUnitPriceIncVat: selling, vatRateBp }
}

function input(overrides: Partial<SummaryInput>): SummaryInput {
  return { customerType: 'PERSON', lines: [], promo: null, shipping, balanceAvailable: 0, ...overrides }
}

describe('computeCartTotals examples', () => {
  it('an empty cart costs nothing and shows the whole free-shipping threshold left', () => {
    const totals = computeCartTotals(input({}))
    expect(totals.total.selling.incVat).toBe(0)
    expect(totals.shipping.fee.incVat).toBe(0)
    expect(totals.shipping.amountLeftToFreeShipping).toBe(6_900)
    expect(totals.vats).toEqual([])
  })

  it('charges shipping below the threshold and applies campaign prices', () => {
    const totals = computeCartTotals(input({ lines: [line(1, 2, 2_990, 1_990)] }))
    expect(totals.subTotal.regular.incVat).toBe(5_980)
    expect(totals.subTotal.selling.incVat).toBe(3_980)
    expect(totals.shipping.fee.incVat).toBe(495)
    expect(totals.shipping.amountLeftToFreeShipping).toBe(6_900 - 3_980)
    expect(totals.total.selling.incVat).toBe(3_980 + 495)
    expect(totals.total.discount.incVat).toBe(2_000)
    expect(totals.total.isDiscounted).toBe(true)
  })

  it('ships free from the threshold on, judged after the promo discount', () => {
    const at = computeCartTotals(input({ lines: [line(1, 1, 6_900)] }))
    expect(at.shipping.isFree).toBe(true)
    expect(at.shipping.amountLeftToFreeShipping).toBe(0)
    const promo: PromoDiscount = { type: 'PERCENTAGE', percentBp: 1_000 }
    const below = computeCartTotals(input({ lines: [line(1, 1, 6_900)], promo }))
    expect(below.promoDiscount.incVat).toBe(690)
    expect(below.shipping.fee.incVat).toBe(495)
    expect(below.shipping.amountLeftToFreeShipping).toBe(690)
  })

  it('judges an organization on VAT-exclusive amounts', () => {
    // 80.00 inc 25.5 % VAT is 63.75 ex VAT: free for a person, not for a company
    const lines = [line(1, 1, 8_000)]
    expect(computeCartTotals(input({ lines })).shipping.isFree).toBe(true)
    const company = computeCartTotals(input({ lines, customerType: 'ORGANIZATION' }))
    expect(company.shipping.isFree).toBe(false)
    expect(company.shipping.amountLeftToFreeShipping).toBe(6_900 - 6_375)
  })

  it('spreads a fixed-amount discount over the lines in proportion to their value', () => {
    const totals = computeCartTotals(
      input({
        lines: [line(1, 1, 3_000), line(2, 1, 1_000, 1_000, 1_400)],
        promo: { type: 'FIXED_AMOUNT', amountIncVat: 1_000 },
      }),
    )
    expect(totals.lines.map((l) => l.promoDiscountIncVat)).toEqual([750, 250])
    expect(totals.fixedAmountDiscount.incVat).toBe(1_000)
    expect(totals.vats.map((v) => v.rateBp)).toEqual([2_550, 1_400])
  })

  it('caps a fixed amount at the goods value', () => {
    const totals = computeCartTotals(
      input({ lines: [line(1, 1, 500)], promo: { type: 'FIXED_AMOUNT', amountIncVat: 2_000 } }),
    )
    expect(totals.goods.incVat).toBe(0)
    expect(totals.fixedAmountDiscount.incVat).toBe(500)
    expect(totals.total.selling.incVat).toBe(495)
  })

  it('pays from balance without touching VAT', () => {
    const totals = computeCartTotals(input({ lines: [line(1, 1, 10_000)], balanceAvailable: 2_500 }))
    expect(totals.balance.used).toBe(2_500)
    expect(totals.balance.remaining).toBe(0)
    expect(totals.balance.totalExBalance.incVat).toBe(7_500)
    expect(totals.total.vat).toBe(totals.total.selling.incVat - totals.total.selling.exVat)
  })
})

const lineArb = fc.record({
  skuId: fc.integer({ min: 1, max: 1_000_000 }),
  quantity: fc.integer({ min: 0, max: 99 }),
  regularUnitPriceIncVat: fc.integer({ min: 0, max: 500_000 }),
  campaignShare: fc.integer({ min: 0, max: 100 }),
  vatRateBp: fc.constantFrom(2_550, 2_500, 1_400, 1_200, 0),
})

const promoArb: fc.Arbitrary<PromoDiscount | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 0, max: 10_000 }).map((percentBp) => ({ type: 'PERCENTAGE' as const, percentBp })),
  fc
    .integer({ min: 0, max: 10_000_000 })
    .map((amountIncVat) => ({ type: 'FIXED_AMOUNT' as const, amountIncVat })),
)

const inputArb: fc.Arbitrary<SummaryInput> = fc.record({
  customerType: fc.constantFrom('PERSON' as const, 'ORGANIZATION' as const),
  lines: fc.array(lineArb, { maxLength: 12 }).map((lines) =>
    lines.map(({ campaignShare, ...rest }) => ({
      ...rest,
      sellingUnitPriceIncVat: Math.round((rest.regularUnitPriceIncVat * campaignShare) / 100),
    })),
  ),
  promo: promoArb,
  shipping: fc.record({
    feeIncVat: fc.integer({ min: 0, max: 10_000 }),
    freeShippingThreshold: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
    vatRateBp: fc.constantFrom(2_550, 2_500),
  }),
  balanceAvailable: fc.integer({ min: 0, max: 1_000_000 }),
})

describe('computeCartTotals properties', () => {
  it('total = lines − discounts + shipping, inc = ex + VAT, nothing negative, discount ≤ subtotal', () => {
    fc.assert(
      fc.property(inputArb, (cart) => {
        const t = computeCartTotals(cart)
        const lineFinalSum = t.lines.reduce((sum, l) => sum + l.final.incVat, 0)
        const lineSellingSum = t.lines.reduce((sum, l) => sum + l.selling.incVat, 0)
        // totals equal lines minus discounts plus shipping (and payment fee)
        expect(t.total.selling.incVat).toBe(
          lineSellingSum - t.promoDiscount.incVat + t.shipping.fee.incVat + t.paymentFee.incVat,
        )
        expect(t.total.selling.incVat).toBe(lineFinalSum + t.shipping.fee.incVat + t.paymentFee.incVat)
        // inc = ex + VAT (exact here; the spec allows a cent)
        expect(Math.abs(t.total.selling.exVat + t.total.vat - t.total.selling.incVat)).toBeLessThanOrEqual(1)
        expect(t.vats.reduce((sum, v) => sum + v.amount, 0)).toBe(t.total.vat)
        for (const l of t.lines) expect(l.final.exVat + l.final.vat).toBe(l.final.incVat)
        // a discount never exceeds the subtotal
        expect(t.promoDiscount.incVat).toBeLessThanOrEqual(t.subTotal.selling.incVat)
        expect(t.total.discount.incVat).toBeLessThanOrEqual(t.subTotal.regular.incVat)
        // nothing is ever negative
        const amounts = [
          t.subTotal.regular.incVat,
          t.subTotal.regular.exVat,
          t.subTotal.selling.incVat,
          t.subTotal.selling.exVat,
          t.subTotal.vat,
          t.promoDiscount.incVat,
          t.promoDiscount.exVat,
          t.goods.incVat,
          t.goods.exVat,
          t.shipping.fee.incVat,
          t.shipping.fee.exVat,
          t.shipping.amountLeftToFreeShipping,
          t.total.selling.incVat,
          t.total.selling.exVat,
          t.total.discount.incVat,
          t.total.discount.exVat,
          t.total.vat,
          t.balance.used,
          t.balance.remaining,
          t.balance.totalExBalance.incVat,
          t.balance.totalExBalance.exVat,
          ...t.lines.flatMap((l) => [l.final.incVat, l.final.exVat, l.final.vat, l.promoDiscountIncVat]),
          ...t.vats.map((v) => v.amount),
        ]
        for (const amount of amounts) expect(amount).toBeGreaterThanOrEqual(0)
        // every amount is whole minor units
        for (const amount of amounts) expect(Number.isInteger(amount)).toBe(true)
        // balance pays at most what is owed
        expect(t.balance.used).toBeLessThanOrEqual(t.total.selling.incVat)
      }),
      { numRuns: 500 },
    )
    // 500 generated carts take a few seconds on a loaded two-core machine: room, not a threshold
  }, 60_000)

  it('adding balance never changes VAT or the total before balance', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 100_000 }), (cart, extra) => {
        const a = computeCartTotals(cart)
        const b = computeCartTotals({ ...cart, balanceAvailable: cart.balanceAvailable + extra })
        expect(b.total).toEqual(a.total)
        expect(b.balance.totalExBalance.incVat).toBeLessThanOrEqual(a.balance.totalExBalance.incVat)
      }),
    )
  })
})

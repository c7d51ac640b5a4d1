import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  MAX_CARD_BADGES,
  cardBadges,
  customerTypeKind,
  lowestPriceNotice,
  priceDisplay,
  vatIncludedFor,
  type LowestPriceFields,
  type PriceFields,
} from './pricing'
import { DEFAULT_CONFIG } from '../app/global-slice'

const regular: PriceFields = {
  isDiscounted: false,
  sellingPriceIncVat: 89,
  sellingPriceExVat: 70.92,
  regularPriceIncVat: 89,
  regularPriceExVat: 70.92,
  discountPercentage: 0,
  sellingPriceIncVatFormatted: '89,00 €',
  sellingPriceExVatFormatted: '70,92 €',
  regularPriceIncVatFormatted: '89,00 €',
  regularPriceExVatFormatted: '70,92 €',
}

const reduced: PriceFields = {
  isDiscounted: true,
  sellingPriceIncVat: 59.95,
  sellingPriceExVat: 47.77,
  regularPriceIncVat: 89,
  regularPriceExVat: 70.92,
  discountPercentage: 33,
  sellingPriceIncVatFormatted: '59,95 €',
  sellingPriceExVatFormatted: '47,77 €',
  regularPriceIncVatFormatted: '89,00 €',
  regularPriceExVatFormatted: '70,92 €',
}

const lowest: LowestPriceFields = {
  isDiscounted: true,
  discountPercentage: 25,
  comparisonPriceIncVat: 79.95,
  comparisonPriceExVat: 63.71,
  comparisonPriceIncVatFormatted: '79,95 €',
  comparisonPriceExVatFormatted: '63,71 €',
}

describe('price display', () => {
  it('shows the inc-VAT selling price alone when not discounted', () => {
    expect(priceDisplay(regular, true)).toEqual({
      selling: '89,00 €',
      regular: null,
      discountPercentage: null,
      exVat: false,
    })
  })

  it('shows the ex-VAT amounts to a shopper without VAT', () => {
    expect(priceDisplay(regular, false)).toMatchObject({ selling: '70,92 €', regular: null, exVat: true })
    expect(priceDisplay(reduced, false)).toMatchObject({
      selling: '47,77 €',
      regular: '70,92 €',
      exVat: true,
    })
  })

  it('strikes the regular price through only when it is really higher', () => {
    expect(priceDisplay(reduced, true)).toMatchObject({
      selling: '59,95 €',
      regular: '89,00 €',
      discountPercentage: 33,
    })
    // a discount flag with equal amounts must not show the same price twice
    expect(priceDisplay({ ...regular, isDiscounted: true }, true).regular).toBeNull()
  })

  it('never shows a struck-through price equal to or below the selling price (property)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (isDiscounted, vatIncluded, selling, regularAmount) => {
          const price: PriceFields = {
            isDiscounted,
            sellingPriceIncVat: selling / 100,
            sellingPriceExVat: selling / 125,
            regularPriceIncVat: regularAmount / 100,
            regularPriceExVat: regularAmount / 125,
            discountPercentage: 10,
            sellingPriceIncVatFormatted: null,
            sellingPriceExVatFormatted: null,
            regularPriceIncVatFormatted: null,
            regularPriceExVatFormatted: null,
          }
          const shown = priceDisplay(price, vatIncluded)
          if (shown.regular !== null) {
            expect(isDiscounted).toBe(true)
            expect(regularAmount).toBeGreaterThan(selling)
          }
          expect(shown.exVat).toBe(!vatIncluded)
        },
      ),
    )
  })

  it('falls back to the number when a formatted amount is missing', () => {
    expect(priceDisplay({ ...regular, sellingPriceIncVatFormatted: null }, true).selling).toBe('89.00')
  })
})

describe('30-day lowest-price notice', () => {
  it('is shown with a reduced price, in the same VAT mode', () => {
    expect(lowestPriceNotice(reduced, lowest, true)).toBe('79,95 €')
    expect(lowestPriceNotice(reduced, lowest, false)).toBe('63,71 €')
  })

  it('is not shown for a regular price or without lowest-price data', () => {
    expect(lowestPriceNotice(regular, lowest, true)).toBeNull()
    expect(lowestPriceNotice(reduced, null, true)).toBeNull()
    expect(lowestPriceNotice({ ...regular, isDiscounted: true }, lowest, true)).toBeNull()
  })
})

describe('customer types', () => {
  it('take the VAT display from their configured entry', () => {
    expect(vatIncludedFor('PERSON', DEFAULT_CONFIG.customerTypes)).toBe(true)
    expect(vatIncludedFor('ORGANIZATION', DEFAULT_CONFIG.customerTypes)).toBe(false)
    expect(vatIncludedFor('STUDENT', DEFAULT_CONFIG.customerTypes)).toBe(true)
    expect(vatIncludedFor('CURVE', DEFAULT_CONFIG.customerTypes)).toBe(true)
    expect(vatIncludedFor('UNKNOWN', DEFAULT_CONFIG.customerTypes)).toBe(true)
  })

  it('recognise students and curve by the word in the type', () => {
    expect(customerTypeKind('PERSON')).toBe('person')
    expect(customerTypeKind('STUDENT')).toBe('student')
    expect(customerTypeKind('student-fi')).toBe('student')
    expect(customerTypeKind('CURVE')).toBe('curve')
    expect(customerTypeKind('ORGANIZATION')).toBe('organization')
    expect(customerTypeKind('B2B_RETAIL')).toBe('organization')
  })
})

describe('card badges', () => {
  it('keep the API badges in availability-first order', () => {
    expect(cardBadges({ badges: ['NEW', 'BESTSELLER', 'OUT_OF_STOCK'] })).toEqual([
      'OUT_OF_STOCK',
      'NEW',
      'BESTSELLER',
    ])
  })

  it('mark a sold-out product even when the API gave no badge for it', () => {
    expect(cardBadges({ badges: [], stockStatus: 'OUT_OF_STOCK' })).toEqual(['OUT_OF_STOCK'])
    expect(cardBadges({ badges: null, stockStatus: 'IN_STOCK' })).toEqual([])
  })

  it('never show an incoming product as sold out or new', () => {
    expect(cardBadges({ badges: ['NEW', 'INCOMING'], stockStatus: 'OUT_OF_STOCK' })).toEqual(['INCOMING'])
  })

  it('drop unknown values and duplicates, and show at most three', () => {
    const badges = cardBadges({
      badges: ['PETITE', 'SALE', null, 'PETITE', 'COLLAB', 'SUSTAINABLE', 'SIZES', 'OUTLET'],
    })
    expect(badges).toEqual(['OUTLET', 'COLLAB', 'SUSTAINABLE'])
    expect(badges.length).toBeLessThanOrEqual(MAX_CARD_BADGES)
  })
})

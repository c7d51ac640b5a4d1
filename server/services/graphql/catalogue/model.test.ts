import { describe, expect, it } from 'vitest'
import type { MarketRow, RequestScope } from '../context'
import { lowestPriceType, priceType, productBadges, stockStatus, type BadgeInput } from './model'

const fi: MarketRow = {
  alias: 'fi',
  marketId: '1|fi',
  countryCode: 'FI',
  countryName: 'Suomi',
  currencyCode: 'EUR',
  currencyName: 'Euro',
  currencySymbol: '€',
  vatRateBp: 2550,
  defaultLanguage: 'fi',
  allowedLanguages: ['fi', 'sv'],
  groupKey: 'default',
  isVirtual: false,
  onlyDisplayInCheckout: false,
}
const se: MarketRow = {
  ...fi,
  alias: 'se',
  marketId: '1|se',
  currencyCode: 'SEK',
  currencyName: 'Krona',
  currencySymbol: 'kr',
  vatRateBp: 2500,
  defaultLanguage: 'sv',
  allowedLanguages: ['sv'],
}
const fiScope: RequestScope = { channelId: '1|fi', market: fi, language: 'fi', locale: 'fi-FI' }
const seScope: RequestScope = { channelId: '1|fi', market: se, language: 'sv', locale: 'sv-SE' }
const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('priceType', () => {
  it('gives decimals in major units, VAT split from the inclusive price and formatted strings', () => {
    const price = priceType({ regularIncVat: 6995, sellingIncVat: 4995, vatRateBp: 2550 }, fiScope)
    expect(price.sellingPriceIncVat).toBe(49.95)
    expect(price.sellingPriceExVat).toBe(39.8) // 49.95 / 1.255 = 39.80
    expect(price.vat).toBe(10.15)
    expect(price.regularPriceIncVat).toBe(69.95)
    expect(price.discountIncVat).toBe(20)
    expect(price.discountPercentage).toBe(29)
    expect(price.isDiscounted).toBe(true)
    expect(nbsp(price.sellingPriceIncVatFormatted)).toBe('49,95 €')
    expect(price.currency.code).toBe('EUR')
  })

  it('formats Swedish crowns in Swedish', () => {
    const price = priceType({ regularIncVat: 49900, sellingIncVat: 49900, vatRateBp: 2500 }, seScope)
    expect(nbsp(price.sellingPriceIncVatFormatted)).toBe('499,00 kr')
    expect(price.sellingPriceExVat).toBe(399.2)
    expect(price.isDiscounted).toBe(false)
    expect(price.discountPercentage).toBe(0)
  })
})

describe('lowestPriceType (30-day rule)', () => {
  it('compares today’s price with the lowest price of the previous 30 days', () => {
    // Regular 100 €, sold at 80 € two weeks ago, now 60 €: the discount shown is 25 % off 80 €.
    const lowest = lowestPriceType(
      { regularIncVat: 10000, sellingIncVat: 6000, vatRateBp: 2550, lowest30dIncVat: 8000 },
      fiScope,
    )
    expect(lowest.comparisonPriceIncVat).toBe(80)
    expect(lowest.lowestPriceIncVat).toBe(60)
    expect(lowest.discountPercentage).toBe(25)
    expect(lowest.isDiscounted).toBe(true)
  })

  it('uses the regular price when nothing was logged', () => {
    const lowest = lowestPriceType(
      { regularIncVat: 10000, sellingIncVat: 10000, vatRateBp: 2550, lowest30dIncVat: null },
      fiScope,
    )
    expect(lowest.comparisonPriceIncVat).toBe(100)
    expect(lowest.isDiscounted).toBe(false)
    expect(lowest.discountIncVat).toBe(0)
  })
})

describe('stockStatus', () => {
  const stock = (inStock: number, oversellable = 0, staticStock = 0) => ({
    inStock,
    oversellable,
    static: staticStock,
    incoming: null,
  })
  it.each([
    [stock(10), 'IN_STOCK'],
    [stock(7), 'IN_STOCK'],
    [stock(6), 'FEW_LEFT'],
    [stock(5), 'FEW_LEFT'],
    [stock(1), 'FEW_LEFT'],
    [stock(0), 'OUT_OF_STOCK'],
    [stock(0, 5), 'OVERSELLABLE'],
    [stock(0, 0, 1), 'STATIC'],
  ] as const)('%o → %s', (input, expected) => {
    expect(stockStatus(input)).toBe(expected)
  })
})

describe('productBadges', () => {
  const base: BadgeInput = {
    firstAvailableOn: '2026-01-01',
    salesCount: 0,
    isCollab: false,
    isSustainable: false,
    hasExtendedSizes: false,
    isPetite: false,
    isOutlet: false,
    stock: { inStock: 10, oversellable: 0, static: 0, incoming: null },
  }
  const today = '2026-11-23'

  it('marks new, bestseller and flag badges', () => {
    expect(
      productBadges(
        {
          ...base,
          firstAvailableOn: '2026-11-01',
          salesCount: 500,
          isCollab: true,
          isSustainable: true,
          hasExtendedSizes: true,
          isPetite: true,
          isOutlet: true,
        },
        today,
      ),
    ).toEqual(['NEW', 'BESTSELLER', 'COLLAB', 'SUSTAINABLE', 'SIZES', 'PETITE', 'OUTLET'])
    expect(productBadges(base, today)).toEqual([])
  })

  it('marks sold-out products, and incoming instead when a restock date is ahead', () => {
    const soldOut = { ...base.stock, inStock: 0 }
    expect(productBadges({ ...base, stock: soldOut }, today)).toEqual(['OUT_OF_STOCK'])
    expect(productBadges({ ...base, stock: { ...soldOut, incoming: '2026-12-10' } }, today)).toEqual([
      'INCOMING',
    ])
    expect(productBadges({ ...base, firstAvailableOn: '2026-12-01' }, today)).toEqual(['INCOMING'])
  })
})

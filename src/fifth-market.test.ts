/**
 * Proof by a fifth market (issue 28, ADR 0077), storefront side: Iceland (market `is`, ISK with no
 * minor unit, language `is`) is added to the shop definition's table by a fixture and nothing else;
 * the spine (URLs, market and language lookups, hreflang, API scope), money, the cart's money rows
 * and the checkout's rules then work for it. server/fifth-market.test.ts proves the seed and mail.
 */
import { describe, expect, it, vi } from 'vitest'

vi.mock('./shared/shop-definition', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./shared/shop-definition')>()
  const { withIceland } = await import('./shared/fifth-market/test-fixtures')
  return { ...actual, SHOP_DATA: withIceland(actual.SHOP_DATA) }
})

const { CURRENCY_CODES, LOCALES, MARKETS, MARKET_ALIASES, apiScope, isCountryCode, isMarketAlias } =
  await import('./shared/markets')
const { formatMoney, fromDecimal, toDecimal } = await import('./shared/money')
const { HREFLANG_TARGETS, pathFor, resolveUrl, matchRoute } = await import('./shared/paths')
const { pointsFor, payoutFor } = await import('./shared/loyalty')
const { cartMoney } = await import('./features/cart/rules')
const { cartView, item, price } = await import('./features/cart/test-cart')
const { checkoutErrors } = await import('./features/checkout/form-rules')

const nbsp = /\u00a0|\u202f/g
const ICELAND = 'is' as never
const ISK = 'ISK' as never
const SETTINGS = { mode: 'path' as const, marketDomains: {} }

describe('a fifth market from the definition alone', () => {
  it('is a market with its currency, language and country', () => {
    expect(MARKET_ALIASES).toContain('is')
    expect(CURRENCY_CODES).toContain('ISK')
    expect(isMarketAlias('is')).toBe(true)
    expect(isCountryCode('IS')).toBe(true)
    const market = MARKETS[ICELAND]
    expect(market).toMatchObject({
      currency: 'ISK',
      defaultLocale: 'is',
      vatRateBp: 2400,
      returnWindowDays: 30,
    })
    expect(LOCALES[ICELAND]).toMatchObject({ iso: 'is-IS', currency: 'ISK' })
    expect(apiScope(ICELAND, ICELAND)).toEqual({ channelId: '1|fi', marketId: 'is', languageId: 'is-IS' })
  })

  it('formats and parses krónur without decimals', () => {
    expect(formatMoney(12_990, ISK, 'is-IS').replace(nbsp, ' ')).toBe('12.990 kr.')
    expect(toDecimal(12_990, ISK)).toBe(12_990)
    expect(fromDecimal(12_990.4, ISK)).toBe(12_990)
    // the four first currencies keep their two decimals
    expect(fromDecimal(49.95, 'EUR')).toBe(4_995)
  })

  it('has URLs: the market path, its pages, hreflang', () => {
    // path mode: /{market}/{locale}/…, as for Sweden's /se/sv/
    const home = resolveUrl(new URL('http://localhost/is/is/'), { settings: SETTINGS })
    expect(home).toEqual({ kind: 'page', market: 'is', locale: 'is', basename: '/is/is' })
    expect(resolveUrl(new URL('http://localhost/is/'), { settings: SETTINGS })).toMatchObject({
      kind: 'redirect',
      location: '/is/is/',
    })
    expect(pathFor({ market: ICELAND, locale: ICELAND, settings: SETTINGS }, 'checkout')).toBe(
      '/is/is/kassen',
    )
    expect(
      pathFor({ market: ICELAND, locale: ICELAND, settings: SETTINGS }, 'product', { '*': 'kjolar/svartur' }),
    ).toBe('/is/is/p/kjolar/svartur')
    expect(matchRoute('/nyheder', ICELAND)?.route.name).toBe('new-arrivals')
    expect(HREFLANG_TARGETS.some((target) => target.market === ICELAND && target.hreflang === 'is-IS')).toBe(
      true,
    )
    // a language the market does not offer goes to the market's own
    expect(resolveUrl(new URL('http://localhost/is/sv/'), { settings: SETTINGS })).toMatchObject({
      kind: 'redirect',
      location: '/is/is/',
    })
  })

  it('earns loyalty points in krónur', () => {
    expect(pointsFor(15_000, ISK)).toBe(1_000)
    expect(payoutFor(2_400, ISK)).toEqual({ points: 2_000, value: 750 })
  })

  it('shows the cart’s money rows in whole krónur', () => {
    const summary = cartView().summary!
    const cart = cartView({
      items: [item({ skuId: 101, quantity: 1 })],
      summary: {
        ...summary,
        subTotal: price(9_990, 8_056),
        fees: { shippingFeeIncVat: 990, shippingFeeExVat: 798, paymentFeeIncVat: 0, paymentFeeExVat: 0 },
        total: {
          ...summary.total!,
          sellingPriceIncVat: 10_980,
          sellingPriceExVat: 8_854,
          vat: 2_126,
          discountIncVat: 0,
        },
      },
    })
    const money = cartMoney(cart, true, ISK)
    expect(money.rows.map((row) => [row.kind, row.amount])).toEqual([
      ['products', 9_990],
      ['shipping', 990],
      ['total', 10_980],
    ])
    expect(money.addsUp).toBe(true)
  })

  it('checks the checkout form with the country’s zip rule', () => {
    const form = {
      email: 'anna@example.is',
      customerType: 'PERSON' as const,
      firstName: 'Anna',
      lastName: 'Jónsdóttir',
      address: 'Laugavegur 1',
      zip: '101',
      city: 'Reykjavík',
      phone: '+354 611 1234',
    }
    const input = {
      form: form as never,
      country: 'IS' as never,
      paymentKind: null,
      shippingId: '11',
      paymentId: '21',
      shippingOptionCount: 2,
      termsAccepted: true,
    }
    expect(checkoutErrors(input)).toEqual({})
    expect(checkoutErrors({ ...input, form: { ...form, zip: '00100' } as never })).toEqual({
      zip: 'validation.zip',
    })
  })
})

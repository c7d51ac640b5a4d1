import { describe, expect, it } from 'vitest'
import type { MarketRow } from './context'
import { configuredMarkets, resolveScope } from './scope'

const market = (
  alias: MarketRow['alias'],
  defaultLanguage: MarketRow['defaultLanguage'],
  allowed: MarketRow['allowedLanguages'],
): MarketRow => ({
  alias,
  marketId: `1|${alias}`,
  countryCode: alias.toUpperCase(),
  countryName: alias,
  currencyCode: 'EUR',
  currencyName: 'Euro',
  currencySymbol: '€',
  vatRateBp: 2500,
  defaultLanguage,
  allowedLanguages: allowed,
  groupKey: 'default',
  isVirtual: false,
  onlyDisplayInCheckout: false,
})
const markets = [market('se', 'sv', ['sv']), market('fi', 'fi', ['fi', 'sv']), market('dk', 'da', ['da'])]

describe('resolveScope', () => {
  it('uses the given market (alias or id) and language (iso or code)', () => {
    expect(resolveScope(markets, { marketId: 'se', languageId: 'sv-SE' })).toMatchObject({
      market: { alias: 'se' },
      language: 'sv',
      locale: 'sv-SE',
    })
    expect(resolveScope(markets, { marketId: '1|dk', languageId: 'da' })).toMatchObject({
      market: { alias: 'dk' },
      language: 'da',
    })
    expect(resolveScope(markets, { marketId: 'fi', languageId: 'sv-SE' })).toMatchObject({
      market: { alias: 'fi' },
      language: 'sv',
    })
  })

  it('falls back to the fi market and its language for unknown or missing values', () => {
    expect(resolveScope(markets, {})).toMatchObject({
      channelId: '1|fi',
      market: { alias: 'fi' },
      language: 'fi',
      locale: 'fi-FI',
    })
    expect(resolveScope(markets, { marketId: 'xx', languageId: 'en-GB' })).toMatchObject({
      market: { alias: 'fi' },
      language: 'fi',
    })
  })

  it('replaces a language the market does not allow with the market default', () => {
    expect(resolveScope(markets, { marketId: 'se', languageId: 'fi-FI' })).toMatchObject({
      market: { alias: 'se' },
      language: 'sv',
    })
  })

  it('takes the market from a channel id like 1|dk when no marketId is given', () => {
    expect(resolveScope(markets, { channelId: '1|dk' })).toMatchObject({
      market: { alias: 'dk' },
      language: 'da',
    })
  })
})

describe('configuredMarkets', () => {
  it('describes the four markets of the typed config for when the database cannot', () => {
    const markets = configuredMarkets()
    expect(markets.map((m) => [m.alias, m.currencyCode, m.vatRateBp, m.defaultLanguage])).toEqual([
      ['fi', 'EUR', 2550, 'fi'],
      ['se', 'SEK', 2500, 'sv'],
      ['no', 'NOK', 2500, 'nb'],
      ['dk', 'DKK', 2500, 'da'],
    ])
    expect(resolveScope(markets, { languageId: 'sv-SE' })).toMatchObject({
      market: { alias: 'fi' },
      language: 'sv',
    })
  })
})

import { describe, expect, it } from 'vitest'
import {
  channelInitialised,
  channelReducer,
  currencyFor,
  fallbackMarkets,
  initialChannelState,
  marketChanged,
  marketsLoaded,
  selectSelectableMarkets,
  type MarketInfo,
} from './slice'

describe('channel', () => {
  it('knows the four markets before the API answers', () => {
    const markets = fallbackMarkets()
    expect(markets.map((market) => [market.alias, market.currency.code, market.defaultLanguageId])).toEqual([
      ['fi', 'EUR', 'fi-FI'],
      ['se', 'SEK', 'sv-SE'],
      ['no', 'NOK', 'nb-NO'],
      ['dk', 'DKK', 'da-DK'],
    ])
    expect(markets[0]?.allowedLanguages.map((language) => language.code)).toEqual(['fi', 'sv'])
    expect(initialChannelState.marketsSource).toBe('fallback')
  })

  it('a market change sets current and checkout market and the currency', () => {
    const state = channelReducer(initialChannelState, marketChanged('se'))
    expect(state).toMatchObject({ currentMarket: 'se', checkoutMarket: 'se', currency: 'SEK' })
  })

  it('initialises market, checkout market, locale and currency', () => {
    const state = channelReducer(
      initialChannelState,
      channelInitialised({ market: 'dk', checkoutMarket: 'fi', locale: 'da', urlMode: 'domain' }),
    )
    expect(state).toMatchObject({
      currentMarket: 'dk',
      checkoutMarket: 'fi',
      locale: 'da',
      currency: 'DKK',
      urlMode: 'domain',
    })
  })

  it('takes the API market list, but never an empty one', () => {
    const fromApi: MarketInfo[] = fallbackMarkets().map((market) => ({
      ...market,
      onlyDisplayInCheckout: market.alias === 'dk',
    }))
    const state = channelReducer(
      initialChannelState,
      marketsLoaded({ defaultMarketId: '1|fi', markets: fromApi }),
    )
    expect(state.marketsSource).toBe('api')
    expect(selectSelectableMarkets({ channel: state }).map((market) => market.alias)).toEqual([
      'fi',
      'se',
      'no',
    ])
    expect(
      channelReducer(initialChannelState, marketsLoaded({ defaultMarketId: null, markets: [] })),
    ).toEqual(initialChannelState)
  })

  it('falls back to the built-in currency when the list has none for the market', () => {
    expect(currencyFor([], 'no')).toBe('NOK')
  })
})

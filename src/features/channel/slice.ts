/**
 * Channel (docs/product-rules.md#markets-and-urls: market and channel, market change): the current and the checkout market, the
 * market list (the built-in fallback list until the API's answers), locale, currency, URL mode.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import {
  CURRENCIES,
  FALLBACK_MARKET,
  isCurrencyCode,
  LOCALES,
  MARKETS,
  MARKET_ALIASES,
  DEFAULT_LOCALE,
  type CurrencyCode,
  type LocaleCode,
  type MarketAlias,
} from '../../shared/markets'

export interface MarketLanguage {
  /** locale iso, e.g. fi-FI */
  id: string
  name: string
  /** locale code, e.g. fi */
  code: string
}

export interface MarketInfo {
  id: string
  alias: MarketAlias
  defaultLanguageId: string
  virtual: boolean
  onlyDisplayInCheckout: boolean
  groupKey: string
  allowedLanguages: MarketLanguage[]
  country: { name: string; code: string }
  currency: { name: string; code: string; symbol: string }
  /** The order value (a decimal in the market's currency, incl. VAT) from which shipping is free; null when unknown or never. */
  freeShippingThreshold: number | null
}

export interface ChannelState {
  currentMarket: MarketAlias
  checkoutMarket: MarketAlias
  markets: MarketInfo[]
  /** where the list came from: the built-in fallback, or the API */
  marketsSource: 'fallback' | 'api'
  defaultMarketId: string | null
  locale: LocaleCode
  currency: CurrencyCode
  urlMode: 'path' | 'domain'
}

/** The markets the shop knows without asking the API (src/shared/markets.ts), in the API's shape. */
export function fallbackMarkets(): MarketInfo[] {
  return MARKET_ALIASES.map((alias) => {
    const market = MARKETS[alias]
    return {
      id: `1|${alias}`,
      alias,
      defaultLanguageId: LOCALES[market.defaultLocale].iso,
      virtual: false,
      onlyDisplayInCheckout: false,
      groupKey: alias,
      allowedLanguages: market.allowedLocales.map((code) => ({
        id: LOCALES[code].iso,
        name: LOCALES[code].name,
        code,
      })),
      country: { name: market.countryName, code: market.countryCode },
      currency: {
        code: market.currency,
        name: CURRENCIES[market.currency].name,
        symbol: CURRENCIES[market.currency].symbol,
      },
      // a figure of the database: unknown until the API answers
      freeShippingThreshold: null,
    }
  })
}

export const initialChannelState: ChannelState = {
  currentMarket: FALLBACK_MARKET,
  checkoutMarket: FALLBACK_MARKET,
  markets: fallbackMarkets(),
  marketsSource: 'fallback',
  defaultMarketId: null,
  locale: DEFAULT_LOCALE,
  currency: MARKETS[FALLBACK_MARKET].currency,
  urlMode: 'path',
}

/** The market's currency from the list, else from the built-in config (docs/product-rules.md#markets-and-urls). */
export function currencyFor(markets: readonly MarketInfo[], alias: MarketAlias): CurrencyCode {
  const code = markets.find((market) => market.alias === alias)?.currency.code
  if (code && isCurrencyCode(code)) return code
  return MARKETS[alias].currency
}

const channelSlice = createSlice({
  name: 'channel',
  initialState: initialChannelState,
  reducers: {
    channelInitialised(
      state,
      action: PayloadAction<{
        market: MarketAlias
        checkoutMarket: MarketAlias
        locale: LocaleCode
        urlMode: 'path' | 'domain'
      }>,
    ) {
      state.currentMarket = action.payload.market
      state.checkoutMarket = action.payload.checkoutMarket
      state.locale = action.payload.locale
      state.urlMode = action.payload.urlMode
      state.currency = currencyFor(state.markets, action.payload.market)
    },
    marketsLoaded(state, action: PayloadAction<{ defaultMarketId: string | null; markets: MarketInfo[] }>) {
      if (action.payload.markets.length === 0) return
      state.markets = action.payload.markets
      state.marketsSource = 'api'
      state.defaultMarketId = action.payload.defaultMarketId
      state.currency = currencyFor(state.markets, state.currentMarket)
    },
    /** docs/product-rules.md#markets-and-urls market change: current and checkout market and the currency follow. */
    marketChanged(state, action: PayloadAction<MarketAlias>) {
      state.currentMarket = action.payload
      state.checkoutMarket = action.payload
      state.currency = currencyFor(state.markets, action.payload)
    },
    checkoutMarketChanged(state, action: PayloadAction<MarketAlias>) {
      state.checkoutMarket = action.payload
    },
    localeSet(state, action: PayloadAction<LocaleCode>) {
      state.locale = action.payload
    },
  },
})

export const { channelInitialised, marketsLoaded, marketChanged, checkoutMarketChanged, localeSet } =
  channelSlice.actions
export const channelReducer = channelSlice.reducer

export const selectCurrentMarket = (state: { channel: ChannelState }): MarketInfo | undefined =>
  state.channel.markets.find((market) => market.alias === state.channel.currentMarket)
/** Markets the market switch offers: the checkout-only ones are left out. */
export const selectSelectableMarkets = (state: { channel: ChannelState }): MarketInfo[] =>
  state.channel.markets.filter((market) => !market.onlyDisplayInCheckout && !market.virtual)

/** The free-shipping threshold of a market as the API gave it (decimal, incl. VAT); null when unknown. */
export function freeShippingThresholdOf(
  channel: Pick<ChannelState, 'markets'>,
  alias: MarketAlias,
): number | null {
  return channel.markets.find((market) => market.alias === alias)?.freeShippingThreshold ?? null
}

/**
 * Markets and languages: the typed lists and lookups that drive routes, links, cookies, GraphQL
 * variables, formatting, hreflang and the sitemap (docs/adr/0001-urls-and-markets.md). Every
 * value is derived from the shop definition's table (`shop-definition.ts`, ADR 0077); nothing
 * here names a market, a language or a currency.
 */
import { SHOP_DATA, type ShippingOptionData } from './shop-definition'

type Data = typeof SHOP_DATA

export type LocaleCode = keyof Data['languages']
export type MarketAlias = keyof Data['markets']
export type CurrencyCode = keyof Data['currencies']
export type LocaleIso = Data['languages'][LocaleCode]['iso']
export type CountryCode = Data['markets'][MarketAlias]['countryCode']

const keysOf = <K extends string>(record: Readonly<Record<K, unknown>>) => Object.keys(record) as K[]

export const LOCALE_CODES: readonly LocaleCode[] = keysOf(SHOP_DATA.languages)
export const MARKET_ALIASES: readonly MarketAlias[] = keysOf(SHOP_DATA.markets)
export const CURRENCY_CODES: readonly CurrencyCode[] = keysOf(SHOP_DATA.currencies)

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(SHOP_DATA.currencies, value)
}

export interface CurrencyConfig {
  code: CurrencyCode
  name: string
  symbol: string
  /** ISO 4217 minor unit: the decimals of an amount (EUR 2, ISK 0) */
  minorUnit: number
}

/** Each currency's name, symbol and minor unit (the built-in copy for when the API cannot answer). */
export const CURRENCIES = Object.fromEntries(
  CURRENCY_CODES.map((code) => {
    const { name, symbol, minorUnit } = SHOP_DATA.currencies[code]
    return [code, { code, name, symbol, minorUnit }]
  }),
) as Record<CurrencyCode, CurrencyConfig>

export interface LocaleConfig {
  code: LocaleCode
  iso: LocaleIso
  /** The language's own name, shown in the language switch. */
  name: string
  country: string
  /** the currency of the market the language is the default of */
  currency: CurrencyCode
  flag: string
  /** PostgreSQL's full-text configuration */
  tsConfig: string
  /** the language whose route slugs this one uses where it has none of its own */
  slugsFrom: LocaleCode | null
}

export interface MarketConfig {
  alias: MarketAlias
  /** ISO 3166-1 alpha-2 */
  countryCode: CountryCode
  countryName: string
  currency: CurrencyCode
  defaultLocale: LocaleCode
  allowedLocales: readonly LocaleCode[]
  /** IANA zone for dates shown to shoppers (the server runs in UTC). */
  timeZone: string
  /** standard VAT in basis points */
  vatRateBp: number
  zipPattern: RegExp
  phone: { callingCode: string; mobile: RegExp; trunkZero: boolean }
  /** minor units incl. VAT */
  minOrderValue: number
  freeShippingThreshold: number
  shipping: readonly ShippingOptionData[]
  invoiceFee: number
  invoiceDueDays: number
  returnWindowDays: number
}

export const MARKETS = Object.fromEntries(
  MARKET_ALIASES.map((alias) => {
    const { languages, ...market } = SHOP_DATA.markets[alias] as Data['markets'][MarketAlias]
    const allowedLocales = languages as readonly LocaleCode[]
    const config: MarketConfig = {
      ...market,
      alias,
      allowedLocales,
      defaultLocale: allowedLocales[0] as LocaleCode,
    }
    return [alias, config]
  }),
) as Record<MarketAlias, MarketConfig>

/**
 * The standard VAT rate per market in basis points (25.5 % = 2550). The seed writes it into the
 * database, which the commerce API then reads.
 */
export const STANDARD_VAT_RATE_BP = Object.fromEntries(
  MARKET_ALIASES.map((alias) => [alias, MARKETS[alias].vatRateBp]),
) as Record<MarketAlias, number>

export const DEFAULT_LOCALE = SHOP_DATA.defaultLanguage as LocaleCode
export const FALLBACK_MARKET = SHOP_DATA.fallbackMarket as MarketAlias
export const CHANNEL_ID = `1|${FALLBACK_MARKET}`

function homeMarketOf(code: LocaleCode): MarketConfig {
  const markets = MARKET_ALIASES.map((alias) => MARKETS[alias])
  return (
    markets.find((market) => market.defaultLocale === code) ??
    markets.find((market) => market.allowedLocales.includes(code)) ??
    MARKETS[FALLBACK_MARKET]
  )
}

export const LOCALES = Object.fromEntries(
  LOCALE_CODES.map((code) => {
    const language = SHOP_DATA.languages[code]
    const config: LocaleConfig = {
      code,
      iso: language.iso,
      name: language.name,
      country: language.country,
      currency: homeMarketOf(code).currency,
      flag: language.flag,
      tsConfig: language.tsConfig,
      slugsFrom: 'slugsFrom' in language ? (language.slugsFrom as LocaleCode) : null,
    }
    return [code, config]
  }),
) as Record<LocaleCode, LocaleConfig>

export function isMarketAlias(value: unknown): value is MarketAlias {
  return typeof value === 'string' && Object.hasOwn(SHOP_DATA.markets, value)
}

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && Object.hasOwn(SHOP_DATA.languages, value)
}

export function localeFromIso(iso: string): LocaleCode | undefined {
  return LOCALE_CODES.find((code) => LOCALES[code].iso.toLowerCase() === iso.toLowerCase())
}

export function isLocaleAllowed(market: MarketAlias, locale: LocaleCode): boolean {
  return MARKETS[market].allowedLocales.includes(locale)
}

/** The countries of the markets (ISO 3166-1 alpha-2). */
export const COUNTRY_CODES: readonly CountryCode[] = MARKET_ALIASES.map((alias) => MARKETS[alias].countryCode)

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value)
}

/** The market of a country, or undefined for a country the shop does not sell to. */
export function marketOfCountry(country: string): MarketConfig | undefined {
  return MARKET_ALIASES.map((alias) => MARKETS[alias]).find((market) => market.countryCode === country)
}

/** The GraphQL variables every operation gets (docs/product-rules.md#markets-and-urls). */
export function apiScope(market: MarketAlias, locale: LocaleCode) {
  return { channelId: CHANNEL_ID, marketId: market, languageId: LOCALES[locale].iso }
}

/** The market's config, or the fallback market's for an alias the shop does not know (old rows). */
export function marketOrFallback(alias: string): MarketConfig {
  return isMarketAlias(alias) ? MARKETS[alias] : MARKETS[FALLBACK_MARKET]
}

/** Days after delivery a return can be registered in the market (the database keeps a row per market). */
export function marketReturnWindowDays(alias: string): number {
  return marketOrFallback(alias).returnWindowDays
}

/** Days after placement an invoice order of the market falls due. */
export function marketInvoiceDueDays(alias: string): number {
  return marketOrFallback(alias).invoiceDueDays
}

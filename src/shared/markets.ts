/**
 * Markets and languages: the one typed config that drives routes, links, cookies, GraphQL
 * variables, formatting, hreflang and the sitemap (docs/product-rules.md#markets-and-urls).
 */
export const LOCALE_CODES = ['fi', 'sv', 'nb', 'da'] as const
export type LocaleCode = (typeof LOCALE_CODES)[number]

export const MARKET_ALIASES = ['fi', 'se', 'no', 'dk'] as const
export type MarketAlias = (typeof MARKET_ALIASES)[number]

export const CURRENCY_CODES = ['EUR', 'SEK', 'NOK', 'DKK'] as const
export type CurrencyCode = (typeof CURRENCY_CODES)[number]

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value)
}

/** Each currency's name and symbol as the channel describes them (the built-in copy for when the API cannot answer). */
export const CURRENCIES: Record<CurrencyCode, { name: string; symbol: string }> = {
  EUR: { name: 'Euro', symbol: '€' },
  SEK: { name: 'Svensk krona', symbol: 'kr' },
  NOK: { name: 'Norsk krone', symbol: 'kr' },
  DKK: { name: 'Dansk krone', symbol: 'kr' },
}
export type LocaleIso = 'fi-FI' | 'sv-SE' | 'nb-NO' | 'da-DK'

export interface LocaleConfig {
  code: LocaleCode
  iso: LocaleIso
  /** The language's own name, shown in the language switch. */
  name: string
  country: string
  currency: CurrencyCode
  flag: string
}

export interface MarketConfig {
  alias: MarketAlias
  /** ISO 3166-1 alpha-2 */
  countryCode: 'FI' | 'SE' | 'NO' | 'DK'
  countryName: string
  currency: CurrencyCode
  defaultLocale: LocaleCode
  allowedLocales: readonly LocaleCode[]
  /** IANA zone for dates shown to shoppers (the server runs in UTC). */
  timeZone: string
}

/**
 * The standard VAT rate per market in basis points (25.5 % = 2550), integers so that sums stay
 * exact. Finland raised its rate to 25.5 % in 2024. The seed writes it into the database, which
 * the commerce API then reads.
 */
export const STANDARD_VAT_RATE_BP: Record<MarketAlias, number> = { fi: 2550, se: 2500, no: 2500, dk: 2500 }

export const DEFAULT_LOCALE: LocaleCode = 'fi'
export const FALLBACK_MARKET: MarketAlias = 'fi'
export const CHANNEL_ID = '1|fi'

export const LOCALES: Record<LocaleCode, LocaleConfig> = {
  fi: { code: 'fi', iso: 'fi-FI', name: 'Suomi', country: 'Suomi', currency: 'EUR', flag: '🇫🇮' },
  sv: { code: 'sv', iso: 'sv-SE', name: 'Svenska', country: 'Sverige', currency: 'SEK', flag: '🇸🇪' },
  nb: { code: 'nb', iso: 'nb-NO', name: 'Norsk', country: 'Norge', currency: 'NOK', flag: '🇳🇴' },
  da: { code: 'da', iso: 'da-DK', name: 'Dansk', country: 'Danmark', currency: 'DKK', flag: '🇩🇰' },
}

export const MARKETS: Record<MarketAlias, MarketConfig> = {
  fi: {
    alias: 'fi',
    countryCode: 'FI',
    countryName: 'Suomi',
    currency: 'EUR',
    defaultLocale: 'fi',
    allowedLocales: ['fi', 'sv'],
    timeZone: 'Europe/Helsinki',
  },
  se: {
    alias: 'se',
    countryCode: 'SE',
    countryName: 'Sverige',
    currency: 'SEK',
    defaultLocale: 'sv',
    allowedLocales: ['sv'],
    timeZone: 'Europe/Stockholm',
  },
  no: {
    alias: 'no',
    countryCode: 'NO',
    countryName: 'Norge',
    currency: 'NOK',
    defaultLocale: 'nb',
    allowedLocales: ['nb'],
    timeZone: 'Europe/Oslo',
  },
  dk: {
    alias: 'dk',
    countryCode: 'DK',
    countryName: 'Danmark',
    currency: 'DKK',
    defaultLocale: 'da',
    allowedLocales: ['da'],
    timeZone: 'Europe/Copenhagen',
  },
}

export function isMarketAlias(value: unknown): value is MarketAlias {
  return typeof value === 'string' && (MARKET_ALIASES as readonly string[]).includes(value)
}

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value)
}

export function localeFromIso(iso: string): LocaleCode | undefined {
  return LOCALE_CODES.find((code) => LOCALES[code].iso.toLowerCase() === iso.toLowerCase())
}

export function isLocaleAllowed(market: MarketAlias, locale: LocaleCode): boolean {
  return MARKETS[market].allowedLocales.includes(locale)
}

/** The GraphQL variables every operation gets (docs/product-rules.md#markets-and-urls). */
export function apiScope(market: MarketAlias, locale: LocaleCode) {
  return { channelId: CHANNEL_ID, marketId: market, languageId: LOCALES[locale].iso }
}

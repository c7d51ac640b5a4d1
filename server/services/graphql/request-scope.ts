/**
 * The market, language and shopper one GraphQL operation runs for: plain data, no behaviour, so
 * the context, the scope resolution and the catalogue loaders can all name it without importing
 * one another.
 */
import type { LocaleCode, LocaleIso, MarketAlias, CurrencyCode } from '../../../src/shared/markets'
import type { BuyerType } from '../../../src/shared/customer-types'

/** A market as the database describes it (markets + market_languages). */
export interface MarketRow {
  alias: MarketAlias
  /** Geins MarketType.id, e.g. '1|fi' */
  marketId: string
  countryCode: string
  countryName: string
  currencyCode: CurrencyCode
  currencyName: string
  currencySymbol: string
  /** Standard VAT rate in basis points (25.5 % = 2550). */
  vatRateBp: number
  /** Minimum order value in minor units incl. VAT; null when the market has none. */
  minOrderValueIncVat?: number | null
  /** The lowest order value in minor units incl. VAT at which an active shipping option is free; null when none is. */
  freeShippingThreshold?: number | null
  defaultLanguage: LocaleCode
  allowedLanguages: LocaleCode[]
  groupKey: string
  isVirtual: boolean
  onlyDisplayInCheckout: boolean
}

/** The channel, market and language one operation runs in. */
export interface RequestScope {
  channelId: string
  market: MarketRow
  language: LocaleCode
  /** e.g. 'fi-FI': the languageId value and the Intl locale for formatting. */
  locale: LocaleIso
}

export type CustomerType = BuyerType

/** The signed-in shopper from the bearer token; null for anonymous requests. */
export interface RequestUser {
  id: string
  customerType: CustomerType
  email: string | null
  memberType: string | null
}

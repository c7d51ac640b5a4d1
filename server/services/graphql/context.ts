/**
 * The context every resolver gets. Built once per request (see index.ts); the catalogue loaders
 * batch the database reads of one request so that a list of products costs a fixed number of SQL
 * statements whatever its length.
 */
import type { Kysely } from 'kysely'
import type { Config } from '../../config'
import type { Database } from '../../db'
import type { DB } from '../../db/schema'
import type { LocaleCode, LocaleIso, MarketAlias, CurrencyCode } from '../../../src/shared/markets'
import type { CatalogueLoaders } from './catalogue/loaders'
import type { MarketDirectory } from './scope'

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

export type CustomerType = 'PERSON' | 'ORGANIZATION'

/** The signed-in shopper from the bearer token; null for anonymous requests. */
export interface RequestUser {
  id: string
  customerType: CustomerType
  email: string | null
  memberType: string | null
}

export interface GraphQLContext {
  db: Kysely<DB>
  database: Database
  config: Config
  /** Scope from the request's variables (channelId, marketId, languageId) with fallbacks. */
  scope: RequestScope
  user: RequestUser | null
  loaders: CatalogueLoaders
  markets: MarketDirectory
  /** The X-ApiKey the request was authorised with (null for in-process calls). */
  apiKey: string | null
  requestId: string
}

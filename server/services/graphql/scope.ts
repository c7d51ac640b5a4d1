/**
 * Channel, market and language of an operation. Every operation takes optional channelId ('1|fi'),
 * marketId ('fi' or '1|fi') and languageId ('fi-FI' or 'fi'); like the Geins API, an unknown or
 * missing value falls back to a default instead of failing: the default market is fi, and a
 * language the market does not allow becomes the market's default language (docs/product-rules.md#markets-and-urls path rules).
 */
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import {
  CHANNEL_ID,
  FALLBACK_MARKET,
  CURRENCIES,
  LOCALES,
  MARKETS,
  MARKET_ALIASES,
  STANDARD_VAT_RATE_BP,
  isLocaleCode,
  isMarketAlias,
  localeFromIso,
  type CurrencyCode,
  type LocaleCode,
  type MarketAlias,
} from '../../../src/shared/markets'
import type { MarketRow, RequestScope } from './request-scope'

export interface ScopeArgs {
  channelId?: string | null
  marketId?: string | null
  languageId?: string | null
}

/** Markets change only with a deploy or an admin edit, so they are read once and kept a minute. */
const MARKET_CACHE_MS = 60_000

export class MarketDirectory {
  private cache: { markets: MarketRow[]; loadedAt: number } | null = null
  private pending: Promise<MarketRow[]> | null = null

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {}

  async all(): Promise<MarketRow[]> {
    if (this.cache && this.now() - this.cache.loadedAt < MARKET_CACHE_MS) return this.cache.markets
    this.pending ??= loadMarkets(this.db).then(
      (markets) => {
        this.cache = { markets, loadedAt: this.now() }
        this.pending = null
        return markets
      },
      (error: unknown) => {
        this.pending = null
        throw error
      },
    )
    return this.pending
  }

  /** Forget the cached markets (after an edit, or in tests that change them). */
  invalidate(): void {
    this.cache = null
  }
}

async function loadMarkets(db: Kysely<DB>): Promise<MarketRow[]> {
  const rows = await db
    .selectFrom('markets')
    .select((eb) => [
      'markets.alias',
      'markets.market_id',
      'markets.country_code',
      'markets.country_name',
      'markets.currency_code',
      'markets.currency_name',
      'markets.currency_symbol',
      'markets.vat_rate_bp',
      'markets.min_order_value_inc_vat',
      'markets.default_language',
      'markets.group_key',
      'markets.is_virtual',
      'markets.only_display_in_checkout',
      eb
        .selectFrom('market_languages')
        .whereRef('market_languages.market_alias', '=', 'markets.alias')
        .select((inner) => inner.fn.agg<string[]>('array_agg', ['market_languages.language']).as('langs'))
        .as('allowed_languages'),
      eb
        .selectFrom('shipping_options')
        .whereRef('shipping_options.market_alias', '=', 'markets.alias')
        .where('shipping_options.is_active', '=', true)
        .select((inner) => inner.fn.min('shipping_options.free_shipping_threshold_inc_vat').as('threshold'))
        .as('free_shipping_threshold'),
    ])
    .orderBy('markets.sort_order')
    .orderBy('markets.alias')
    .execute()
  return rows.flatMap((row): MarketRow[] => {
    if (!isMarketAlias(row.alias) || !isLocaleCode(row.default_language)) return []
    const allowed = (row.allowed_languages ?? []).filter(isLocaleCode)
    return [
      {
        alias: row.alias,
        marketId: row.market_id,
        countryCode: row.country_code,
        countryName: row.country_name,
        currencyCode: row.currency_code as CurrencyCode,
        currencyName: row.currency_name,
        currencySymbol: row.currency_symbol,
        vatRateBp: row.vat_rate_bp,
        minOrderValueIncVat: row.min_order_value_inc_vat,
        freeShippingThreshold: row.free_shipping_threshold ?? null,
        defaultLanguage: row.default_language,
        allowedLanguages: allowed.length > 0 ? allowed : [row.default_language],
        groupKey: row.group_key,
        isVirtual: row.is_virtual,
        onlyDisplayInCheckout: row.only_display_in_checkout,
      },
    ]
  })
}

/**
 * The markets of the typed config (src/shared/markets.ts). Used only when the database cannot give
 * its markets (an outage, or a database not seeded yet), so that a request still gets a scope and
 * fails, if at all, inside a resolver where errors are masked, instead of before GraphQL runs.
 */
export function configuredMarkets(): MarketRow[] {
  return MARKET_ALIASES.map((alias) => {
    const market = MARKETS[alias]
    return {
      alias,
      marketId: `1|${alias}`,
      countryCode: market.countryCode,
      countryName: market.countryName,
      currencyCode: market.currency,
      currencyName: CURRENCIES[market.currency].name,
      currencySymbol: CURRENCIES[market.currency].symbol,
      vatRateBp: STANDARD_VAT_RATE_BP[alias],
      // unknown without the database: placeOrder cannot run without it either
      minOrderValueIncVat: null,
      freeShippingThreshold: null,
      defaultLanguage: market.defaultLocale,
      allowedLanguages: [...market.allowedLocales],
      groupKey: 'default',
      isVirtual: false,
      onlyDisplayInCheckout: false,
    }
  })
}

function findMarket(
  markets: readonly MarketRow[],
  marketId: string | null | undefined,
): MarketRow | undefined {
  if (!marketId) return undefined
  const wanted = marketId.trim().toLowerCase()
  return markets.find((m) => m.alias === wanted || m.marketId.toLowerCase() === wanted)
}

function parseLanguage(languageId: string | null | undefined): LocaleCode | undefined {
  if (!languageId) return undefined
  const trimmed = languageId.trim()
  if (isLocaleCode(trimmed.toLowerCase())) return trimmed.toLowerCase() as LocaleCode
  return localeFromIso(trimmed)
}

/** The market alias inside a channel id like '1|se', if it names a market. */
function marketFromChannelId(channelId: string | null | undefined): MarketAlias | undefined {
  const alias = channelId?.split('|')[1]?.trim().toLowerCase()
  return isMarketAlias(alias) ? alias : undefined
}

/**
 * Resolves a scope from raw argument values. Never fails: unknown values fall back, and a database
 * without markets (not seeded yet) falls back to the configured ones.
 */
export function resolveScope(markets: readonly MarketRow[], args: ScopeArgs): RequestScope {
  const known = markets.length > 0 ? markets : configuredMarkets()
  const market =
    findMarket(known, args.marketId) ??
    findMarket(known, marketFromChannelId(args.channelId)) ??
    findMarket(known, FALLBACK_MARKET) ??
    (known[0] as MarketRow)
  const requested = parseLanguage(args.languageId)
  const language =
    requested && market.allowedLanguages.includes(requested) ? requested : market.defaultLanguage
  return { channelId: CHANNEL_ID, market, language, locale: LOCALES[language].iso }
}

/**
 * The scope of one field: its own channelId/marketId/languageId arguments win over the request's
 * variables, which the context already resolved.
 */
export async function scopeFromArgs(
  ctx: { scope: RequestScope; markets: MarketDirectory },
  args: ScopeArgs,
): Promise<RequestScope> {
  if (!args.marketId && !args.languageId && !args.channelId) return ctx.scope
  const markets = await ctx.markets.all()
  return resolveScope(markets, {
    channelId: args.channelId ?? ctx.scope.channelId,
    marketId: args.marketId ?? marketFromChannelId(args.channelId) ?? ctx.scope.market.alias,
    languageId: args.languageId ?? ctx.scope.locale,
  })
}

/** A short key identifying a scope, for loader keys and caches. */
export function scopeKey(scope: RequestScope): string {
  return `${scope.market.alias}:${scope.language}`
}

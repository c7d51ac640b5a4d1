/**
 * channel and channels: the one channel '1|fi' with the markets, languages, countries and
 * currencies the database describes.
 */
import { CHANNEL_ID, LOCALES, type LocaleCode } from '../../../../src/shared/markets'
import { SHOP_NAME } from '../../../../src/shared/shop'
import type { GraphQLContext, MarketRow } from '../context'
import { toDecimal } from '../pricing/money'
import type { ResolverModule } from '../resolver-types'
import { scopeFromArgs, type ScopeArgs } from '../scope'

function language(code: LocaleCode) {
  return { id: LOCALES[code].iso, name: LOCALES[code].name, code }
}

export function marketType(market: MarketRow) {
  return {
    id: market.marketId,
    alias: market.alias,
    defaultLanguageId: LOCALES[market.defaultLanguage].iso,
    virtual: market.isVirtual,
    onlyDisplayInCheckout: market.onlyDisplayInCheckout,
    groupKey: market.groupKey,
    allowedLanguages: market.allowedLanguages.map(language),
    country: { name: market.countryName, code: market.countryCode },
    freeShippingThreshold:
      market.freeShippingThreshold == null ? null : toDecimal(market.freeShippingThreshold),
    currency: {
      name: market.currencyName,
      symbol: market.currencySymbol,
      code: market.currencyCode,
      rate: 1,
    },
  }
}

async function channelType(ctx: GraphQLContext, args: ScopeArgs) {
  const scope = await scopeFromArgs(ctx, args)
  const markets = (await ctx.markets.all()).filter((market) => !market.isVirtual || market === scope.market)
  const languages = [...new Set(markets.flatMap((market) => market.allowedLanguages))]
  const fallback = markets.find((market) => market.alias === 'fi') ?? scope.market
  return {
    id: CHANNEL_ID,
    name: SHOP_NAME,
    type: 'webshop',
    url: ctx.config.publicUrl,
    defaultLanguageId: LOCALES[fallback.defaultLanguage].iso,
    languages: languages.map(language),
    defaultMarketId: fallback.marketId,
    markets: markets.map(marketType),
  }
}

export const channelResolvers: ResolverModule = {
  Query: {
    channel: (_parent: unknown, args: ScopeArgs, ctx: GraphQLContext) => channelType(ctx, args),
    channels: async (_parent: unknown, _args: unknown, ctx: GraphQLContext) => [await channelType(ctx, {})],
  },
}

/**
 * Cart operations of the commerce API: getCart, addToCart, updateCartItem, setCartPromoCode,
 * completeCart, and mergeCart (the account's cart at login: account-cart.ts). Prices follow the operation's market (a cart fetched in another market is priced
 * there); see service.ts for the rules and docs/adr/0004-cart-and-orders.md for the why.
 */
import type { GraphQLContext } from '../context'
import type { ResolverModule } from '../resolver-types'
import { scopeFromArgs } from '../scope'
import { limitPromoGuesses } from '../abuse-limits'
import { presentCart } from './present'
import * as carts from './service'
import { mergeAccountCart } from './account-cart'
import type {
  GeinsMerchantApiMutationAddToCartArgs,
  GeinsMerchantApiMutationCompleteCartArgs,
  GeinsMerchantApiMutationMergeCartArgs,
  GeinsMerchantApiMutationSetCartPromoCodeArgs,
  GeinsMerchantApiQueryGetCartArgs,
} from '../generated'

type GetCartArgs = GeinsMerchantApiQueryGetCartArgs

type ItemArgs = GeinsMerchantApiMutationAddToCartArgs

type PromoArgs = GeinsMerchantApiMutationSetCartPromoCodeArgs

type IdArgs = GeinsMerchantApiMutationCompleteCartArgs

type MergeArgs = GeinsMerchantApiMutationMergeCartArgs

export const resolvers: ResolverModule = {
  Query: {
    getCart: async (_: unknown, args: GetCartArgs, ctx: GraphQLContext) =>
      presentCart(
        await carts.getOrCreateCart(
          ctx,
          await scopeFromArgs(ctx, args),
          args.id,
          args.includeCompleted === true,
          args.forceRefresh === true,
        ),
      ),
  },
  Mutation: {
    addToCart: async (_: unknown, args: ItemArgs, ctx: GraphQLContext) =>
      presentCart(await carts.addToCart(ctx, await scopeFromArgs(ctx, args), args.id, args.item)),
    updateCartItem: async (_: unknown, args: ItemArgs, ctx: GraphQLContext) =>
      presentCart(await carts.updateCartItem(ctx, await scopeFromArgs(ctx, args), args.id, args.item)),
    setCartPromoCode: async (_: unknown, args: PromoArgs, ctx: GraphQLContext) => {
      const scope = await scopeFromArgs(ctx, args)
      return presentCart(
        await limitPromoGuesses(ctx, args.id, async () =>
          carts.setCartPromoCode(ctx, scope, args.id, args.promoCode),
        ),
      )
    },
    completeCart: async (_: unknown, args: IdArgs, ctx: GraphQLContext) =>
      presentCart(await carts.completeCart(ctx, await scopeFromArgs(ctx, args), args.id)),
    mergeCart: async (_: unknown, args: MergeArgs, ctx: GraphQLContext) => {
      const merged = await mergeAccountCart(ctx, await scopeFromArgs(ctx, args), args.id)
      return merged ? presentCart(merged) : null
    },
  },
}

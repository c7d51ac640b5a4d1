/**
 * getOrders, getOrder and getOrderPublic. The first two need the signed-in user and read only
 * that user's orders (another user's order id answers NOT_FOUND, never FORBIDDEN, so ids cannot
 * be probed); getOrderPublic takes the unguessable public id of the confirmation link.
 */
import type { GraphQLContext } from '../context'
import { notFound, unauthenticated } from '../errors'
import type { ResolverModule } from '../resolver-types'
import { scopeFromArgs, type ScopeArgs } from '../scope'
import { commerceDb } from '../cart/db'
import { loadOrders, type LoadedOrder } from './load'
import { presentOrder } from './present'
import type { GeinsMerchantApiQueryGetOrderArgs, GeinsMerchantApiQueryGetOrderPublicArgs } from '../generated'

type OrderArgs = GeinsMerchantApiQueryGetOrderArgs

type PublicOrderArgs = GeinsMerchantApiQueryGetOrderPublicArgs

async function present(ctx: GraphQLContext, args: ScopeArgs, orders: LoadedOrder[]) {
  const scope = await scopeFromArgs(ctx, args)
  const markets = await ctx.markets.all()
  return orders.map((loaded) =>
    presentOrder(
      loaded,
      markets.find((m) => m.alias === loaded.order.market_alias),
      scope,
    ),
  )
}

function requireUser(ctx: GraphQLContext) {
  if (!ctx.user) throw unauthenticated('Sign in to see your orders')
  return ctx.user
}

export const resolvers: ResolverModule = {
  Query: {
    getOrders: async (_: unknown, args: ScopeArgs, ctx: GraphQLContext) => {
      const user = requireUser(ctx)
      const scope = await scopeFromArgs(ctx, args)
      return present(
        ctx,
        args,
        await loadOrders(commerceDb(ctx.db), { by: 'user', userId: user.id }, scope.language),
      )
    },
    getOrder: async (_: unknown, args: OrderArgs, ctx: GraphQLContext) => {
      const user = requireUser(ctx)
      const scope = await scopeFromArgs(ctx, args)
      const orders = await loadOrders(
        commerceDb(ctx.db),
        { by: 'user', userId: user.id, orderId: args.orderId },
        scope.language,
      )
      if (orders.length === 0) throw notFound(`No order was found with the id ${args.orderId}`)
      return (await present(ctx, args, orders))[0] ?? null
    },
    getOrderPublic: async (_: unknown, args: PublicOrderArgs, ctx: GraphQLContext) => {
      const scope = await scopeFromArgs(ctx, args)
      const orders = await loadOrders(
        commerceDb(ctx.db),
        { by: 'publicId', publicId: args.publicOrderId },
        scope.language,
      )
      if (orders.length === 0) throw notFound(`No order was found with the id ${args.publicOrderId}`)
      return (await present(ctx, args, orders))[0] ?? null
    },
  },
}

/**
 * Checkout operations of the commerce API: createOrUpdateCheckout, validateOrderCreation,
 * placeOrder and the confirmation page's checkout query.
 */
import type { GraphQLContext } from '../context'
import type { ResolverModule } from '../resolver-types'
import { scopeFromArgs, type ScopeArgs } from '../scope'
import { parseCheckoutInput } from './input'
import { placeOrder } from './place-order'
import { checkoutData, createOrUpdateCheckout, validateOrderCreation } from './service'

interface CheckoutArgs extends ScopeArgs {
  cartId: string
  checkout?: unknown
}

interface CheckoutDataArgs extends ScopeArgs {
  id: string
  cartId?: string | null
  paymentType: string
}

export const resolvers: ResolverModule = {
  Query: {
    validateOrderCreation: async (_: unknown, args: CheckoutArgs, ctx: GraphQLContext) =>
      validateOrderCreation(
        ctx,
        await scopeFromArgs(ctx, args),
        args.cartId,
        parseCheckoutInput(args.checkout),
      ),
    checkout: async (_: unknown, args: CheckoutDataArgs, ctx: GraphQLContext) =>
      checkoutData(ctx, await scopeFromArgs(ctx, args), args.id, args.cartId),
  },
  Mutation: {
    createOrUpdateCheckout: async (_: unknown, args: CheckoutArgs, ctx: GraphQLContext) =>
      createOrUpdateCheckout(
        ctx,
        await scopeFromArgs(ctx, args),
        args.cartId,
        parseCheckoutInput(args.checkout),
      ),
    placeOrder: async (_: unknown, args: CheckoutArgs, ctx: GraphQLContext) =>
      placeOrder(ctx, await scopeFromArgs(ctx, args), args.cartId, parseCheckoutInput(args.checkout)),
  },
}

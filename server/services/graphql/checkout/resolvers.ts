/**
 * Checkout operations of the commerce API: createOrUpdateCheckout, validateOrderCreation,
 * placeOrder and the confirmation page's checkout query.
 */
import type { GraphQLContext } from '../context'
import type { ResolverModule } from '../resolver-types'
import { scopeFromArgs } from '../scope'
import { countOrderAttempt } from '../abuse-limits'
import { parseCheckoutInput } from './input'
import { paymentRedirectUrl, placeOrder } from './place-order'
import { startCardPayment } from './card-payment'
import { checkPickupChoice, storeParcelChoice } from './parcels'
import { checkoutData, checkoutPreview, createOrUpdateCheckout, validateOrderCreation } from './service'
import type {
  GeinsMerchantApiMutationCreateOrUpdateCheckoutArgs,
  GeinsMerchantApiQueryCheckoutArgs,
  GeinsMerchantApiQueryCheckoutPreviewArgs,
} from '../generated'
import { awaitingProviderPayment } from '../../../../src/shared/payment-kinds'

type CheckoutArgs = GeinsMerchantApiMutationCreateOrUpdateCheckoutArgs

type CheckoutDataArgs = GeinsMerchantApiQueryCheckoutArgs

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
    checkoutPreview: async (
      _: unknown,
      args: GeinsMerchantApiQueryCheckoutPreviewArgs,
      ctx: GraphQLContext,
    ) => checkoutPreview(ctx, await scopeFromArgs(ctx, args), args.cartId, parseCheckoutInput(args.checkout)),
  },
  Mutation: {
    createOrUpdateCheckout: async (_: unknown, args: CheckoutArgs, ctx: GraphQLContext) =>
      createOrUpdateCheckout(
        ctx,
        await scopeFromArgs(ctx, args),
        args.cartId,
        parseCheckoutInput(args.checkout),
      ),
    placeOrder: async (_: unknown, args: CheckoutArgs, ctx: GraphQLContext) => {
      const checkout = parseCheckoutInput(args.checkout)
      await countOrderAttempt(ctx, checkout.email)
      const scope = await scopeFromArgs(ctx, args)
      // checked before the order exists: a wrong point refuses the order (ADR 0079)
      const pickup = await checkPickupChoice(ctx, scope, args.cartId, args.checkout)
      const placed = await placeOrder(ctx, scope, args.cartId, checkout)
      await storeParcelChoice(ctx, placed.orderId, pickup)
      return startCardPayment(ctx, placed, args.checkout)
    },
  },
  CheckoutDataType: {
    /** Lumo extension (payments.graphql): where a pending card order is paid. */
    paymentUrl: async (
      parent: { order?: { orderId?: string | null } | null },
      _: unknown,
      ctx: GraphQLContext,
    ) => {
      const orderId = Number(parent.order?.orderId)
      if (!Number.isInteger(orderId)) return null
      const order = await ctx.db
        .selectFrom('orders')
        .select(['public_id', 'payment_kind', 'paid_at', 'status'])
        .where('order_id', '=', orderId)
        .executeTakeFirst()
      if (!order || !awaitingProviderPayment(order) || order.status === 'cancelled') {
        return null
      }
      return paymentRedirectUrl(ctx, order.public_id, order.payment_kind)
    },
  },
}

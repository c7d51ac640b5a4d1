/**
 * The `Subscription` root of the commerce API (graphql/schema.graphql): each field returns an
 * event stream of root values `{ [field]: value }` that graphql-js executes like a query result.
 *
 * - productStockChanged: the product's sizes now, then after every stock change of the product.
 * - cartChanged: the signed-in customer's cart after each change of one of *their* carts. The
 *   topic is the user id of the verified bearer token, never an argument, so no one can ask for
 *   another customer's cart; the cart is read through the cart service's owner check as well.
 *
 * The stream is opened before the first snapshot is read, so a change in between is not lost.
 */
import type { GraphQLContext } from '../context'
import { unauthenticated } from '../errors'
import { createCatalogueLoaders } from '../catalogue/loaders'
import { skuType } from '../catalogue/products'
import { presentCart } from '../cart/present'
import { getOrCreateCart } from '../cart/service'
import { scopeFromArgs, type ScopeArgs } from '../scope'
import type { SubscriptionProductStockChangedArgs } from '../generated'
import { cartTopic, RESYNC, stockTopic, type LiveEvents } from './events'

/** A source stream mapped to root values; returning it returns (closes) the source at once. */
function mapStream<T>(
  source: AsyncIterableIterator<string>,
  first: (() => Promise<T | undefined>) | null,
  map: (detail: string) => Promise<T | undefined>,
): AsyncIterableIterator<T> {
  let initial = first
  const next = async (): Promise<IteratorResult<T>> => {
    if (initial) {
      const load = initial
      initial = null
      const value = await load()
      if (value !== undefined) return { value, done: false }
    }
    for (;;) {
      const event = await source.next()
      if (event.done) return { value: undefined, done: true }
      const value = await map(event.value)
      if (value !== undefined) return { value, done: false }
    }
  }
  return {
    next,
    return: async () => {
      await source.return?.()
      return { value: undefined, done: true }
    },
    throw: async (error: unknown) => {
      await source.return?.()
      throw error
    },
    [Symbol.asyncIterator]() {
      return this
    },
  }
}

async function productSizes(ctx: GraphQLContext, productId: number) {
  // fresh loaders each time: a loader remembers what it read
  const rows = await createCatalogueLoaders(ctx.db).skus.load(productId)
  return (rows ?? []).map(skuType)
}

/** The cart `cartId` as getCart answers it for its owner, or null when it can no longer be used. */
async function customerCart(ctx: GraphQLContext, args: ScopeArgs, cartId: string) {
  try {
    return presentCart(await getOrCreateCart(ctx, await scopeFromArgs(ctx, args), cartId, false))
  } catch (error) {
    // NOT_FOUND covers unknown, completed and someone else's carts alike
    if ((error as { extensions?: { code?: unknown } }).extensions?.code === 'NOT_FOUND') return null
    throw error
  }
}

/** The customer's most recently changed open cart, after missed notifications. */
async function latestCartId(ctx: GraphQLContext, userId: string): Promise<string | undefined> {
  const row = await ctx.db
    .selectFrom('carts')
    .select('cart_id')
    .where('user_id', '=', userId)
    .where('is_completed', '=', false)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.cart_id
}

export function subscriptionRoot(events: LiveEvents) {
  return {
    productStockChanged(args: SubscriptionProductStockChangedArgs, ctx: GraphQLContext) {
      const stream = events.stream(stockTopic(args.productId))
      const snapshot = async () => ({ productStockChanged: await productSizes(ctx, args.productId) })
      return mapStream(stream, snapshot, snapshot)
    },
    cartChanged(args: ScopeArgs, ctx: GraphQLContext) {
      const user = ctx.user
      if (!user) throw unauthenticated('Sign in to follow your cart')
      const stream = events.stream(cartTopic(user.id))
      return mapStream(stream, null, async (detail) => {
        const cartId = detail === RESYNC ? await latestCartId(ctx, user.id) : detail
        if (!cartId) return undefined
        return { cartChanged: { cartId, cart: await customerCart(ctx, args, cartId) } }
      })
    },
  }
}

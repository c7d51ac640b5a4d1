/**
 * Reviews, back-in-stock requests and the newsletter: reviews, postProductReview,
 * monitorProductAvailability (+ the requestStockNotification extension) and subscribeToNewsletter.
 */
import { sql } from 'kysely'
import type { GraphQLContext } from '../context'
import { notFound, unauthenticated } from '../errors'
import { DEFAULT_TAKE } from '../limits'
import type { ResolverModule } from '../resolver-types'
import { scopeFromArgs, type ScopeArgs } from '../scope'
import { ABUSE_LIMITS, countAttempt } from '../abuse-limits'
import { NewsletterInput, parseArgs, ReviewInput, ReviewsArgs, StockNotificationInput } from './validation'
import { isUuid } from '../../../../src/shared/validation/ids'
import type { GeinsMerchantApiMutationPostProductReviewArgs } from '../generated'
import { subscribe } from '../mail-subscriptions/newsletter'

async function requireProductId(ctx: GraphQLContext, args: ScopeArgs, alias: string): Promise<number> {
  const scope = await scopeFromArgs(ctx, args)
  const productId = await ctx.loaders.productIdByAlias(scope, alias)
  if (!productId) throw notFound(`No product with alias '${alias.slice(0, 200)}'`)
  return productId
}

async function reviews(
  _parent: unknown,
  rawArgs: ScopeArgs & { alias?: string | null; skip?: number | null; take?: number | null },
  ctx: GraphQLContext,
) {
  const args = parseArgs(ReviewsArgs, rawArgs)
  if (!args.alias) return { count: 0, averageRating: 0, reviews: [] }
  const productId = await requireProductId(ctx, rawArgs, args.alias)
  // One statement: the page of reviews with the product's count and average beside each row
  // (window functions run before the LIMIT); only a page past the end asks for them again.
  const rows = await ctx.db
    .selectFrom('reviews')
    .select([
      'rating',
      'comment',
      'author',
      'created_at',
      sql<number>`count(*) OVER ()`.as('total'),
      sql<number | null>`(avg(rating) OVER ())::float8`.as('average'),
    ])
    .where('product_id', '=', productId)
    .orderBy('created_at', 'desc')
    .orderBy('review_id', 'desc')
    .offset(args.skip ?? 0)
    .limit(args.take ?? DEFAULT_TAKE)
    .execute()
  const summary =
    rows[0] ??
    ((args.skip ?? 0) === 0 && (args.take ?? DEFAULT_TAKE) > 0
      ? { total: 0, average: null }
      : await ctx.db
          .selectFrom('reviews')
          .select((eb) => [
            eb.fn.countAll<number>().as('total'),
            sql<number | null>`avg(rating)::float8`.as('average'),
          ])
          .where('product_id', '=', productId)
          .executeTakeFirstOrThrow())
  return {
    count: Number(summary.total),
    averageRating: summary.average === null ? 0 : Math.round(summary.average * 100) / 100,
    reviews: rows.map((row) => ({
      rating: row.rating,
      comment: row.comment,
      author: row.author,
      reviewDate: row.created_at,
    })),
  }
}

type PostReviewArgs = GeinsMerchantApiMutationPostProductReviewArgs

/**
 * Stores the signed-in customer's review (UNAUTHENTICATED without a user). One review per
 * customer and product: posting again replaces the customer's review (rating, text, author name
 * and date), so a customer can correct it (docs/adr/0020-user-api.md). The author name is the
 * one the form sends (trimmed, at most 100 characters); the comment at most 5000 characters.
 */
async function postProductReview(_parent: unknown, rawArgs: PostReviewArgs, ctx: GraphQLContext) {
  const userId = ctx.user?.id
  if (!userId || !isUuid(userId)) throw unauthenticated('Sign in to review a product')
  const input = parseArgs(ReviewInput, rawArgs)
  await countAttempt(ctx, ABUSE_LIMITS.reviewPerAddress, [[ABUSE_LIMITS.reviewPerUser, userId]])
  const scope = await scopeFromArgs(ctx, rawArgs)
  const productId = await requireProductId(ctx, rawArgs, input.alias)
  const account = await ctx.db
    .selectFrom('users')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!account) throw unauthenticated('The account no longer exists')
  const review = {
    author: input.author,
    rating: input.rating,
    comment: input.comment,
    language: scope.language,
  }
  await ctx.db
    .insertInto('reviews')
    .values({ product_id: productId, user_id: userId, ...review })
    .onConflict((conflict) =>
      conflict
        .columns(['product_id', 'user_id'])
        .where('user_id', 'is not', null)
        .doUpdateSet({ ...review, created_at: new Date() }),
    )
    .execute()
  return true
}

/**
 * Stores a back-in-stock request. Asking again for the same e-mail and SKU is not an error: it
 * re-arms a request that was already notified and reports whether one was still waiting.
 */
async function requestStockNotification(
  _parent: unknown,
  rawArgs: ScopeArgs & { email: string; skuId: number },
  ctx: GraphQLContext,
) {
  const input = parseArgs(StockNotificationInput, rawArgs)
  await countAttempt(ctx, ABUSE_LIMITS.stockNotification)
  const scope = await scopeFromArgs(ctx, rawArgs)
  const sku = await ctx.db
    .selectFrom('skus')
    .select('sku_id')
    .where('sku_id', '=', input.skuId)
    .executeTakeFirst()
  if (!sku) throw notFound(`No SKU with id ${input.skuId}`)
  // The CTE reads the row as it was before this statement, so "already waiting" is exact.
  const result = await sql<{ already_active: boolean }>`
    WITH previous AS (
      SELECT notified_at, unsubscribed_at FROM stock_monitors
      WHERE email = ${input.email} AND sku_id = ${input.skuId}
    )
    INSERT INTO stock_monitors (email, sku_id, market_alias, language)
    VALUES (${input.email}, ${input.skuId}, ${scope.market.alias}, ${scope.language})
    ON CONFLICT (email, sku_id) DO UPDATE
      SET notified_at = NULL, unsubscribed_at = NULL,
          market_alias = EXCLUDED.market_alias, language = EXCLUDED.language
    RETURNING EXISTS (
      SELECT 1 FROM previous WHERE notified_at IS NULL AND unsubscribed_at IS NULL
    ) AS already_active`.execute(ctx.db)
  // Only the address's own signed-in customer learns that it already waited (docs/product-rules.md#product-page's message):
  // told to anyone, the answer would say which addresses asked about which products.
  const own = ctx.user?.email?.toLowerCase() === input.email
  return { ok: true, alreadyActive: own && (result.rows[0]?.already_active ?? false) }
}

async function monitorProductAvailability(
  parent: unknown,
  args: ScopeArgs & { email: string; skuId: number },
  ctx: GraphQLContext,
) {
  return (await requestStockNotification(parent, args, ctx)).ok
}

/**
 * A newsletter subscription: pending until the link of the newsletter-confirm mail is followed
 * (double opt-in, server/services/graphql/mail-subscriptions/newsletter.ts). True for any valid
 * address, subscribed or not, so the answer tells nobody whether an address is on the list.
 */
async function subscribeToNewsletter(
  _parent: unknown,
  rawArgs: ScopeArgs & { email: string; tags?: (string | null)[] | null },
  ctx: GraphQLContext,
) {
  const input = parseArgs(NewsletterInput, {
    email: rawArgs.email,
    tags: rawArgs.tags?.filter((tag) => tag !== null) ?? null,
  })
  await countAttempt(ctx, ABUSE_LIMITS.newsletter)
  const scope = await scopeFromArgs(ctx, rawArgs)
  return subscribe(
    ctx.db,
    { ...ctx.config, publicUrl: ctx.shopUrl },
    {
      email: input.email,
      place: { market: scope.market.alias, language: scope.language },
      tags: [...new Set(input.tags ?? [])],
      source: 'storefront',
    },
  )
}

export const engagementResolvers: ResolverModule = {
  Query: { reviews },
  Mutation: {
    postProductReview,
    monitorProductAvailability,
    requestStockNotification,
    subscribeToNewsletter,
  },
}

/**
 * The commerce API's abuse limits (issue #15 item 3, findings 6, 9, 10; docs/adr/0024-abuse-limits.md).
 * Counted by the process's limiter (in Redis when REDIS_URL is set, so all instances share them).
 * A blocked attempt throws TOO_MANY_REQUESTS with extensions.retryAfter (seconds); when every
 * error of a response is that, the endpoint answers 429 with Retry-After (masking.ts).
 *
 * Per-address limits count ctx.clientAddress; in-process calls (the server-side render) have none
 * and are not counted by address.
 */
import { createHash } from 'node:crypto'
import type { GraphQLContext } from './context'
import { GraphQLError } from 'graphql'
import { ERROR_CODES, tooManyRequests } from './errors'
import { checkAll, hitAll, type LimitDecision, type LimitRule } from '../shared/rate-limit'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export const ABUSE_LIMITS = {
  /** Wrong promotion or gift codes (finding 10: codes by guessing): per cart... */
  promoFailuresPerCart: { name: 'promo-failure:cart', limit: 10, windowMs: 15 * MINUTE },
  /** ...and per address (new carts are free). */
  promoFailuresPerAddress: { name: 'promo-failure:address', limit: 20, windowMs: 15 * MINUTE },
  newsletter: { name: 'newsletter', limit: 10, windowMs: HOUR },
  /** monitorProductAvailability and requestStockNotification together. */
  stockNotification: { name: 'stock-notification', limit: 30, windowMs: HOUR },
  /** Reviews need a login; counted per address and per account (finding 9). */
  reviewPerAddress: { name: 'review:address', limit: 10, windowMs: HOUR },
  reviewPerUser: { name: 'review:user', limit: 10, windowMs: HOUR },
  /**
   * Every placeOrder attempt (finding 6: 50 orders in 1.4 s): per address from a client that
   * names no browser (a direct API client, or a script without the storefront's cookie)...
   */
  placeOrder: { name: 'place-order', limit: 20, windowMs: HOUR },
  /**
   * ...and from the storefront, per browser (its `lumo-shopper` id) and per e-mail, with a wider
   * ceiling for the address: a crowd behind one NAT or office address each buy (issue 31).
   */
  placeOrderPerShopper: { name: 'place-order:shopper', limit: 20, windowMs: HOUR },
  placeOrderPerEmail: { name: 'place-order:email', limit: 20, windowMs: HOUR },
  placeOrderCrowd: { name: 'place-order:crowd', limit: 300, windowMs: HOUR },
  /** Failed return look-ups (order number + e-mail, ADR 0030): per address and per order number. */
  returnLookupsPerAddress: { name: 'return-lookup:address', limit: 10, windowMs: 15 * MINUTE },
  returnLookupsPerOrder: { name: 'return-lookup:order', limit: 10, windowMs: HOUR },
  /**
   * WebSocket handshakes of the live updates (ADR 0036): a flood is refused, while reloads, tabs,
   * retries and many shoppers behind one address fit easily.
   */
  liveConnections: { name: 'live-connection:address', limit: 100, windowMs: 10_000 },
} as const satisfies Record<string, LimitRule>

type Pair = readonly [LimitRule, string]

function withAddress(ctx: GraphQLContext, rule: LimitRule, others: Pair[] = []): Pair[] {
  return ctx.clientAddress ? [[rule, ctx.clientAddress], ...others] : others
}

async function throwIfBlocked(decision: Promise<LimitDecision>): Promise<void> {
  const answer = await decision
  if (!answer.allowed) throw tooManyRequests(answer.retryAfterSeconds)
}

/** Counts one attempt of a per-address limit (and any further pairs); throws when blocked. */
export function countAttempt(ctx: GraphQLContext, rule: LimitRule, others: Pair[] = []): Promise<void> {
  return throwIfBlocked(hitAll(ctx.limiter, withAddress(ctx, rule, others)))
}

/**
 * Counts one placeOrder attempt against every limit that applies: the browser and the e-mail
 * (hashed: the limiter may be Redis, which holds no addresses of people), and the address with the
 * crowd's ceiling when the storefront named the browser, the single shopper's otherwise.
 */
export function countOrderAttempt(ctx: GraphQLContext, email: string | null | undefined): Promise<void> {
  const pairs: Pair[] = []
  if (ctx.clientAddress) {
    pairs.push([
      ctx.clientSession ? ABUSE_LIMITS.placeOrderCrowd : ABUSE_LIMITS.placeOrder,
      ctx.clientAddress,
    ])
  }
  if (ctx.clientSession) pairs.push([ABUSE_LIMITS.placeOrderPerShopper, ctx.clientSession])
  const normalised = email?.trim().toLowerCase()
  if (normalised) {
    pairs.push([ABUSE_LIMITS.placeOrderPerEmail, createHash('sha256').update(normalised).digest('base64url')])
  }
  return throwIfBlocked(hitAll(ctx.limiter, pairs))
}

/** A wrong promotion or gift code: the API answered InvalidPromoCode. */
export function isInvalidPromoCode(error: unknown): boolean {
  return error instanceof GraphQLError && error.extensions['code'] === ERROR_CODES.INVALID_PROMO_CODE
}

function promoPairs(ctx: GraphQLContext, cartId: string): Pair[] {
  return withAddress(ctx, ABUSE_LIMITS.promoFailuresPerAddress, [[ABUSE_LIMITS.promoFailuresPerCart, cartId]])
}

/**
 * Runs a promo/gift code change: refused while the cart or the address has too many wrong codes
 * in the window; a wrong code (the change throws InvalidPromoCode) counts one failure.
 */
export async function limitPromoGuesses<T>(
  ctx: GraphQLContext,
  cartId: string,
  change: () => Promise<T>,
): Promise<T> {
  await throwIfBlocked(checkAll(ctx.limiter, promoPairs(ctx, cartId)))
  try {
    return await change()
  } catch (error) {
    if (isInvalidPromoCode(error)) await hitAll(ctx.limiter, promoPairs(ctx, cartId))
    throw error
  }
}

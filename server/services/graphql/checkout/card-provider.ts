/**
 * The card provider as the checkout sees it (docs/adr/0012-payments.md): the service fetch the
 * commerce API calls it through, and whether it takes payments now (issue #15 item 4). Apart
 * from card-payment.ts so that placeOrder can ask without importing the payment session's code,
 * which itself reads placeOrder's answer.
 */
import type { FastifyInstance } from 'fastify'
import { createServiceFetch } from '../../shared/service-fetch'
import { HEALTH_PATH } from '../../../contracts/lumopay'
import type { GraphQLContext } from '../context'

const fetchers = new WeakMap<FastifyInstance, typeof fetch>()

/** Calls to this process's own services go in-process (app.inject), others over the network. */
export function serviceFetch(ctx: GraphQLContext): typeof fetch {
  const app = ctx.app
  if (!app) return fetch
  let found = fetchers.get(app)
  if (!found) {
    found = createServiceFetch(app, ctx.config)
    fetchers.set(app, found)
  }
  return found
}

/** How long the checkout waits for the provider's health answer before leaving card payment out. */
export const PROVIDER_PROBE_TIMEOUT_MS = 2_000
/** How long one health answer holds: a down or hanging provider costs one probe per this, not one per checkout. */
export const PROVIDER_STATUS_TTL_MS = 15_000

interface ProviderStatus {
  until: number
  reachable: Promise<boolean>
}
const providerStatuses = new WeakMap<typeof fetch, ProviderStatus>()

/**
 * Whether the card provider takes payments now (issue #15 item 4): its health answer, asked at
 * most every PROVIDER_STATUS_TTL_MS (callers meanwhile share the answer, also one in flight).
 * A provider that is down, hangs or whose circuit is open is unreachable: the checkout leaves
 * card payment out and says so, and placeOrder refuses a card order before it touches stock.
 */
export function cardProviderReachable(ctx: GraphQLContext, now = Date.now()): Promise<boolean> {
  const fetcher = serviceFetch(ctx)
  const known = providerStatuses.get(fetcher)
  if (known && now < known.until) return known.reachable
  const reachable = fetcher(`${ctx.config.services.payments}${HEALTH_PATH}`, {
    signal: AbortSignal.timeout(PROVIDER_PROBE_TIMEOUT_MS),
  }).then(
    // any answer below 500 is a provider that answers (one without a health page answers 404)
    (answer) => answer.status < 500,
    () => false,
  )
  providerStatuses.set(fetcher, { until: now + PROVIDER_STATUS_TTL_MS, reachable })
  return reachable
}

/** The payment options whose provider is elsewhere (card): offered only while it is reachable. */
export function isExternalPayment(option: { checkoutType: string }): boolean {
  return option.checkoutType === 'EXTERNAL'
}

/**
 * The commerce API's side of a provider payment (docs/adr/0012-payments.md, ADR 0076). After
 * placeOrder has placed an order paid at a provider (a card at Lumopay, a phone wallet) with its
 * payment pending, the shop creates the order's payment session at the kind's provider (under
 * config.services.payments, a signed server-to-server request) with the amount and the
 * shopper's return pages. Asking again is harmless: the provider keeps one session per order,
 * so a placeOrder repeated for the same cart (its idempotent answer) also repairs a session the
 * provider did not get the first time.
 *
 * Return pages come from `checkout.checkoutUrls`: `redirectUrl` is the market's
 * /checkout/confirm page, and the failure page (every provider's) is its sibling
 * /checkout/lumopay-fail. Only URLs on
 * the shop's own origins (the one the shopper reached, PUBLIC_URL and the market domains) are
 * accepted — no open redirect;
 * anything else falls back to the confirm page of the order's market and language.
 */
import type { Config } from '../../../config'
import { basenameFor } from '../../../../src/shared/paths'
import {
  isLocaleCode,
  MARKET_ALIASES,
  type LocaleCode,
  type MarketAlias,
} from '../../../../src/shared/markets'
import { PROVIDER_NAME, type SessionRequest } from '../../../contracts/lumopay'
import { callbackPath, postSigned, providerBaseUrl } from '../../../contracts/payment-providers'
import { providerOf } from '../../../../src/shared/payment-kinds'
import { SHOP_NAME } from '../../../../src/shared/shop'
import type { GraphQLContext } from '../context'
import { apiError, ERROR_CODES } from '../errors'
import type { PlaceOrderResponse } from './place-order'
import { serviceFetch } from './card-provider'

/** Minutes a provider order waits for its payment before the stock goes back (ADR 0012). */
export const CARD_PAYMENT_MINUTES = 30
/**
 * Minutes left for an order placed at `placedAt` to be paid: a session created late (a repeated
 * placeOrder repairing it) ends with the order's window, not after it (at least 1, the provider's minimum).
 */
export function paymentMinutesLeft(placedAt: Date, now: Date): number {
  const left = CARD_PAYMENT_MINUTES - Math.floor((now.getTime() - placedAt.getTime()) / 60_000)
  return Math.max(1, Math.min(CARD_PAYMENT_MINUTES, left))
}

export const CALLBACK_PATH = callbackPath(PROVIDER_NAME)

type UrlConfig = Pick<Config, 'publicUrl' | 'marketDomains' | 'urlMode'> & {
  /** the origin this shopper reached the shop at, when it is not PUBLIC_URL's (ADR 0057) */
  shopUrl?: string
}

/** The origins the shopper may be sent back to. */
export function shopOrigins(config: UrlConfig): string[] {
  const origins = [config.shopUrl ?? new URL(config.publicUrl).origin, new URL(config.publicUrl).origin]
  for (const host of Object.values(config.marketDomains)) {
    if (host) origins.push(`https://${host}`, `http://${host}`)
  }
  return [...new Set(origins.map((origin) => new URL(origin).origin))]
}

function allowedUrl(value: unknown, config: UrlConfig): URL | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined
  try {
    const url = new URL(value)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
    if (url.username || url.password) return undefined
    return shopOrigins(config).includes(url.origin) ? url : undefined
  } catch {
    return undefined
  }
}

export interface ReturnUrls {
  successUrl: string
  failureUrl: string
  cancelUrl?: string
}

/** The confirm page the order's market and language use when the storefront sent none. */
function defaultConfirmUrl(config: UrlConfig, market: MarketAlias, locale: LocaleCode): URL {
  const base = new URL(config.shopUrl ?? config.publicUrl)
  const host = config.urlMode === 'domain' ? config.marketDomains[market] : undefined
  if (host) base.host = host
  const prefix = basenameFor(market, locale, { mode: config.urlMode, marketDomains: config.marketDomains })
  base.pathname = `${prefix === '/' ? '' : prefix}/checkout/confirm`
  return base
}

export function returnUrls(
  config: UrlConfig,
  order: { market: MarketAlias; language: LocaleCode },
  checkoutUrls: unknown,
): ReturnUrls {
  const urls = (checkoutUrls && typeof checkoutUrls === 'object' ? checkoutUrls : {}) as Record<
    string,
    unknown
  >
  let confirm = allowedUrl(urls['redirectUrl'], config)
  if (!confirm || !/\/checkout\/confirm\/?$/.test(confirm.pathname)) {
    confirm = defaultConfirmUrl(config, order.market, order.language)
  }
  confirm.search = ''
  confirm.hash = ''
  const failure = new URL(confirm)
  failure.pathname = confirm.pathname.replace(/\/confirm\/?$/, `/${PROVIDER_NAME}-fail`)
  const cancel = allowedUrl(urls['checkoutPageUrl'], config)
  return {
    successUrl: confirm.toString(),
    failureUrl: failure.toString(),
    ...(cancel ? { cancelUrl: cancel.toString() } : {}),
  }
}

/** Where the provider posts its callbacks: the commerce API's origin. */
export function callbackUrl(config: Pick<Config, 'services'>, provider = PROVIDER_NAME): string {
  return new URL(callbackPath(provider), config.services.api).toString()
}

/** After placeOrder: a pending provider order gets its payment session at its kind's provider. */
export async function startCardPayment(
  ctx: GraphQLContext,
  response: PlaceOrderResponse,
  rawCheckout: unknown,
): Promise<PlaceOrderResponse> {
  if (response.status !== 'pending') return response
  const order = await ctx.db
    .selectFrom('orders')
    .select([
      'order_id',
      'public_id',
      'total_inc_vat',
      'currency_code',
      'language',
      'market_alias',
      'created_at',
      'payment_kind',
    ])
    .where('public_id', '=', response.publicId)
    .executeTakeFirstOrThrow()
  const market = (MARKET_ALIASES as readonly string[]).includes(order.market_alias)
    ? order.market_alias
    : 'fi'
  const language = isLocaleCode(order.language) ? order.language : 'fi'
  const provider = providerOf(order.payment_kind) ?? PROVIDER_NAME
  const checkoutUrls =
    rawCheckout && typeof rawCheckout === 'object'
      ? (rawCheckout as Record<string, unknown>)['checkoutUrls']
      : undefined
  const session: SessionRequest = {
    orderId: String(order.order_id),
    reference: order.public_id,
    amount: order.total_inc_vat,
    currency: order.currency_code,
    language,
    shopName: SHOP_NAME,
    ...returnUrls({ ...ctx.config, shopUrl: ctx.shopUrl }, { market, language }, checkoutUrls),
    callbackUrl: callbackUrl(ctx.config, provider),
    expiresInMinutes: paymentMinutesLeft(order.created_at, new Date()),
  }
  let ok = false
  try {
    const answer = await postSigned(
      serviceFetch(ctx),
      `${providerBaseUrl(ctx.config.services.payments, provider)}/api/sessions`,
      provider,
      ctx.config.paymentSecret,
      JSON.stringify(session),
    )
    ok = answer.ok
  } catch {
    // unreachable provider: the same answer as a refusal below
  }
  if (!ok) {
    throw apiError(
      ERROR_CODES.INTERNAL_SERVER_ERROR,
      'The payment provider could not be reached. Place the order again to retry; it is not placed twice.',
      { retryable: true, orderId: String(order.order_id) },
    )
  }
  return response
}

/**
 * The wire protocol every embedded test payment provider speaks with the shop (Lumopay's cards,
 * and the phone wallets of ADR 0076), written once for both sides of the service wall: the
 * payments service signs its callbacks and verifies the shop's session requests with it, the
 * commerce API signs its session requests and verifies the callbacks with it.
 *
 * A signed request carries
 *   {Provider}-Timestamp: <unix seconds>
 *   {Provider}-Signature: v1=<hex HMAC-SHA256(key, `${timestamp}.${raw body}`)>
 * The receiver recomputes the HMAC over the exact bytes it received, compares in constant time
 * and refuses a timestamp further than the tolerance (5 minutes) from its own clock, so a
 * captured request cannot be replayed later; the event id makes a replay inside the window a
 * no-op. Each provider signs with its own key derived from the shop's one payment secret
 * (Lumopay's is the secret itself), so a request signed for one provider is forged for another.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { CURRENCY_CODES } from '../../src/shared/markets'
import { FAILURE_REASONS, isFailureReason, type FailureReason } from '../../src/shared/lumopay'

/** The card provider; its protocol predates the others and keeps its URLs at the service's root. */
export const CARD_PROVIDER = 'lumopay'

/** How far a signed request's timestamp may be from the receiver's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60

export { FAILURE_REASONS, isFailureReason, type FailureReason }

export function signatureHeaderNames(provider: string): { signature: string; timestamp: string } {
  return { signature: `${provider}-signature`, timestamp: `${provider}-timestamp` }
}

/** The provider's signing key: Lumopay's is the shop's payment secret, the others' derive from it. */
export function providerKey(paymentSecret: string, provider: string): string {
  if (provider === CARD_PROVIDER) return paymentSecret
  return createHmac('sha256', paymentSecret).update(`payment-provider:${provider}`).digest('hex')
}

export function sign(key: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`
}

/** Headers for a request to or from `provider` with this body, signed now. */
export function signedHeaders(
  provider: string,
  paymentSecret: string,
  body: string,
  now = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(now / 1000)
  const names = signatureHeaderNames(provider)
  return {
    'content-type': 'application/json',
    [names.timestamp]: String(timestamp),
    [names.signature]: sign(providerKey(paymentSecret, provider), timestamp, body),
  }
}

export type VerifyResult = { ok: true } | { ok: false; error: 'missing' | 'forged' | 'stale' }

export function verifySignature(
  provider: string,
  paymentSecret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now = Date.now(),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): VerifyResult {
  const names = signatureHeaderNames(provider)
  const timestampHeader = headers[names.timestamp]
  const signatureHeader = headers[names.signature]
  if (typeof timestampHeader !== 'string' || typeof signatureHeader !== 'string') {
    return { ok: false, error: 'missing' }
  }
  if (!/^\d{1,12}$/.test(timestampHeader)) return { ok: false, error: 'forged' }
  const timestamp = Number(timestampHeader)
  const expected = Buffer.from(sign(providerKey(paymentSecret, provider), timestamp, body))
  const given = Buffer.from(signatureHeader)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, error: 'forged' }
  }
  // checked after the signature: an attacker learns nothing about the clock from a forged request
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return { ok: false, error: 'stale' }
  return { ok: true }
}

export type SignedRead<T> = { ok: true; data: T } | { ok: false; status: 400 | 401; error: string }

/**
 * A signed JSON request as the receiver reads it: the signature over the raw bytes (401), then
 * JSON (400), then the schema (400, naming the first wrong field).
 */
export function readSignedJson<T>(
  provider: string,
  paymentSecret: string,
  request: { headers: Record<string, string | string[] | undefined>; body: unknown },
  schema: z.ZodType<T>,
  now = Date.now(),
): SignedRead<T> {
  const raw = typeof request.body === 'string' ? request.body : ''
  const verified = verifySignature(provider, paymentSecret, request.headers, raw, now)
  if (!verified.ok) return { ok: false, status: 401, error: `signature ${verified.error}` }
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return { ok: false, status: 400, error: 'body is not JSON' }
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {
      ok: false,
      status: 400,
      error: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
    }
  }
  return { ok: true, data: parsed.data }
}

/** Sends a signed JSON request (the exact bytes signed are the bytes sent). */
export function postSigned(
  fetcher: typeof fetch,
  url: string,
  provider: string,
  paymentSecret: string,
  body: string,
  now = Date.now(),
): Promise<Response> {
  return fetcher(url, {
    method: 'POST',
    headers: signedHeaders(provider, paymentSecret, body, now),
    body,
    signal: AbortSignal.timeout(10_000),
  })
}

/**
 * Where a provider lives in the payments service ({payments} is config.services.payments):
 * Lumopay at its root, every other provider under its name.
 */
export function providerBaseUrl(paymentsUrl: string, provider: string): string {
  return provider === CARD_PROVIDER ? paymentsUrl : `${paymentsUrl}/${provider}`
}

/** The shop's callback path for a provider, on the commerce API's origin. */
export function callbackPath(provider: string): string {
  return `/payments/${provider}/callback`
}

/**
 * Whether the payments service takes payments now (GET {payments}/api/health, 200 when it does):
 * the checkout asks before it offers a provider's payment (issue #15 item 4). Any answer below
 * 500 counts as reachable; a 5xx, a refused connection or no answer within 2 s does not.
 */
export const HEALTH_PATH = '/api/health'

/** The shop asks the provider to take a payment (POST {provider base}/api/sessions). */
export const SessionRequestSchema = z.object({
  /** the shop's order id (what the callback names) */
  orderId: z.string().min(1).max(40),
  /** the shop's public order id: the hosted page is {provider base}/orders/{reference} */
  reference: z.uuid(),
  amount: z.number().int().min(0).max(100_000_000),
  currency: z.enum(CURRENCY_CODES),
  language: z.enum(['fi', 'sv', 'nb', 'da']),
  shopName: z.string().min(1).max(100),
  successUrl: z.url({ protocol: /^https?$/ }).max(2000),
  failureUrl: z.url({ protocol: /^https?$/ }).max(2000),
  cancelUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  callbackUrl: z.url({ protocol: /^https?$/ }).max(2000),
  /** minutes the shopper has to pay before the order is given up */
  expiresInMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
})
export type SessionRequest = z.infer<typeof SessionRequestSchema>

export interface SessionResponse {
  sessionId: string
  url: string
  status: SessionStatus
  expiresAt: string
}

export type SessionStatus = 'open' | 'paid' | 'failed' | 'expired' | 'voided'

/** What the provider tells the shop (POST {callbackUrl}). */
export const CallbackEventSchema = z.object({
  /** unique per event: the receiver deduplicates on it */
  id: z.uuid(),
  type: z.enum(['payment.paid', 'payment.failed']),
  /** when the provider created the event (ISO); an event older than the order's last change is stale */
  createdAt: z.iso.datetime(),
  sessionId: z.uuid(),
  orderId: z.string().min(1).max(40),
  reference: z.uuid(),
  amount: z.number().int().min(0),
  currency: z.string().length(3),
  transactionId: z.string().max(100).optional(),
  /** for payment.failed: 'expired' (nobody paid in time) or a FailureReason */
  reason: z.string().max(100).optional(),
})
export type CallbackEvent = z.infer<typeof CallbackEventSchema>

/** The shop's answer to a callback. 2xx = taken (applied, repeated or ignored); 409 = refused. */
export interface CallbackAnswer {
  result: 'applied' | 'duplicate' | 'ignored' | 'refused'
  /** when refused: why, so the provider can void the payment and tell the shopper */
  reason?: FailureReason
}

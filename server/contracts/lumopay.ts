/**
 * The wire protocol of Lumopay, the embedded test payment provider (docs/adr/0012-payments.md).
 * This module is what a provider publishes as its merchant SDK: the shop's commerce API uses it
 * to sign the session it creates and to verify the callbacks it receives, the provider uses it
 * the other way round. Both sides share one secret (config.paymentSecret).
 *
 * A signed request carries
 *   Lumopay-Timestamp: <unix seconds>
 *   Lumopay-Signature: v1=<hex HMAC-SHA256(secret, `${timestamp}.${raw body}`)>
 * The receiver recomputes the HMAC over the exact bytes it received, compares in constant time
 * and refuses a timestamp further than the tolerance (5 minutes) from its own clock, so a
 * captured request cannot be replayed later; the event id makes a replay inside the window a
 * no-op.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { CURRENCY_CODES } from '../../src/shared/markets'
import { FAILURE_REASONS, isFailureReason, type FailureReason } from '../../src/shared/lumopay'

export const PROVIDER_NAME = 'lumopay'
export const SIGNATURE_HEADER = 'lumopay-signature'
export const TIMESTAMP_HEADER = 'lumopay-timestamp'
/** How far a signed request's timestamp may be from the receiver's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60

/** Why a payment failed is the part of the protocol the storefront reads as well. */
export { FAILURE_REASONS, isFailureReason, type FailureReason }

export function sign(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/** Headers for a signed request with this body, now. */
export function signedHeaders(secret: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000)
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: sign(secret, timestamp, body),
  }
}

export type VerifyResult = { ok: true } | { ok: false; error: 'missing' | 'forged' | 'stale' }

export function verifySignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now = Date.now(),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): VerifyResult {
  const timestampHeader = headers[TIMESTAMP_HEADER]
  const signatureHeader = headers[SIGNATURE_HEADER]
  if (typeof timestampHeader !== 'string' || typeof signatureHeader !== 'string') {
    return { ok: false, error: 'missing' }
  }
  if (!/^\d{1,12}$/.test(timestampHeader)) return { ok: false, error: 'forged' }
  const timestamp = Number(timestampHeader)
  const expected = Buffer.from(sign(secret, timestamp, body))
  const given = Buffer.from(signatureHeader)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, error: 'forged' }
  }
  // checked after the signature: an attacker learns nothing about the clock from a forged request
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return { ok: false, error: 'stale' }
  return { ok: true }
}

/**
 * Whether the provider takes payments now (GET {payments}/api/health, 200 when it does): the
 * checkout asks before it offers card payment (issue #15 item 4). Any answer below 500 counts as
 * reachable, so a provider without this page (404) still gets card orders; a 5xx, a refused
 * connection or no answer within 2 s does not.
 */
export const HEALTH_PATH = '/api/health'

/** The shop asks the provider to take a payment (POST {payments}/api/sessions). */
export const SessionRequestSchema = z.object({
  /** the shop's order id (what the callback names) */
  orderId: z.string().min(1).max(40),
  /** the shop's public order id: the hosted page is {payments}/orders/{reference} */
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

/**
 * Lumopay, the embedded test card provider (docs/adr/0012-payments.md): the shared provider
 * protocol of payment-providers.ts bound to its name. Its requests carry
 *   Lumopay-Timestamp: <unix seconds>
 *   Lumopay-Signature: v1=<hex HMAC-SHA256(secret, `${timestamp}.${raw body}`)>
 * signed with config.paymentSecret itself.
 */
import {
  CARD_PROVIDER,
  sign as signWith,
  signatureHeaderNames,
  signedHeaders as signedHeadersFor,
  verifySignature as verifySignatureFor,
  type VerifyResult,
} from './payment-providers'

export {
  CallbackEventSchema,
  FAILURE_REASONS,
  HEALTH_PATH,
  isFailureReason,
  SessionRequestSchema,
  SIGNATURE_TOLERANCE_SECONDS,
  type CallbackAnswer,
  type CallbackEvent,
  type FailureReason,
  type SessionRequest,
  type SessionResponse,
  type SessionStatus,
  type VerifyResult,
} from './payment-providers'

export const PROVIDER_NAME = CARD_PROVIDER
export const SIGNATURE_HEADER = signatureHeaderNames(CARD_PROVIDER).signature
export const TIMESTAMP_HEADER = signatureHeaderNames(CARD_PROVIDER).timestamp

export const sign = signWith

/** Headers for a Lumopay request with this body, now. */
export function signedHeaders(secret: string, body: string, now = Date.now()): Record<string, string> {
  return signedHeadersFor(CARD_PROVIDER, secret, body, now)
}

export function verifySignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now = Date.now(),
  toleranceSeconds?: number,
): VerifyResult {
  return verifySignatureFor(CARD_PROVIDER, secret, headers, body, now, toleranceSeconds)
}

/**
 * The part of the payment providers' protocol (server/contracts/payment-providers.ts) the
 * storefront reads too: why a payment failed. A provider sends the shopper to
 * /checkout/lumopay-fail?reason=…, and the storefront shows the spec's message per reason.
 */
export const FAILURE_REASONS = [
  'card_refused',
  /** the shopper declined the payment request in a phone wallet's app */
  'payment_declined',
  'serial_returner',
  'out_of_stock',
  'sold_out',
  'user_blocked',
] as const
export type FailureReason = (typeof FAILURE_REASONS)[number]

export function isFailureReason(value: unknown): value is FailureReason {
  return typeof value === 'string' && (FAILURE_REASONS as readonly string[]).includes(value)
}

/**
 * The part of Lumopay's protocol (server/contracts/lumopay.ts) the storefront reads too: why a
 * payment failed. The provider sends the shopper to /checkout/lumopay-fail?reason=…, and the
 * storefront shows the spec's message per reason.
 */
export const FAILURE_REASONS = [
  'card_refused',
  'serial_returner',
  'out_of_stock',
  'sold_out',
  'user_blocked',
] as const
export type FailureReason = (typeof FAILURE_REASONS)[number]

export function isFailureReason(value: unknown): value is FailureReason {
  return typeof value === 'string' && (FAILURE_REASONS as readonly string[]).includes(value)
}

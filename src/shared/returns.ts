/**
 * Digital returns (docs/product-rules.md#orders-and-returns; docs/adr/0030-returns.md): the facts the commerce API and the
 * register-return page share. The return window's length is data per market
 * (`market_return_windows`); the reasons are codes whose texts are `returns.reason.{code}` in
 * locales/{fi,sv,nb,da}.json.
 */

/** Why goods come back, in the order the form lists them. */
export const RETURN_REASONS = [
  'too-small',
  'too-large',
  'not-as-pictured',
  'quality',
  'wrong-item',
  'damaged',
  'changed-mind',
  'other',
] as const

export type ReturnReason = (typeof RETURN_REASONS)[number]

export function isReturnReason(value: string): value is ReturnReason {
  return (RETURN_REASONS as readonly string[]).includes(value)
}

/** The message id of a reason's text. */
export function returnReasonMessage(reason: string): string {
  return isReturnReason(reason) ? `returns.reason.${reason}` : 'returns.reason.other'
}

/** Where a return is: the shopper registers it, the shop receives the goods and refunds them. */
export const RETURN_STATUSES = ['registered', 'received', 'refunded'] as const
export type ReturnStatusName = (typeof RETURN_STATUSES)[number]

export function returnStatusMessage(status: string): string {
  return (RETURN_STATUSES as readonly string[]).includes(status)
    ? `returns.status.${status}`
    : 'returns.status.registered'
}

/** A return's number: the order number and the return's place among the order's returns, `R1042-1`. */
export function returnNumberFor(orderNumber: number, sequence: number): string {
  return `R${orderNumber}-${sequence}`
}

export const RETURN_NUMBER_PATTERN = /^R[0-9]{1,12}-[0-9]{1,4}$/

/** The last moment a return can be registered: the window's days after delivery. */
export function returnDeadline(deliveredAt: Date, windowDays: number): Date {
  return new Date(deliveredAt.getTime() + windowDays * 24 * 60 * 60 * 1000)
}

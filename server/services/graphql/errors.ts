/**
 * GraphQL errors with a machine-readable `extensions.code`. Resolvers throw these; the storefront
 * branches on the code (e.g. RequirementsNotMet vs InvalidPromoCode, docs/service-contracts.md#commerce-api), never on
 * the message. Errors thrown any other way are masked in production (see masking.ts).
 */
import { GraphQLError } from 'graphql'
import { QUANTITY_LIMIT_REASON, type QuantityLimitBreach } from '../../../src/shared/order-limits'

export const ERROR_CODES = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  QUERY_TOO_COMPLEX: 'QUERY_TOO_COMPLEX',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  /** A promo code exists but the cart does not meet its requirements. */
  REQUIREMENTS_NOT_MET: 'RequirementsNotMet',
  INVALID_PROMO_CODE: 'InvalidPromoCode',
  OUT_OF_STOCK: 'OUT_OF_STOCK',
  CART_COMPLETED: 'CART_COMPLETED',
  CONFLICT: 'CONFLICT',
  /** placeOrder: the goods are below the market's minimum order value (CartType.minimumOrderValue). */
  MINIMUM_ORDER_VALUE_NOT_REACHED: 'MinimumOrderValueNotReached',
  /** commitReset: the key is unknown, used or older than an hour; the shopper asks for a new link. */
  RESET_KEY_EXPIRED: 'ResetKeyExpired',
  /** An abuse limit (ADR 0024): extensions.retryAfter says in how many seconds to try again. */
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  /** The request body is over the endpoint's limit (HTTP 413). */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** registerReturn: not delivered yet, the return window closed, or cancelled (extensions.reason). */
  RETURN_NOT_ALLOWED: 'ReturnNotAllowed',
  /** placeOrder: the chosen payment's provider cannot be reached now (extensions.payment: its kind). */
  PAYMENT_UNAVAILABLE: 'PaymentUnavailable',
} as const

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]

/** Errors carrying one of these codes are safe to show as they are, also in production. */
export const PUBLIC_ERROR_CODES: ReadonlySet<string> = new Set<string>(Object.values(ERROR_CODES))

export function apiError(
  code: ErrorCode,
  message: string,
  extensions: Record<string, unknown> = {},
): GraphQLError {
  return new GraphQLError(message, { extensions: { ...extensions, code } })
}

export function badUserInput(message: string, field?: string): GraphQLError {
  return apiError(ERROR_CODES.BAD_USER_INPUT, message, field ? { field } : {})
}

export function notFound(message: string): GraphQLError {
  return apiError(ERROR_CODES.NOT_FOUND, message)
}

export function unauthenticated(message = 'You must be signed in'): GraphQLError {
  return apiError(ERROR_CODES.UNAUTHENTICATED, message)
}

export function forbidden(message = 'You may not access this resource'): GraphQLError {
  return apiError(ERROR_CODES.FORBIDDEN, message)
}

export function requirementsNotMet(message: string): GraphQLError {
  return apiError(ERROR_CODES.REQUIREMENTS_NOT_MET, message)
}

export function invalidPromoCode(message = 'Invalid promo code'): GraphQLError {
  return apiError(ERROR_CODES.INVALID_PROMO_CODE, message)
}

/** A quantity over the order limits (src/shared/order-limits.ts): the shopper is told the limit. */
export function quantityLimit(breach: QuantityLimitBreach): GraphQLError {
  const what = breach.per === 'sku' ? 'of one size' : 'in one order'
  return apiError(ERROR_CODES.BAD_USER_INPUT, `At most ${breach.limit} units ${what} can be ordered`, {
    field: 'quantity',
    reason: QUANTITY_LIMIT_REASON,
    ...breach,
  })
}

export function outOfStock(message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return apiError(ERROR_CODES.OUT_OF_STOCK, message, extensions)
}

export function tooManyRequests(
  retryAfterSeconds: number,
  message = 'Too many attempts, try again later',
): GraphQLError {
  return apiError(ERROR_CODES.TOO_MANY_REQUESTS, message, { retryAfter: retryAfterSeconds })
}

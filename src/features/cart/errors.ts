/**
 * The cart API's errors as the cart tells them apart: a module of their own so the cart's rules
 * (and the listeners that use them) do not bring the operations' GraphQL text along.
 */

/** The API's error codes the cart tells apart (server/services/graphql/errors.ts). */
export const CART_ERROR_CODES = {
  outOfStock: 'OUT_OF_STOCK',
  notFound: 'NOT_FOUND',
  cartCompleted: 'CART_COMPLETED',
  requirementsNotMet: 'RequirementsNotMet',
  invalidPromoCode: 'InvalidPromoCode',
  badUserInput: 'BAD_USER_INPUT',
} as const

export class CartApiError extends Error {
  readonly code: string | null
  readonly extensions: Record<string, unknown>
  constructor(message: string, code: string | null, extensions: Record<string, unknown> = {}) {
    super(message)
    this.name = 'CartApiError'
    this.code = code
    this.extensions = extensions
  }
}

/** The first GraphQL error of an Apollo error (CombinedGraphQLErrors has `errors`), else a transport error. */
export function toCartApiError(error: unknown): CartApiError {
  if (error instanceof CartApiError) return error
  const list = (error as { errors?: unknown } | null)?.errors
  if (Array.isArray(list) && list.length > 0) {
    const first = list[0] as { message?: unknown; extensions?: unknown }
    const extensions =
      typeof first.extensions === 'object' && first.extensions !== null
        ? (first.extensions as Record<string, unknown>)
        : {}
    const code = typeof extensions.code === 'string' ? extensions.code : null
    return new CartApiError(typeof first.message === 'string' ? first.message : 'Error', code, extensions)
  }
  const message = error instanceof Error ? error.message : String(error)
  return new CartApiError(message, null)
}

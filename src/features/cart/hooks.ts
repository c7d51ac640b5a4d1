/**
 * React access to the cart's actions: each returns `{ ok: true }` or `{ ok: false, message }`
 * with the message already in the page's language (docs/product-rules.md#cart errors).
 */
import { useCallback } from 'react'
import { useIntl, type IntlShape } from 'react-intl'
import { useGetApollo } from '../../app/apollo-access'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { formatMoney } from '../../shared/money'
import { LOYALTY_MONEY } from '../../shared/loyalty'
import type { CurrencyCode } from '../../shared/markets'
import { toCartApiError } from './errors'
import { cartErrorMessage, type CartOperation } from './rules'
import type { CartView } from './types'

export type CartResult = { ok: true } | { ok: false; message: string }

/** The cart's operations load with the first change, not with the pages that show the cart. */
const cartThunks = () => import('./thunks')

export function describeCartError(
  intl: IntlShape,
  error: unknown,
  operation: CartOperation,
  code?: string,
  currency: CurrencyCode = 'EUR',
): string {
  // docs/product-rules.md#cart: 25 euro, or the market's equivalent (src/shared/loyalty.ts)
  const voucherMinimum = formatMoney(LOYALTY_MONEY[currency].voucherMinimumPurchase, currency, intl.locale)
  const message = cartErrorMessage(toCartApiError(error), operation, {
    ...(code !== undefined ? { code } : {}),
    voucherMinimum,
  })
  return intl.formatMessage({ id: message.id }, message.values)
}

function useCartAction<TInput>(
  operation: CartOperation,
  run: (input: TInput) => Promise<unknown>,
  codeOf?: (input: TInput) => string,
): (input: TInput) => Promise<CartResult> {
  const intl = useIntl()
  const currency = useAppSelector((state) => state.channel.currency)
  return useCallback(
    async (input: TInput) => {
      try {
        await run(input)
        return { ok: true as const }
      } catch (error) {
        return {
          ok: false as const,
          message: describeCartError(intl, error, operation, codeOf?.(input), currency),
        }
      }
    },
    [intl, run, operation, codeOf, currency],
  )
}

/** Sets a line's quantity; 0 removes the line. */
export function useSetLineQuantity(): (input: { skuId: number; quantity: number }) => Promise<CartResult> {
  const dispatch = useAppDispatch()
  const getApollo = useGetApollo()
  const run = useCallback(
    (input: { skuId: number; quantity: number }) =>
      cartThunks().then(({ setLineQuantity }) => dispatch(setLineQuantity(getApollo, input))),
    [dispatch, getApollo],
  )
  return useCartAction('update', run)
}

const codeOfInput = (code: string) => code

/** Applies a promo code, gift code or bonus voucher; '' removes it. */
export function useApplyPromoCode(): (code: string) => Promise<CartResult> {
  const dispatch = useAppDispatch()
  const getApollo = useGetApollo()
  const run = useCallback(
    (code: string) => cartThunks().then(({ applyPromoCode }) => dispatch(applyPromoCode(getApollo, code))),
    [dispatch, getApollo],
  )
  return useCartAction('promo', run, codeOfInput)
}

/** The loaded cart in the Cart fragment's shape, or null. */
export function useCart(): CartView | null {
  return useAppSelector((state) => state.cart.data) as CartView | null
}

export function useCartItemCount(): number {
  return useAppSelector((state) => {
    const items = state.cart.data?.items
    return items ? items.reduce((sum, item) => sum + item.quantity, 0) : 0
  })
}

export function useVatIncluded(): boolean {
  return useAppSelector((state) => state.global.vatIncluded)
}

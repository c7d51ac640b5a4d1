/**
 * CheckoutInputType → the checkout choices the cart keeps. GraphQL has already checked the
 * types; this bounds lengths and trims, so nothing unbounded reaches the database.
 */
import { z } from 'zod'
import { badUserInput } from '../errors'
import type { SavedCheckout } from '../cart/load'
import { BUYER_TYPE_TUPLE } from '../../../../src/shared/customer-types'

export const text = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => value.trim())
    .nullish()

/** AddressInputType, bounded and trimmed (also the user API's profile address). */
export const addressInput = z.object({
  firstName: text(100),
  lastName: text(100),
  addressLine1: text(200),
  addressLine2: text(200),
  addressLine3: text(200),
  entryCode: text(50),
  careOf: text(100),
  city: text(100),
  state: text(100),
  country: text(2),
  zip: text(20),
  company: text(200),
  mobile: text(40),
  phone: text(40),
})

const address = addressInput.nullish()

const checkoutInput = z.object({
  paymentId: z.number().int().positive().nullish(),
  shippingId: z.number().int().positive().nullish(),
  message: text(1000),
  email: text(254),
  identityNumber: text(40),
  customerType: z.enum(BUYER_TYPE_TUPLE).nullish(),
  billingAddress: address,
  shippingAddress: address,
})

export type CheckoutInput = z.input<typeof checkoutInput>

function withoutEmpty<T extends Record<string, unknown>>(
  value: T,
): Partial<{ [K in keyof T]: Exclude<T[K], null | undefined | ''> }> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  ) as Partial<{
    [K in keyof T]: Exclude<T[K], null | undefined | ''>
  }>
}

/** Validates and normalises; a bad field is a BAD_USER_INPUT naming it. */
export function parseCheckoutInput(input: unknown): SavedCheckout {
  const parsed = checkoutInput.safeParse(input ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path.join('.') ?? 'checkout'
    throw badUserInput(`checkout.${field}: ${issue?.message ?? 'invalid value'}`, field)
  }
  const value = parsed.data
  return withoutEmpty({
    paymentId: value.paymentId,
    shippingId: value.shippingId,
    message: value.message,
    email: value.email?.toLowerCase(),
    identityNumber: value.identityNumber,
    customerType: value.customerType,
    billingAddress: value.billingAddress ? withoutEmpty(value.billingAddress) : undefined,
    shippingAddress: value.shippingAddress ? withoutEmpty(value.shippingAddress) : undefined,
  })
}

/** Newer choices win field by field, so a partial update keeps what the shopper chose before. */
export function mergeCheckout(saved: SavedCheckout | null, update: SavedCheckout): SavedCheckout {
  return { ...(saved ?? {}), ...update }
}

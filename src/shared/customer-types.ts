/**
 * The shopper's customer type (docs/product-rules.md#customer-types-and-prices): it decides whether prices show with or without VAT, so
 * the page cache keys on it as well as the storefront's state.
 */
export const CUSTOMER_TYPES = ['PERSON', 'ORGANIZATION', 'STUDENT', 'CURVE'] as const
export type CustomerType = (typeof CUSTOMER_TYPES)[number]

/** Who a shopper is until they choose otherwise. */
export const DEFAULT_CUSTOMER_TYPE: CustomerType = 'PERSON'

export function isCustomerType(value: unknown): value is CustomerType {
  return typeof value === 'string' && (CUSTOMER_TYPES as readonly string[]).includes(value)
}

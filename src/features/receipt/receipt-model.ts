/**
 * The receipt's view of an order (issue 29 item 1), the same for the confirmation page and the
 * account's order detail: each page maps its own query's order into this shape, and the receipt
 * components only present it.
 */
import type { CurrencyCode } from '../../shared/markets'
import type { MoneyPresentation } from '../../shared/order-money'

export interface ReceiptLine {
  key: string
  /** the product picture's address on the image service, when the order kept one */
  imageUrl: string | null
  brand: string | null
  name: string
  /** the size (the sku's variant), when the product has sizes */
  size: string | null
  quantity: number
  /** what the line cost, VAT included, in minor units */
  total: number
}

export interface ReceiptAddress {
  name: string
  company: string | null
  careOf: string | null
  lines: string[]
  zip: string
  city: string
  /** ISO 3166-1 alpha-2, shown as the country's name in the page's language */
  countryCode: string | null
}

/** The pickup point chosen at checkout (the order's snapshot of the pickup-point service's answer). */
export interface ReceiptPickupPoint {
  name: string
  street: string
  postcode: string
  city: string
  /** ISO weekdays fromDay..toDay (1 = Monday), local HH:MM */
  openingHours: { fromDay: number; toDay: number; opens: string; closes: string }[]
}

/** When the parcel arrives, as estimated when the order was placed ('YYYY-MM-DD'). */
export interface ReceiptDeliveryEstimate {
  earliest: string
  latest: string
}

export interface ReceiptOrder {
  orderNumber: string
  email: string | null
  currency: CurrencyCode
  lines: ReceiptLine[]
  money: MoneyPresentation
  paymentMethod: string | null
  shippingMethod: string | null
  shippingAddress: ReceiptAddress | null
  billingAddress: ReceiptAddress | null
  pickupPoint?: ReceiptPickupPoint | null
  deliveryEstimate?: ReceiptDeliveryEstimate | null
}

/** The address as the order keeps it (every field may be missing). */
export interface OrderAddressFields {
  firstName?: string | null
  lastName?: string | null
  company?: string | null
  careOf?: string | null
  addressLine1?: string | null
  addressLine2?: string | null
  zip?: string | null
  city?: string | null
  country?: string | null
}

const present = (value: string | null | undefined) => (value ?? '').trim()

/** An order's address for the receipt, or null when it has nothing to show. */
export function receiptAddress(address: OrderAddressFields | null | undefined): ReceiptAddress | null {
  if (!address) return null
  const name = [present(address.firstName), present(address.lastName)].filter(Boolean).join(' ')
  const lines = [present(address.addressLine1), present(address.addressLine2)].filter(Boolean)
  const zip = present(address.zip)
  const city = present(address.city)
  if (!name && lines.length === 0 && !zip && !city) return null
  const country = present(address.country).toUpperCase()
  return {
    name,
    company: present(address.company) || null,
    careOf: present(address.careOf) || null,
    lines,
    zip,
    city,
    countryCode: /^[A-Z]{2}$/.test(country) ? country : null,
  }
}

/** "Suomi", "Sverige": a country's name in a language; the code itself when the name is unknown. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code
  } catch {
    return code
  }
}

/**
 * An order as the commerce API gives it (the confirmation's `checkout.order` rows and
 * `getOrderPublic`, or the account's `getOrder`) in the receipt's shape.
 */
import type { CurrencyCode } from '../../shared/markets'
import { fromDecimal } from '../../shared/money'
import type { MoneyPresentation } from '../../shared/order-money'
import {
  receiptAddress,
  type OrderAddressFields,
  type ReceiptDeliveryEstimate,
  type ReceiptLine,
  type ReceiptOrder,
  type ReceiptPickupPoint,
} from './receipt-model'

/** An order row as the API answers it: a decimal unit price, the picture's absolute `imageUrl`. */
export interface OrderRowFields {
  articleNumber?: string | null
  name?: string | null
  brand?: string | null
  variant?: string | null
  quantity: number
  priceIncVat: number
  imageUrl?: string | null
}

export interface OrderForReceipt {
  orderNumber: string
  email?: string | null
  currency: CurrencyCode
  rows: readonly OrderRowFields[]
  money: MoneyPresentation
  paymentMethod?: string | null
  shippingMethod?: string | null
  shippingAddress?: OrderAddressFields | null
  billingAddress?: OrderAddressFields | null
  pickupPoint?: ReceiptPickupPoint | null
  deliveryEstimate?: ReceiptDeliveryEstimate | null
}

export function receiptLines(rows: readonly OrderRowFields[], currency: CurrencyCode): ReceiptLine[] {
  return rows.map((row, index) => ({
    key: `${row.articleNumber ?? 'row'}-${index}`,
    imageUrl: row.imageUrl?.trim() || null,
    brand: row.brand?.trim() || null,
    name: row.name?.trim() || row.articleNumber || '',
    size: row.variant?.trim() || null,
    quantity: row.quantity,
    // the unit price in minor units first, so that a line of three is exactly three times one
    total: fromDecimal(row.priceIncVat, currency) * row.quantity,
  }))
}

export function receiptOf(order: OrderForReceipt): ReceiptOrder {
  return {
    orderNumber: order.orderNumber,
    email: order.email?.trim() || null,
    currency: order.currency,
    lines: receiptLines(order.rows, order.currency),
    money: order.money,
    paymentMethod: order.paymentMethod?.trim() || null,
    shippingMethod: order.shippingMethod?.trim() || null,
    shippingAddress: receiptAddress(order.shippingAddress),
    billingAddress: receiptAddress(order.billingAddress),
    pickupPoint: order.pickupPoint
      ? {
          name: order.pickupPoint.name,
          street: order.pickupPoint.street,
          postcode: order.pickupPoint.postcode,
          city: order.pickupPoint.city,
          openingHours: order.pickupPoint.openingHours.map(({ fromDay, toDay, opens, closes }) => ({
            fromDay,
            toDay,
            opens,
            closes,
          })),
        }
      : null,
    deliveryEstimate: order.deliveryEstimate
      ? { earliest: order.deliveryEstimate.earliest, latest: order.deliveryEstimate.latest }
      : null,
  }
}

/**
 * How the account pages name an order's state (docs/product-rules.md#orders-and-returns: received, processing, completed,
 * cancelled) and the parts of an order's detail view: its tracking links, and its refunds
 * (returns and refunds are the same rows: a refund for a returned item).
 */
import type { AccountOrder } from './api'

export const ORDER_STATUSES = ['received', 'processing', 'completed', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
}

/** The message id of a status; a status outside the spec's four reads as 'processing'. */
export function orderStatusMessage(status: string): string {
  const normalised = status.trim().toLowerCase()
  return `account.order.status.${isOrderStatus(normalised) ? normalised : 'processing'}`
}

export interface TrackingLink {
  name: string
  parcelNumber: string | null
  href: string
}

/** Only http(s) links are shown: a tracking link comes from a carrier, never `javascript:`. */
export function trackingLinks(order: Pick<AccountOrder, 'shippingDetails'>): TrackingLink[] {
  return (order.shippingDetails ?? []).flatMap((detail) => {
    if (!detail?.trackingLink) return []
    let url: URL
    try {
      url = new URL(detail.trackingLink)
    } catch {
      return []
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return []
    return [{ name: detail.name, parcelNumber: detail.parcelNumber ?? null, href: url.href }]
  })
}

/** The order id of the `?order=` query of the orders page; null when absent or not an id. */
export function orderIdFromSearch(search: URLSearchParams): number | null {
  const raw = search.get('order')
  if (raw === null || !/^[1-9][0-9]{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= 2_147_483_647 ? id : null
}

/** Dates of orders and invoices: the same on the server and in the browser (no hydration mismatch). */
export const DATE_FORMAT = { dateStyle: 'medium', timeZone: 'UTC' } as const

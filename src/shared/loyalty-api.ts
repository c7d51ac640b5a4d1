/**
 * The wire contract of the loyalty service (docs/adr/0028-loyalty-service.md): the one module both
 * the service (server/services/loyalty) and the storefront (src/features/loyalty) import. Paths
 * are relative to BROWSER_LOYALTY_URI (src/shared/storefront-api.ts).
 */

/** GET /get-contact, POST /member and /save-consent: the shopper's loyalty contact. */
export interface LoyaltyContact {
  id: string
  discoveryKey: string | null
  registrationCompleteEvent: boolean
  preferences: { acceptsEmail: boolean; acceptsSms: boolean }
  isMember: boolean
  memberNumber: string | null
}

export interface LoyaltyVoucherView {
  code: string
  amount: number
  currency: string
  minimumPurchase: number
  expiresAt: string
  redeemed: boolean
  market: string
}

export interface LoyaltyHistoryEntry {
  kind: 'earn' | 'adjust' | 'payout'
  points: number
  orderId: number | null
  at: string
  creditedAt: string
}

/** GET /overview: the membership page's data. */
export interface LoyaltyOverview {
  contact: LoyaltyContact
  level: string | null
  points: number
  pendingPoints: number
  pending: { points: number; creditedAt: string; orderId: number | null }[]
  vouchers: LoyaltyVoucherView[]
  history: LoyaltyHistoryEntry[]
}

export const CART_EVENT_KINDS = ['cart', 'empty-cart'] as const
export const CART_EVENT_REASONS = ['add', 'remove', 'purchase', 'logout'] as const

/** POST /cart-events: the cart, for the loyalty analytics. */
export interface CartEvent {
  kind: (typeof CART_EVENT_KINDS)[number]
  reason: (typeof CART_EVENT_REASONS)[number]
  /** a market alias; the service refuses any other */
  market?: string
  items?: { skuId: number; quantity: number }[]
}

/**
 * How buyable a product is, the order product lists open in (issue 27, ADR 0055): what is in
 * stock first, then what has few left (or is made to order), then what is coming, then what is
 * sold out. The same tiers as the card's stock status and badges: a product the card calls
 * "Tulossa pian" is incoming, one it calls "Loppuunmyyty" is sold out.
 */

import { SHOP_DATA } from './shop-definition'

/** At or below this many units in stock the card says "few left" (the shop definition's stock rule). */
export const FEW_LEFT_THRESHOLD: number = SHOP_DATA.stock.fewLeftThreshold

export const AVAILABILITY_TIERS = ['IN_STOCK', 'FEW_LEFT', 'INCOMING', 'SOLD_OUT'] as const
export type AvailabilityTier = (typeof AVAILABILITY_TIERS)[number]

export interface AvailabilityFacts {
  /** ISO date */
  firstAvailableOn: string
  stockInStock: number
  stockStatic: number
  /** in stock + made to order + static */
  stockTotal: number
  /** the latest restock date of any size, ISO date */
  lastIncomingOn: string | null
}

/**
 * The tier's rank (0 = in stock … 3 = sold out) on `today` ('YYYY-MM-DD', UTC). The commerce API
 * writes the same rule in SQL (listing.ts, availabilityTier); its integration test holds the two
 * to the cards.
 */
export function availabilityRank(facts: AvailabilityFacts, today: string): number {
  if (facts.firstAvailableOn > today) return 2
  if (facts.stockStatic > 0 || facts.stockInStock > FEW_LEFT_THRESHOLD) return 0
  if (facts.stockTotal > 0) return 1
  if (facts.lastIncomingOn !== null && facts.lastIncomingOn >= today) return 2
  return 3
}

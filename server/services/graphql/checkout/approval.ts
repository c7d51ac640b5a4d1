/**
 * Which orders wait for an operator before they ship (docs/adr/0075-operator-cancel-and-approval.md):
 * an invoice order by a guest (no account: nobody to ask, nothing paid up front) with more units
 * than its market's `guest_invoice_units_limit` (migration 1075, 10 by default). Such an order takes
 * its stock like any other, but `orders.awaiting_approval` keeps the ship operation from sending it
 * until the operator approves it, or cancels it and gives the stock back. The shopper is told
 * nothing new: the order reads as received, as any order not yet shipped.
 */
import type { Transaction } from 'kysely'
import type { MarketAlias } from '../../../../src/shared/markets'
import { isInvoiced } from '../../../../src/shared/payment-kinds'
import type { CommerceDB } from '../cart/db'

export interface ApprovalHold {
  units: number
  limit: number
}

/** The hold an order placed like this gets, or null when it may ship as soon as it is secured. */
export async function guestInvoiceHold(
  trx: Transaction<CommerceDB>,
  order: { userId: string | null; paymentKind: string; market: MarketAlias; units: number },
): Promise<ApprovalHold | null> {
  if (order.userId !== null || !isInvoiced(order.paymentKind)) return null
  const market = await trx
    .selectFrom('markets')
    .select('guest_invoice_units_limit')
    .where('alias', '=', order.market)
    .executeTakeFirstOrThrow()
  const limit = market.guest_invoice_units_limit
  return order.units > limit ? { units: order.units, limit } : null
}

/** The order event's note when an order is held. */
export function holdNote(hold: ApprovalHold): string {
  return `awaiting approval: a guest's invoice order of ${hold.units} units, over the market's limit of ${hold.limit}`
}

/**
 * The shopper's side of digital returns (docs/product-rules.md#orders-and-returns, issue #11 item 4): look up an order that can be
 * returned and register a return of some of its goods, each with a quantity and a reason, inside
 * the market's return window. The return gets its number, a `return_registered` order event per
 * row (OrderType.returns) and the `return-registered` e-mail, all in one transaction.
 */
import { z } from 'zod'
import type { Order, OrderRow } from '../../../db/schema'
import { isReturnReason, returnNumberFor } from '../../../../src/shared/returns'
import { apiError, badUserInput, ERROR_CODES } from '../errors'
import type { CommerceDB } from '../cart/db'
import type { Kysely } from 'kysely'
import { queueReturnRegisteredMail } from './mails'
import {
  loadOrderRows,
  loadReturns,
  returnedQuantities,
  returnWindowOf,
  type NotReturnableReason,
  type StoredReturn,
  type ReturnWindow,
} from './store'

/** At most this many returns per order (the number's sequence has four digits). */
const MAX_RETURNS_PER_ORDER = 50

export interface ReturnableItem {
  row: OrderRow
  returnable: number
}

export interface ReturnableOrder {
  order: Order
  window: ReturnWindow
  items: ReturnableItem[]
  returns: StoredReturn[]
  /** why no return can be registered now (window, delivery, nothing left); null when one can */
  notReturnableReason: NotReturnableReason | 'NOTHING_LEFT' | null
}

export async function returnableOrder(
  db: Kysely<CommerceDB>,
  order: Order,
  now: Date,
): Promise<ReturnableOrder> {
  const [rows, returns, window] = await Promise.all([
    loadOrderRows(db, order.order_id),
    loadReturns(db, [order.order_id]),
    returnWindowOf(db, order, now),
  ])
  const returned = returnedQuantities(returns)
  const items = rows.map((row) => ({
    row,
    returnable: Math.max(0, row.quantity - (returned.get(row.order_row_id) ?? 0)),
  }))
  const nothingLeft = items.every((item) => item.returnable === 0)
  return {
    order,
    window,
    items,
    returns,
    notReturnableReason: window.closedBecause ?? (nothingLeft ? 'NOTHING_LEFT' : null),
  }
}

export const ReturnItemsInput = z
  .array(
    z.object({
      itemId: z.number().int().positive(),
      quantity: z.number().int().min(1, 'quantity must be at least 1').max(999),
      reasonCode: z.string().refine(isReturnReason, 'reasonCode is not one of the return reasons'),
    }),
  )
  .min(1, 'choose at least one item to return')
  .max(100)
  .refine(
    (items) => new Set(items.map((item) => item.itemId)).size === items.length,
    'each item may be listed once',
  )

export type ReturnItemsInput = z.infer<typeof ReturnItemsInput>

/** A return that the shop's rules refuse: the window, the delivery, or quantities. */
export function returnNotAllowed(reason: string, message: string) {
  return apiError(ERROR_CODES.RETURN_NOT_ALLOWED, message, { reason })
}

const WINDOW_MESSAGES: Record<NotReturnableReason, string> = {
  NOT_DELIVERED: 'The order has not been delivered yet; a return can be registered once it has',
  WINDOW_CLOSED: 'The return window of this order has closed',
  CANCELLED: 'The order was cancelled',
}

export async function registerReturn(
  db: Kysely<CommerceDB>,
  orderId: number,
  items: ReturnItemsInput,
  registeredBy: 'customer' | 'guest',
  now: Date,
): Promise<StoredReturn> {
  return db.transaction().execute(async (trx) => {
    // one registration at a time per order, so two cannot both return the last unit
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const window = await returnWindowOf(trx, order, now)
    if (window.closedBecause)
      throw returnNotAllowed(window.closedBecause, WINDOW_MESSAGES[window.closedBecause])

    const [rows, returns] = await Promise.all([
      loadOrderRows(trx, order.order_id),
      loadReturns(trx, [order.order_id]),
    ])
    if (returns.length >= MAX_RETURNS_PER_ORDER)
      throw returnNotAllowed('TOO_MANY_RETURNS', 'This order has too many returns; contact customer service')
    const returned = returnedQuantities(returns)
    const chosen = items.map((item) => {
      const row = rows.find((candidate) => candidate.order_row_id === item.itemId)
      if (!row) throw badUserInput(`Item ${item.itemId} is not on this order`, 'items')
      const left = row.quantity - (returned.get(row.order_row_id) ?? 0)
      if (item.quantity > left)
        throw apiError(
          ERROR_CODES.BAD_USER_INPUT,
          left === 0
            ? `${row.product_name} has already been returned`
            : `At most ${left} of ${row.product_name} can be returned`,
          { field: 'items', reason: 'RETURN_QUANTITY', itemId: row.order_row_id, returnable: left },
        )
      return { row, quantity: item.quantity, reasonCode: item.reasonCode }
    })

    const returnNumber = returnNumberFor(order.order_id, returns.length + 1)
    const inserted = await trx
      .insertInto('order_returns')
      .values({ return_number: returnNumber, order_id: order.order_id, registered_by: registeredBy })
      .returning('return_id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('order_return_items')
      .values(
        chosen.map(({ row, quantity, reasonCode }) => ({
          return_id: inserted.return_id,
          order_row_id: row.order_row_id,
          quantity,
          reason_code: reasonCode,
        })),
      )
      .execute()
    await trx
      .insertInto('order_events')
      .values(
        chosen.map(({ row, quantity, reasonCode }) => ({
          order_id: order.order_id,
          kind: 'return_registered' as const,
          order_row_id: row.order_row_id,
          reason_code: reasonCode,
          data: JSON.stringify({ returnNumber, quantity }),
        })),
      )
      .execute()
    await queueReturnRegisteredMail(trx, order, { returnNumber, until: window.until ?? now, items: chosen })
    const stored = (await loadReturns(trx, [order.order_id])).find(
      (entry) => entry.returnNumber === returnNumber,
    )
    if (!stored) throw new Error(`return ${returnNumber} was not stored`)
    return stored
  })
}

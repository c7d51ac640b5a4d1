/**
 * The back office's order look-ups (ADR 0027, issue 29), area `orders`, read only:
 *
 *   GET /admin/api/orders?status=&market=&email=&limit=&before=
 *        → { orders: [{ orderId, publicId, createdAt, status, market, email, name, units, total,
 *          currency, payment, awaitingApproval }], next }: newest first; `next` is the `before`
 *          of the next page (null on the last)
 *   GET /admin/api/orders/{orderId or publicId}
 *        → { order, lines, money, events, billingAddress, shippingAddress }
 *
 * Reads are not audited: the audit log holds changes (ADR 0027), and no admin read writes to it.
 * An operator sees e-mail addresses and addresses; the personal id is left out (not needed to
 * find or handle an order).
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Config } from '../../../config'
import type { Database } from '../../../db'
import { MARKET_ALIASES } from '../../../../src/shared/markets'
import { toDecimal } from '../../../../src/shared/money'
import { AdminRefusal, parseAdminInput, registerAdminRoutes } from '../../shared/admin'
import { commerceDb } from '../cart/db'

const ORDER_STATUSES = ['received', 'processing', 'completed', 'cancelled'] as const
const MAX_ORDER_ID = 2_147_483_647

export const orderListQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  market: z.enum(MARKET_ALIASES).optional(),
  // a part of the address, case-insensitive (an operator types what the customer wrote)
  email: z.string().trim().min(1).max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  before: z.coerce.number().int().min(1).max(MAX_ORDER_ID).optional(),
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The order a look-up names: its number, or the public id the customer's links carry. */
export const orderKey = z.object({
  orderKey: z
    .string()
    .trim()
    .refine((key) => UUID.test(key) || (/^[1-9][0-9]{0,9}$/.test(key) && Number(key) <= MAX_ORDER_ID), {
      message: 'an order number or a public id (UUID)',
    }),
})

/** LIKE's wildcards taken literally in what the operator typed. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

export async function registerOrderAdminReads(
  app: FastifyInstance,
  { database, config }: { database: Database; config: Pick<Config, 'adminKey'> },
): Promise<void> {
  const db = commerceDb(database.db)
  await registerAdminRoutes(app, { area: 'orders', config }, (admin) => {
    admin.get('/', async (request) => {
      const filters = parseAdminInput(orderListQuery, request.query)
      let query = db
        .selectFrom('orders')
        .leftJoin('order_rows', 'order_rows.order_id', 'orders.order_id')
        .select((eb) => [
          'orders.order_id',
          'orders.public_id',
          'orders.created_at',
          'orders.status',
          'orders.market_alias',
          'orders.email',
          'orders.first_name',
          'orders.last_name',
          'orders.total_inc_vat',
          'orders.currency_code',
          'orders.payment_kind',
          'orders.awaiting_approval',
          eb.fn.coalesce(eb.fn.sum<number>('order_rows.quantity'), eb.lit(0)).as('units'),
        ])
        .groupBy('orders.order_id')
        .orderBy('orders.order_id', 'desc')
        // one more than asked: tells whether there is a next page
        .limit(filters.limit + 1)
      if (filters.status) query = query.where('orders.status', '=', filters.status)
      if (filters.market) query = query.where('orders.market_alias', '=', filters.market)
      if (filters.before) query = query.where('orders.order_id', '<', filters.before)
      if (filters.email)
        query = query.where((eb) =>
          eb(eb.fn('lower', ['orders.email']), 'like', `%${likeLiteral(filters.email!.toLowerCase())}%`),
        )
      const rows = await query.execute()
      const page = rows.slice(0, filters.limit)
      return {
        orders: page.map((order) => ({
          orderId: order.order_id,
          publicId: order.public_id,
          createdAt: order.created_at.toISOString(),
          status: order.status,
          market: order.market_alias,
          email: order.email,
          name: `${order.first_name} ${order.last_name}`.trim(),
          units: Number(order.units),
          total: toDecimal(order.total_inc_vat),
          currency: order.currency_code,
          payment: order.payment_kind,
          awaitingApproval: order.awaiting_approval,
        })),
        next: rows.length > filters.limit ? page[page.length - 1]!.order_id : null,
      }
    })

    admin.get('/:orderKey', async (request) => {
      const { orderKey: key } = parseAdminInput(orderKey, request.params)
      const order = await db
        .selectFrom('orders')
        .selectAll()
        .where(
          UUID.test(key) ? 'public_id' : 'order_id',
          '=',
          UUID.test(key) ? key.toLowerCase() : Number(key),
        )
        .executeTakeFirst()
      if (!order) throw new AdminRefusal(404, 'ORDER_NOT_FOUND', `No order ${key}`)
      const [lines, events] = await Promise.all([
        db
          .selectFrom('order_rows')
          .selectAll()
          .where('order_id', '=', order.order_id)
          .orderBy('order_row_id')
          .execute(),
        db
          .selectFrom('order_events')
          .selectAll()
          .where('order_id', '=', order.order_id)
          .orderBy('event_id')
          .execute(),
      ])
      return {
        order: {
          orderId: order.order_id,
          publicId: order.public_id,
          createdAt: order.created_at.toISOString(),
          updatedAt: order.updated_at.toISOString(),
          status: order.status,
          market: order.market_alias,
          language: order.language,
          email: order.email,
          name: `${order.first_name} ${order.last_name}`.trim(),
          customerType: order.customer_type,
          account: order.user_id !== null,
          payment: order.payment_kind,
          paymentReference: order.payment_reference,
          paidAt: order.paid_at?.toISOString() ?? null,
          shippingMethod: order.shipping_method,
          promoCode: order.promo_code,
          giftCode: order.gift_code,
          message: order.message,
          awaitingApproval: order.awaiting_approval,
          deliveredAt: order.delivered_at?.toISOString() ?? null,
          completedAt: order.completed_at?.toISOString() ?? null,
        },
        lines: lines.map((line) => ({
          rowId: line.order_row_id,
          skuId: line.sku_id,
          articleNumber: line.sku_article_number,
          product: line.product_name,
          size: line.sku_name,
          brand: line.brand_name,
          quantity: line.quantity,
          unitPrice: toDecimal(line.unit_price_inc_vat),
          discount: toDecimal(line.discount_inc_vat),
          total: toDecimal(line.total_inc_vat),
          vatRate: line.vat_rate_bp / 100,
        })),
        money: {
          currency: order.currency_code,
          items: toDecimal(order.item_value_inc_vat),
          discount: toDecimal(order.discount_inc_vat),
          shipping: toDecimal(order.shipping_fee_inc_vat),
          paymentFee: toDecimal(order.payment_fee_inc_vat),
          fromBalance: toDecimal(order.from_balance),
          total: toDecimal(order.total_inc_vat),
          vat: toDecimal(order.vat_total),
        },
        events: events.map((event) => ({
          at: event.created_at.toISOString(),
          kind: event.kind,
          status: event.status,
          reason: event.reason,
          amount: event.amount_inc_vat === null ? null : toDecimal(event.amount_inc_vat),
          rowId: event.order_row_id,
          data: event.data,
        })),
        billingAddress: order.billing_address,
        shippingAddress: order.shipping_address,
      }
    })
  })
}

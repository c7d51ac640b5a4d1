/**
 * The back office's order operations (ADR 0027, docs/adr/0030-returns.md), area `orders`:
 *
 *   POST /admin/api/orders/{orderId}/ship     {carrier, trackingNumber, trackingUrl?}
 *        → a 'shipped' order event (OrderType.shippingDetails), status 'processing', the
 *          `order-shipped` mail with the tracking link
 *   POST /admin/api/orders/{orderId}/deliver  {deliveredAt?}
 *        → `orders.delivered_at` (the return window starts), status 'completed'
 *   POST /admin/api/orders/{orderId}/cancel   {reason?}
 *        → status 'cancelled', everything it took given back, a paid card refunded, the
 *          `order-cancelled` mail; 409 once shipped or already cancelled (orders/cancel.ts)
 *   GET  /admin/api/orders/awaiting-approval?limit=
 *        → { orders: [{ orderId, createdAt, market, email, units, total, currency }] }, oldest first
 *   POST /admin/api/orders/{orderId}/approve
 *        → a guest's large invoice order may ship (ADR 0075); ship refuses it until then
 *
 * Each change in one transaction with its audit entry and its mail.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Config } from '../../../config'
import type { Database } from '../../../db'
import { AdminRefusal, parseAdminInput, recordAdminAction, registerAdminRoutes } from '../../shared/admin'
import type { Kysely, Transaction } from 'kysely'
import { commerceDb, type CommerceDB } from '../cart/db'
import { queueOrderShippedMail } from '../returns/mails'
import { knownCarrier, trackingLinkFor } from './carriers'
import { awaitingProviderPayment } from '../../../../src/shared/payment-kinds'
import { toDecimal } from '../../../../src/shared/money'
import { approveOrder, cancelOrder, hasShipped } from './cancel'

const orderParams = z.object({ orderId: z.coerce.number().int().positive().max(2_147_483_647) })

const shipBody = z
  .object({
    carrier: z.string().trim().min(2).max(40),
    trackingNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, '4–40 letters, digits or dashes'),
    trackingUrl: z
      .string()
      .url()
      .max(500)
      .refine((url) => url.startsWith('https://'), 'an https link')
      .optional(),
  })
  .refine((body) => body.trackingUrl !== undefined || knownCarrier(body.carrier), {
    message: 'an unknown carrier needs its trackingUrl',
    path: ['trackingUrl'],
  })

const deliverBody = z.object({ deliveredAt: z.coerce.date().optional() })

const cancelBody = z
  .object({ reason: z.string().trim().min(1).max(500).optional() })
  .optional()
  .transform((body) => body ?? {})

const awaitingQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) })

/** The status event's reason when the operator gives none. */
export const OPERATOR_CANCEL_REASON = 'cancelled by the shop'

/** The order, locked for this change; refused when there is none or it was cancelled. */
async function lockLiveOrder(trx: Kysely<CommerceDB>, orderId: number) {
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst()
  if (!order) throw new AdminRefusal(404, 'ORDER_NOT_FOUND', `No order ${orderId}`)
  if (order.status === 'cancelled')
    throw new AdminRefusal(409, 'ORDER_CANCELLED', `Order ${orderId} was cancelled`)
  return order
}

/** Records the shipment (its tracking link) and moves a received order on to processing. */
async function shipOrder(
  trx: Transaction<CommerceDB>,
  request: FastifyRequest,
  orderId: number,
  body: z.infer<typeof shipBody>,
  now: Date,
) {
  const trackingLink = trackingLinkFor(body.carrier, body.trackingNumber, body.trackingUrl)
  const order = await lockLiveOrder(trx, orderId)
  if (awaitingProviderPayment(order))
    throw new AdminRefusal(409, 'ORDER_NOT_PAID', `Order ${orderId} is not paid yet`)
  if (order.awaiting_approval)
    throw new AdminRefusal(
      409,
      'ORDER_AWAITING_APPROVAL',
      `Order ${orderId} is a guest's invoice order over the market's unit limit; approve or cancel it first`,
    )
  if (order.delivered_at)
    throw new AdminRefusal(409, 'ORDER_DELIVERED', `Order ${orderId} was already delivered`)
  const shipment = await trx
    .insertInto('order_events')
    .values({
      order_id: orderId,
      kind: 'shipped',
      data: JSON.stringify({
        carrier: body.carrier,
        parcelNumber: body.trackingNumber,
        trackingLink,
      }),
    })
    .returning('event_id')
    .executeTakeFirstOrThrow()
  if (order.status === 'received') {
    await trx
      .updateTable('orders')
      .set({ status: 'processing', updated_at: now })
      .where('order_id', '=', orderId)
      .execute()
    await trx
      .insertInto('order_events')
      .values({ order_id: orderId, kind: 'status', status: 'processing', reason: 'shipped' })
      .execute()
  }
  await queueOrderShippedMail(trx, order, {
    carrier: body.carrier,
    trackingNumber: body.trackingNumber,
    trackingLink,
  })
  await recordAdminAction(trx, request, {
    action: 'order.ship',
    target: `order ${orderId}`,
    details: { carrier: body.carrier, trackingNumber: body.trackingNumber, trackingLink },
  })
  return {
    orderId,
    status: order.status === 'received' ? 'processing' : order.status,
    shipment: {
      id: shipment.event_id,
      carrier: body.carrier,
      parcelNumber: body.trackingNumber,
      trackingLink,
    },
  }
}

/** Completes a shipped order on its delivery date. */
async function deliverOrder(
  trx: Transaction<CommerceDB>,
  request: FastifyRequest,
  orderId: number,
  deliveredAt: Date,
  now: Date,
) {
  const order = await lockLiveOrder(trx, orderId)
  if (order.delivered_at)
    throw new AdminRefusal(409, 'ORDER_DELIVERED', `Order ${orderId} was already delivered`)
  if (!(await hasShipped(trx, orderId)))
    throw new AdminRefusal(409, 'ORDER_NOT_SHIPPED', `Order ${orderId} has not been shipped`)
  if (deliveredAt.getTime() < order.created_at.getTime())
    throw new AdminRefusal(422, 'DELIVERY_BEFORE_ORDER', 'deliveredAt is before the order was placed')
  await trx
    .updateTable('orders')
    .set({ status: 'completed', delivered_at: deliveredAt, completed_at: deliveredAt, updated_at: now })
    .where('order_id', '=', orderId)
    .execute()
  await trx
    .insertInto('order_events')
    .values({ order_id: orderId, kind: 'status', status: 'completed', reason: 'delivered' })
    .execute()
  await recordAdminAction(trx, request, {
    action: 'order.deliver',
    target: `order ${orderId}`,
    details: { deliveredAt: deliveredAt.toISOString() },
  })
  return { orderId, status: 'completed', deliveredAt: deliveredAt.toISOString() }
}

export async function registerOrderAdmin(
  app: FastifyInstance,
  { database, config, clock }: { database: Database; config: Pick<Config, 'adminKey'>; clock: () => Date },
): Promise<void> {
  const db = commerceDb(database.db)
  await registerAdminRoutes(app, { area: 'orders', config }, (admin) => {
    admin.post('/:orderId/ship', async (request) => {
      const { orderId } = parseAdminInput(orderParams, request.params)
      const body = parseAdminInput(shipBody, request.body)
      return db.transaction().execute(async (trx) => {
        return shipOrder(trx, request, orderId, body, clock())
      })
    })

    admin.post('/:orderId/deliver', async (request) => {
      const { orderId } = parseAdminInput(orderParams, request.params)
      const body = parseAdminInput(deliverBody, request.body)
      const now = clock()
      const deliveredAt = body.deliveredAt ?? now
      if (deliveredAt.getTime() > now.getTime())
        throw new AdminRefusal(422, 'DELIVERY_IN_FUTURE', 'deliveredAt cannot be in the future')
      return db.transaction().execute(async (trx) => {
        return deliverOrder(trx, request, orderId, deliveredAt, now)
      })
    })

    admin.post('/:orderId/cancel', async (request) => {
      const { orderId } = parseAdminInput(orderParams, request.params)
      const body = parseAdminInput(cancelBody, request.body)
      const reason = body.reason ?? OPERATOR_CANCEL_REASON
      return db.transaction().execute(async (trx) => {
        const cancelled = await cancelOrder(trx, orderId, { reason, now: clock() })
        await recordAdminAction(trx, request, {
          action: 'order.cancel',
          target: `order ${orderId}`,
          details: {
            reason,
            restocked: cancelled.restocked,
            refunded: toDecimal(cancelled.refunded),
            giftCodes: cancelled.released.giftCodes.map((gift) => gift.code),
            toAccount: toDecimal(cancelled.released.toAccount),
          },
        })
        return {
          orderId,
          status: cancelled.status,
          restocked: cancelled.restocked,
          refunded: toDecimal(cancelled.refunded),
        }
      })
    })

    admin.get('/awaiting-approval', async (request) => {
      const { limit } = parseAdminInput(awaitingQuery, request.query)
      const orders = await db
        .selectFrom('orders')
        .innerJoin('order_rows', 'order_rows.order_id', 'orders.order_id')
        .select((eb) => [
          'orders.order_id',
          'orders.created_at',
          'orders.market_alias',
          'orders.email',
          'orders.total_inc_vat',
          'orders.currency_code',
          eb.fn.sum<number>('order_rows.quantity').as('units'),
        ])
        .where('orders.awaiting_approval', '=', true)
        .groupBy('orders.order_id')
        .orderBy('orders.order_id')
        .limit(limit)
        .execute()
      return {
        orders: orders.map((order) => ({
          orderId: order.order_id,
          createdAt: order.created_at.toISOString(),
          market: order.market_alias,
          email: order.email,
          units: Number(order.units),
          total: toDecimal(order.total_inc_vat),
          currency: order.currency_code,
        })),
      }
    })

    admin.post('/:orderId/approve', async (request) => {
      const { orderId } = parseAdminInput(orderParams, request.params)
      return db.transaction().execute(async (trx) => {
        await approveOrder(trx, orderId, clock())
        await recordAdminAction(trx, request, { action: 'order.approve', target: `order ${orderId}` })
        return { orderId, awaitingApproval: false }
      })
    })
  })
}

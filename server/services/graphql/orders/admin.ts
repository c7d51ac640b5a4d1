/**
 * The back office's order operations (ADR 0027, docs/adr/0030-returns.md), area `orders`:
 *
 *   POST /admin/api/orders/{orderId}/ship     {carrier, trackingNumber, trackingUrl?}
 *        → a 'shipped' order event (OrderType.shippingDetails), status 'processing', the
 *          `order-shipped` mail with the tracking link
 *   POST /admin/api/orders/{orderId}/deliver  {deliveredAt?}
 *        → `orders.delivered_at` (the return window starts), status 'completed'
 *
 * Each in one transaction with its audit entry and its mail.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Config } from '../../../config'
import type { Database } from '../../../db'
import { AdminRefusal, parseAdminInput, recordAdminAction, registerAdminRoutes } from '../../shared/admin'
import type { Kysely } from 'kysely'
import { commerceDb, type CommerceDB } from '../cart/db'
import { queueOrderShippedMail } from '../returns/mails'
import { knownCarrier, trackingLinkFor } from './carriers'
import { awaitingProviderPayment } from '../../../../src/shared/payment-kinds'

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

export async function registerOrderAdmin(
  app: FastifyInstance,
  { database, config, clock }: { database: Database; config: Pick<Config, 'adminKey'>; clock: () => Date },
): Promise<void> {
  const db = commerceDb(database.db)
  await registerAdminRoutes(app, { area: 'orders', config }, (admin) => {
    admin.post('/:orderId/ship', async (request) => {
      const { orderId } = parseAdminInput(orderParams, request.params)
      const body = parseAdminInput(shipBody, request.body)
      const trackingLink = trackingLinkFor(body.carrier, body.trackingNumber, body.trackingUrl)
      return db.transaction().execute(async (trx) => {
        const order = await lockLiveOrder(trx, orderId)
        if (awaitingProviderPayment(order))
          throw new AdminRefusal(409, 'ORDER_NOT_PAID', `Order ${orderId} is not paid yet`)
        if (order.delivered_at)
          throw new AdminRefusal(409, 'ORDER_DELIVERED', `Order ${orderId} was already delivered`)
        const now = clock()
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
        const order = await lockLiveOrder(trx, orderId)
        if (order.delivered_at)
          throw new AdminRefusal(409, 'ORDER_DELIVERED', `Order ${orderId} was already delivered`)
        const shipped = await trx
          .selectFrom('order_events')
          .select('event_id')
          .where('order_id', '=', orderId)
          .where('kind', '=', 'shipped')
          .executeTakeFirst()
        if (!shipped)
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
      })
    })
  })
}

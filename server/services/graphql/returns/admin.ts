/**
 * The back office's return operations (ADR 0027, docs/adr/0030-returns.md), area `returns`:
 *
 *   GET  /admin/api/returns?status=registered|received|refunded&limit=
 *        → { returns: [{ returnNumber, orderNumber, email, status, createdAt, receivedAt,
 *            refundedAt, refundTo, refundTotal, items: [{ itemId, articleNumber, name, size,
 *            quantity, reasonCode, receivedQuantity }] }] }, oldest first
 *   POST /admin/api/returns/{returnNumber}/receive  {items?: [{itemId, quantity}], restock?: true,
 *            refund?: true, refundTo?: 'payment' | 'balance'}
 *        → the goods received (all registered ones unless `items` says otherwise), back in
 *          stock, and unless `refund: false` refunded at once
 *   POST /admin/api/returns/{returnNumber}/refund   {refundTo?: 'payment' | 'balance'}
 *        → refunds a return received earlier with `refund: false`
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Config } from '../../../config'
import type { Database } from '../../../db'
import { RETURN_NUMBER_PATTERN, RETURN_STATUSES } from '../../../../src/shared/returns'
import { toDecimal } from '../../../../src/shared/money'
import { parseAdminInput, recordAdminAction, registerAdminRoutes } from '../../shared/admin'
import { commerceDb } from '../cart/db'
import { receiveReturn, refundReturn } from './receive'
import { loadReturns } from './store'

const returnParams = z.object({
  returnNumber: z.string().trim().toUpperCase().regex(RETURN_NUMBER_PATTERN, 'a return number like R1042-1'),
})

const listQuery = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})

const refundTo = z.enum(['payment', 'balance']).default('payment')

const receiveBody = z.object({
  items: z
    .array(z.object({ itemId: z.number().int().positive(), quantity: z.number().int().min(0).max(999) }))
    .min(1)
    .max(100)
    .optional(),
  restock: z.boolean().default(true),
  refund: z.boolean().default(true),
  refundTo,
})

const refundBody = z.object({ refundTo })

export async function registerReturnsAdmin(
  app: FastifyInstance,
  { database, config, clock }: { database: Database; config: Pick<Config, 'adminKey'>; clock: () => Date },
): Promise<void> {
  const db = commerceDb(database.db)
  await registerAdminRoutes(app, { area: 'returns', config }, (admin) => {
    admin.get('/', async (request) => {
      const { status, limit } = parseAdminInput(listQuery, request.query)
      let query = db.selectFrom('order_returns').select('order_id').distinct()
      if (status) query = query.where('status', '=', status)
      const orderIds = (await query.orderBy('order_id').limit(limit).execute()).map((row) => row.order_id)
      const [returns, orders, rows] = await Promise.all([
        loadReturns(db, orderIds),
        orderIds.length
          ? db.selectFrom('orders').select(['order_id', 'email']).where('order_id', 'in', orderIds).execute()
          : Promise.resolve([]),
        orderIds.length
          ? db.selectFrom('order_rows').selectAll().where('order_id', 'in', orderIds).execute()
          : Promise.resolve([]),
      ])
      return {
        returns: returns
          .filter((entry) => !status || entry.status === status)
          .slice(0, limit)
          .map((entry) => ({
            returnNumber: entry.returnNumber,
            orderNumber: String(entry.orderId),
            email: orders.find((order) => order.order_id === entry.orderId)?.email ?? null,
            status: entry.status,
            registeredBy: entry.registeredBy,
            createdAt: entry.createdAt.toISOString(),
            receivedAt: entry.receivedAt?.toISOString() ?? null,
            refundedAt: entry.refundedAt?.toISOString() ?? null,
            refundTo: entry.refundTo,
            refundTotal: entry.refundIncVat === null ? null : toDecimal(entry.refundIncVat),
            items: entry.items.map((item) => {
              const row = rows.find((candidate) => candidate.order_row_id === item.orderRowId)
              return {
                itemId: item.orderRowId,
                articleNumber: row?.sku_article_number ?? null,
                name: row ? `${row.brand_name} ${row.product_name}` : null,
                size: row?.sku_name ?? null,
                quantity: item.quantity,
                reasonCode: item.reasonCode,
                receivedQuantity: item.receivedQuantity,
              }
            }),
          })),
      }
    })

    admin.post('/:returnNumber/receive', async (request) => {
      const { returnNumber } = parseAdminInput(returnParams, request.params)
      const body = parseAdminInput(receiveBody, request.body)
      const now = clock()
      return db.transaction().execute(async (trx) => {
        const received = await receiveReturn(trx, returnNumber, {
          items: body.items,
          restock: body.restock,
          now,
        })
        const refunded = body.refund
          ? await refundReturn(trx, returnNumber, { refundTo: body.refundTo, now })
          : null
        const entry = refunded?.entry ?? received.entry
        await recordAdminAction(trx, request, {
          action: 'return.receive',
          target: `return ${returnNumber}`,
          details: {
            orderNumber: entry.orderId,
            items: entry.items.map((item) => ({ itemId: item.orderRowId, received: item.receivedQuantity })),
            restock: body.restock,
            ...(refunded ? { refundTo: body.refundTo, refundTotal: toDecimal(refunded.total) } : {}),
          },
        })
        return presentAdminResult(entry)
      })
    })

    admin.post('/:returnNumber/refund', async (request) => {
      const { returnNumber } = parseAdminInput(returnParams, request.params)
      const body = parseAdminInput(refundBody, request.body)
      return db.transaction().execute(async (trx) => {
        const refunded = await refundReturn(trx, returnNumber, { refundTo: body.refundTo, now: clock() })
        await recordAdminAction(trx, request, {
          action: 'return.refund',
          target: `return ${returnNumber}`,
          details: { refundTo: body.refundTo, refundTotal: toDecimal(refunded.total) },
        })
        return presentAdminResult(refunded.entry)
      })
    })
  })
}

function presentAdminResult(entry: Awaited<ReturnType<typeof loadReturns>>[number]) {
  return {
    returnNumber: entry.returnNumber,
    orderNumber: String(entry.orderId),
    status: entry.status,
    refundTo: entry.refundTo,
    refundTotal: entry.refundIncVat === null ? null : toDecimal(entry.refundIncVat),
    items: entry.items.map((item) => ({
      itemId: item.orderRowId,
      quantity: item.quantity,
      receivedQuantity: item.receivedQuantity,
    })),
  }
}

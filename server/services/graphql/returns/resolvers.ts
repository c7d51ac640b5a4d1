/**
 * Digital returns in the commerce API (docs/adr/0030-returns.md): getReturnableOrder,
 * registerReturn, and OrderType's returnableUntil and returnRequests. A guest reaches an order by
 * its number and e-mail, a signed-in customer by the number of one of their own orders; every
 * mismatch is the same NOT_FOUND, and failed look-ups count against the abuse limits (per
 * address and per order number), so neither numbers nor e-mails can be enumerated.
 */
import { z } from 'zod'
import type { Order, OrderRow } from '../../../db/schema'
import { formatMoney, toDecimal } from '../../../../src/shared/money'
import { RETURN_REASONS, returnDeadline } from '../../../../src/shared/returns'
import { BatchLoader, groupBy } from '../batch-loader'
import { ABUSE_LIMITS } from '../abuse-limits'
import { checkAll, hitAll, type LimitRule } from '../../shared/rate-limit'
import type { GraphQLContext, RequestScope } from '../context'
import { notFound, tooManyRequests } from '../errors'
import type { ResolverModule } from '../resolver-types'
import type { ResolversParentTypes } from '../generated'
import { scopeFromArgs, type ScopeArgs } from '../scope'
import { Email, parseArgs } from '../catalogue/validation'
import { commerceDb } from '../cart/db'
import { registerReturn, returnableOrder, ReturnItemsInput } from './register'
import {
  definedReturnWindowDays,
  findOrderForReturn,
  loadOrderRows,
  loadReturns,
  type ReturnRequester,
  type StoredReturn,
} from './store'

const ORDER_NOT_FOUND = 'No order matches this order number and e-mail address'

const LookupArgs = z.object({
  orderNumber: z.string().trim().min(1, 'orderNumber is required').max(20),
  email: Email.optional().nullable(),
})

type LimitPair = readonly [LimitRule, string]

function lookupLimits(ctx: GraphQLContext, orderNumber: string): LimitPair[] {
  const perOrder: LimitPair = [ABUSE_LIMITS.returnLookupsPerOrder, orderNumber.replace(/\D/g, '')]
  return ctx.clientAddress
    ? [[ABUSE_LIMITS.returnLookupsPerAddress, ctx.clientAddress], perOrder]
    : [perOrder]
}

/**
 * The order of a look-up, or NOT_FOUND: refused while the address or the order number has too
 * many failed look-ups in the window; a failed look-up counts one.
 */
async function orderOfLookup(
  ctx: GraphQLContext,
  orderNumber: string,
  email: string | null | undefined,
): Promise<{ order: Order; requester: ReturnRequester }> {
  const limits = lookupLimits(ctx, orderNumber)
  const decision = await checkAll(ctx.limiter, limits)
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds)
  const requester: ReturnRequester | null = email
    ? { kind: 'guest', email }
    : ctx.user
      ? { kind: 'customer', userId: ctx.user.id }
      : null
  const order = requester ? await findOrderForReturn(commerceDb(ctx.db), orderNumber, requester) : null
  if (!order || !requester) {
    await hitAll(ctx.limiter, limits)
    throw notFound(ORDER_NOT_FOUND)
  }
  return { order, requester }
}

function sizeOf(row: OrderRow): string | null {
  return row.sku_name && row.sku_name !== row.product_name ? row.sku_name : null
}

function presentReturn(entry: StoredReturn, rows: OrderRow[], order: Order, scope: RequestScope) {
  return {
    returnNumber: entry.returnNumber,
    status: entry.status,
    createdAt: entry.createdAt.toISOString(),
    receivedAt: entry.receivedAt?.toISOString() ?? null,
    refundedAt: entry.refundedAt?.toISOString() ?? null,
    refundTo: entry.refundTo,
    refundTotal: entry.refundIncVat === null ? null : toDecimal(entry.refundIncVat),
    refundTotalFormatted:
      entry.refundIncVat === null ? null : formatMoney(entry.refundIncVat, order.currency_code, scope.locale),
    items: entry.items.map((item) => {
      const row = rows.find((candidate) => candidate.order_row_id === item.orderRowId)
      return {
        itemId: item.orderRowId,
        articleNumber: row?.sku_article_number ?? null,
        name: row ? `${row.brand_name} ${row.product_name}` : String(item.orderRowId),
        size: row ? sizeOf(row) : null,
        quantity: item.quantity,
        reasonCode: item.reasonCode,
        receivedQuantity: item.receivedQuantity,
      }
    }),
  }
}

type ReturnableArgs = ScopeArgs & { orderNumber: string; email?: string | null }
type RegisterArgs = ScopeArgs & {
  return: { orderNumber: string; email?: string | null; items: unknown }
}

/** The OrderType parent as presentOrder builds it (always with its id). */
type OrderParent = ResolversParentTypes['OrderType']

interface OrderReturns {
  order: Order
  rows: OrderRow[]
  returns: StoredReturn[]
  windowDays: number
}

/**
 * An order list asks OrderType.returnRequests and returnableUntil of every order: one batch per
 * request reads the orders, their rows, returns and market windows in a few queries.
 */
const orderReturnsLoaders = new WeakMap<GraphQLContext, BatchLoader<number, OrderReturns>>()

function orderReturnsLoader(ctx: GraphQLContext): BatchLoader<number, OrderReturns> {
  let loader = orderReturnsLoaders.get(ctx)
  if (!loader) {
    const db = commerceDb(ctx.db)
    loader = new BatchLoader(async (orderIds) => {
      const ids = [...orderIds]
      const [orders, rows, returns, windows] = await Promise.all([
        db.selectFrom('orders').selectAll().where('order_id', 'in', ids).execute(),
        db
          .selectFrom('order_rows')
          .selectAll()
          .where('order_id', 'in', ids)
          .orderBy('order_row_id')
          .execute(),
        loadReturns(db, ids),
        db.selectFrom('market_return_windows').selectAll().execute(),
      ])
      const rowsByOrder = groupBy(rows, (row) => row.order_id)
      const returnsByOrder = groupBy(returns, (entry) => entry.orderId)
      return new Map(
        orders.map((order) => [
          order.order_id,
          {
            order,
            rows: rowsByOrder.get(order.order_id) ?? [],
            returns: returnsByOrder.get(order.order_id) ?? [],
            windowDays:
              windows.find((window) => window.market_alias === order.market_alias)?.days ??
              definedReturnWindowDays(order.market_alias),
          },
        ]),
      )
    })
    orderReturnsLoaders.set(ctx, loader)
  }
  return loader
}

export const resolvers: ResolverModule = {
  Query: {
    getReturnableOrder: async (_: unknown, args: ReturnableArgs, ctx: GraphQLContext) => {
      const { orderNumber, email } = parseArgs(LookupArgs, args)
      const scope = await scopeFromArgs(ctx, args)
      const { order } = await orderOfLookup(ctx, orderNumber, email)
      const returnable = await returnableOrder(commerceDb(ctx.db), order, ctx.now())
      const rows = returnable.items.map((item) => item.row)
      return {
        orderNumber: String(order.order_id),
        createdAt: order.created_at.toISOString(),
        currency: order.currency_code,
        deliveredAt: returnable.window.deliveredAt?.toISOString() ?? null,
        returnableUntil: returnable.window.until?.toISOString() ?? null,
        returnWindowDays: returnable.window.days,
        isReturnable: returnable.notReturnableReason === null,
        notReturnableReason: returnable.notReturnableReason,
        reasons: [...RETURN_REASONS],
        items: returnable.items.map(({ row, returnable: left }) => ({
          itemId: row.order_row_id,
          articleNumber: row.sku_article_number,
          name: row.product_name,
          brand: row.brand_name,
          size: sizeOf(row),
          imageFileName: row.product_snapshot.imageFileName,
          quantity: row.quantity,
          returnableQuantity: left,
          unitPriceIncVatFormatted: formatMoney(
            Math.round(row.total_inc_vat / row.quantity),
            order.currency_code,
            scope.locale,
          ),
        })),
        returns: returnable.returns.map((entry) => presentReturn(entry, rows, order, scope)),
      }
    },
  },
  Mutation: {
    registerReturn: async (_: unknown, args: RegisterArgs, ctx: GraphQLContext) => {
      const input = args.return
      const { orderNumber, email } = parseArgs(LookupArgs, {
        orderNumber: input.orderNumber,
        email: input.email,
      })
      const items = parseArgs(ReturnItemsInput, input.items)
      const scope = await scopeFromArgs(ctx, args)
      const { order, requester } = await orderOfLookup(ctx, orderNumber, email)
      const db = commerceDb(ctx.db)
      const entry = await registerReturn(db, order.order_id, items, requester.kind, ctx.now())
      return presentReturn(entry, await loadOrderRows(db, order.order_id), order, scope)
    },
  },
  OrderType: {
    returnableUntil: async (parent: OrderParent, _: unknown, ctx: GraphQLContext) => {
      if (parent.id == null) return null
      const loaded = await orderReturnsLoader(ctx).load(parent.id)
      const deliveredAt = loaded?.order.delivered_at
      return deliveredAt ? returnDeadline(deliveredAt, loaded.windowDays).toISOString() : null
    },
    returnRequests: async (parent: OrderParent, args: ScopeArgs, ctx: GraphQLContext) => {
      if (parent.id == null) return []
      const loaded = await orderReturnsLoader(ctx).load(parent.id)
      if (!loaded) return []
      const scope = await scopeFromArgs(ctx, args)
      return loaded.returns.map((entry) => presentReturn(entry, loaded.rows, loaded.order, scope))
    },
  },
}

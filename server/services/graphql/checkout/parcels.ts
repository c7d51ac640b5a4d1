/**
 * Parcels at checkout (issue 29 item 5, docs/adr/0079-pickup-points-and-delivery-estimates.md):
 * each shipping option's carrier and delivery estimate (src/shared/delivery-estimate.ts), the
 * pickup points near the shopper's postcode from the pickup-point service over its HTTP contract
 * (server/contracts/pickup-points.ts, PICKUP_POINTS_URL), and the point an order names: checked
 * to be a point of the option's carrier in the market before the order is placed, and stored
 * with the order together with its estimate (orders.pickup_point, orders.delivery_estimate).
 */
import type { Kysely } from 'kysely'
import type { DB, Json } from '../../../db/schema'
import { toJson } from '../../../db/schema'
import type { PickupPoint, PickupPointsAnswer } from '../../../contracts/pickup-points'
import {
  deliveryEstimate,
  shippingTransit,
  type ShippingTransit,
} from '../../../../src/shared/delivery-estimate'
import { MARKETS, type MarketAlias } from '../../../../src/shared/markets'
import type { GraphQLContext, RequestScope } from '../context'
import type { ResolverModule } from '../resolver-types'
import type {
  GeinsMerchantApiQueryPickupPointsArgs,
  InputMaybe,
  CheckoutInputType,
  ResolversParentTypes,
} from '../generated'
import { badUserInput } from '../errors'
import { scopeFromArgs } from '../scope'
import { loadSavedCheckout } from '../cart/load'
import { serviceFetch } from './card-provider'

export interface StoredPickupPoint extends PickupPoint {
  distanceMeters?: number | null
}

export interface StoredEstimate {
  earliest: string
  latest: string
}

// a type alias: withTables wants a record type
export type ParcelColumns = {
  orders: {
    pickup_point: Json<StoredPickupPoint | null> | null
    delivery_estimate: Json<StoredEstimate | null> | null
  }
}

function parcelDb(ctx: GraphQLContext): Kysely<DB & ParcelColumns> {
  // migration 1091's columns, known to this module only
  return ctx.db.withTables<ParcelColumns>()
}

interface OptionRef {
  id: number
  market: MarketAlias
  name: string
}

const optionCache = new WeakMap<GraphQLContext, Map<number, Promise<OptionRef | null>>>()

/** The shipping option's market and internal name (once per request and option). */
function optionOf(ctx: GraphQLContext, id: number): Promise<OptionRef | null> {
  let cache = optionCache.get(ctx)
  if (!cache) {
    cache = new Map()
    optionCache.set(ctx, cache)
  }
  let found = cache.get(id)
  if (!found) {
    found = ctx.db
      .selectFrom('shipping_options')
      .select(['shipping_option_id', 'market_alias', 'name'])
      .where('shipping_option_id', '=', id)
      .executeTakeFirst()
      .then((row) =>
        row ? { id: row.shipping_option_id, market: row.market_alias as MarketAlias, name: row.name } : null,
      )
    cache.set(id, found)
  }
  return found
}

function transitOf(option: OptionRef | null): ShippingTransit | undefined {
  return option ? shippingTransit(option.market, option.name) : undefined
}

function estimateFor(option: OptionRef, at: Date): StoredEstimate | null {
  const timeZone = MARKETS[option.market]?.timeZone
  if (!timeZone) return null
  const estimate = deliveryEstimate({ market: option.market, option: option.name, orderedAt: at, timeZone })
  return estimate ? { earliest: estimate.earliest, latest: estimate.latest } : null
}

async function callPickupService(ctx: GraphQLContext, path: string): Promise<Response> {
  return serviceFetch(ctx)(`${ctx.config.services.pickupPoints}${path}`, {
    headers: { accept: 'application/json' },
  })
}

/** The carrier's points nearest to the postcode; [] for a home-delivery option or a malformed postcode. */
export async function pickupPointsNear(
  ctx: GraphQLContext,
  scope: RequestScope,
  shippingId: number,
  postcode: string,
  limit: number,
): Promise<StoredPickupPoint[]> {
  const option = await optionOf(ctx, shippingId)
  if (!option || option.market !== scope.market.alias) {
    throw badUserInput('shippingId: not a shipping option of this market', 'shippingId')
  }
  const transit = transitOf(option)
  if (!transit?.pickup) return []
  const query = new URLSearchParams({
    market: option.market,
    postcode,
    carrier: transit.carrier,
    limit: String(Math.min(Math.max(Math.trunc(limit), 1), 50)),
  })
  const response = await callPickupService(ctx, `/points?${query}`)
  // the shopper may still be typing the postcode
  if (response.status === 400) return []
  if (!response.ok) throw new Error(`pickup-point service answered ${response.status}`)
  return ((await response.json()) as PickupPointsAnswer).points
}

export interface PickupChoice {
  shippingId: number
  point: PickupPoint
}

/**
 * The pickup point a placeOrder names, checked: the order's shipping option must be a pickup
 * option of this market and the point one of its carrier's there. Null when none is named.
 */
export async function checkPickupChoice(
  ctx: GraphQLContext,
  scope: RequestScope,
  cartId: string,
  checkout: InputMaybe<CheckoutInputType> | undefined,
): Promise<PickupChoice | null> {
  const pointId = checkout?.pickupPoint?.trim()
  if (!pointId) return null
  const shippingId = checkout?.shippingId ?? (await loadSavedCheckout(ctx.db, cartId))?.shippingId
  const option = shippingId ? await optionOf(ctx, shippingId) : null
  const transit = transitOf(option)
  if (!option || option.market !== scope.market.alias || !transit?.pickup) {
    throw badUserInput('checkout.pickupPoint: the shipping option has no pickup points', 'pickupPoint')
  }
  if (pointId.length > 100) throw badUserInput('checkout.pickupPoint: no such pickup point', 'pickupPoint')
  const response = await callPickupService(ctx, `/points/${encodeURIComponent(pointId)}`)
  if (response.status === 404) throw badUserInput('checkout.pickupPoint: no such pickup point', 'pickupPoint')
  if (!response.ok) throw new Error(`pickup-point service answered ${response.status}`)
  const point = (await response.json()) as PickupPoint
  if (point.market !== option.market || point.carrier !== transit.carrier) {
    throw badUserInput(
      "checkout.pickupPoint: not a point of the shipping option's carrier in this market",
      'pickupPoint',
    )
  }
  return { shippingId: option.id, point }
}

/**
 * Stores the placed order's delivery estimate and its pickup point (when the order kept the
 * option the point was checked for). An order placed again keeps what it got the first time.
 */
export async function storeParcelChoice(
  ctx: GraphQLContext,
  orderId: string,
  choice: PickupChoice | null,
): Promise<void> {
  const db = parcelDb(ctx)
  const order = await db
    .selectFrom('orders')
    .select(['order_id', 'shipping_option_id', 'delivery_estimate'])
    .where('order_id', '=', Number(orderId))
    .executeTakeFirst()
  if (!order || order.delivery_estimate !== null || order.shipping_option_id === null) return
  const option = await optionOf(ctx, order.shipping_option_id)
  if (!option) return
  // the shop's clock at placement, as the checkout showed it (ctx.now, which tests may move)
  const estimate = estimateFor(option, ctx.now())
  const point = choice && choice.shippingId === order.shipping_option_id ? choice.point : null
  await db
    .updateTable('orders')
    .set({ delivery_estimate: toJson(estimate), pickup_point: toJson(point) })
    .where('order_id', '=', order.order_id)
    .where('delivery_estimate', 'is', null)
    .execute()
}

async function orderParcels(ctx: GraphQLContext, orderId: number | null | undefined) {
  if (orderId == null) return null
  return (
    (await parcelDb(ctx)
      .selectFrom('orders')
      .select(['pickup_point', 'delivery_estimate'])
      .where('order_id', '=', Number(orderId))
      .executeTakeFirst()) ?? null
  )
}

type ShippingParent = ResolversParentTypes['ShippingOptionType']
type OrderParent = ResolversParentTypes['OrderType']

export const resolvers: ResolverModule = {
  Query: {
    pickupPoints: async (_: unknown, args: GeinsMerchantApiQueryPickupPointsArgs, ctx: GraphQLContext) =>
      pickupPointsNear(ctx, await scopeFromArgs(ctx, args), args.shippingId, args.postcode, args.limit ?? 10),
  },
  ShippingOptionType: {
    carrier: async (parent: ShippingParent, _: unknown, ctx: GraphQLContext) =>
      transitOf(await optionOf(ctx, parent.id))?.carrier ?? null,
    isPickup: async (parent: ShippingParent, _: unknown, ctx: GraphQLContext) =>
      transitOf(await optionOf(ctx, parent.id))?.pickup ?? false,
    deliveryEstimate: async (parent: ShippingParent, _: unknown, ctx: GraphQLContext) => {
      const option = await optionOf(ctx, parent.id)
      return option ? estimateFor(option, ctx.now()) : null
    },
  },
  OrderType: {
    pickupPoint: async (parent: OrderParent, _: unknown, ctx: GraphQLContext) => {
      const point = (await orderParcels(ctx, parent.id))?.pickup_point ?? null
      return point ? { ...point, distanceMeters: null } : null
    },
    deliveryEstimate: async (parent: OrderParent, _: unknown, ctx: GraphQLContext) =>
      (await orderParcels(ctx, parent.id))?.delivery_estimate ?? null,
  },
}

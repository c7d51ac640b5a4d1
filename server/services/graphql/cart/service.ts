/**
 * The cart operations. Every change runs in one transaction that first locks the cart row, so two
 * concurrent changes to one cart serialise and a completed cart can never change; the stock
 * limit is checked against the SKU as read inside that transaction.
 */
import type { Kysely, Transaction } from 'kysely'
import type { GraphQLContext, RequestScope, RequestUser } from '../context'
import {
  apiError,
  badUserInput,
  ERROR_CODES,
  invalidPromoCode,
  notFound,
  outOfStock,
  quantityLimit,
  requirementsNotMet,
} from '../errors'
import { normalisePromoCode, checkPromoCode, PROMO_REQUIREMENTS_NOT_MET } from '../pricing/promo'
import { assertFirstPurchase } from '../mail-subscriptions/first-purchase'
import { campaignGoodsValue } from '../pricing/summary'
import { formatter } from '../pricing/present'
import { commerceDb, type CommerceDB } from './db'
import {
  cartNotFound,
  findCart,
  findCartWithSavedCheckout,
  loadGiftCodeBalance,
  loadLines,
  loadPromoRule,
  loadSavedCheckout,
  requireCart,
  type CartRecord,
  type SavedCheckout,
} from './load'
import { moneyFormat, priceCart, toPricingLines, type PricedCart } from './price'
import { maxOrderableQuantity } from './stock'
import { isVoucherCode } from './bonus-voucher'
import { quantityLimitBreach } from '../../../../src/shared/order-limits'

type Db = Kysely<CommerceDB>
type Trx = Transaction<CommerceDB>

export interface CartItemInput {
  skuId?: number | null
  id?: string | number | null
  quantity: number
  message?: string | null
}

/** The cart's owner may use it; an anonymous cart (user_id null) is usable by whoever holds its id. */
function assertMayUse(cart: CartRecord, user: RequestUser | null): void {
  if (cart.userId !== null && cart.userId !== user?.id) throw cartNotFound(cart.cartId)
}

export function cartCompleted(cartId: string) {
  return apiError(ERROR_CODES.CART_COMPLETED, `The cart ${cartId} is completed and can no longer be changed`)
}

/** Locks the cart for a change: it must exist, belong to the caller and not be completed. */
export async function lockCartForChange(
  trx: Trx,
  cartId: string,
  user: RequestUser | null,
): Promise<CartRecord> {
  return openCart(trx, cartId, user, true)
}

/**
 * The cart a change could be made to (it exists, belongs to the caller, is not completed), read
 * without a lock when nothing will be written (the checkout preview), with one inside a change.
 */
export async function openCart(
  db: Kysely<CommerceDB>,
  cartId: string,
  user: RequestUser | null,
  lock = false,
): Promise<CartRecord> {
  return assertOpen(await requireCart(db, cartId, lock), user)
}

/** openCart with the cart's saved checkout choices, read together (the checkout preview). */
export async function openCartWithSavedCheckout(
  db: Kysely<CommerceDB>,
  cartId: string,
  user: RequestUser | null,
): Promise<{ cart: CartRecord; saved: SavedCheckout | null }> {
  const found = await findCartWithSavedCheckout(db, cartId)
  if (!found) throw cartNotFound(cartId)
  return { cart: assertOpen(found.cart, user), saved: found.saved }
}

/** A change could be made to this cart by this caller: it is theirs and not completed. */
function assertOpen(cart: CartRecord, user: RequestUser | null): CartRecord {
  assertMayUse(cart, user)
  if (cart.isCompleted) throw cartCompleted(cart.cartId)
  return cart
}

/** A change happened in this market by this user: the cart follows the market, and adopts the user. */
async function touchCart(
  trx: Trx,
  cart: CartRecord,
  scope: RequestScope,
  user: RequestUser | null,
): Promise<void> {
  await trx
    .updateTable('carts')
    .set({
      market_alias: scope.market.alias,
      user_id: cart.userId ?? user?.id ?? null,
      updated_at: new Date(),
    })
    .where('cart_id', '=', cart.cartId)
    .execute()
}

/** A line's message (e.g. a gift note) is printed on a packing slip: short, so a loop cannot fill a disk. */
export const CART_LINE_MESSAGE_MAX = 500

function assertLineMessage(message: string | null | undefined): void {
  if (typeof message === 'string' && message.length > CART_LINE_MESSAGE_MAX)
    throw badUserInput(`item.message must be at most ${CART_LINE_MESSAGE_MAX} characters`, 'message')
}

function assertQuantity(quantity: number, min: number): void {
  if (!Number.isInteger(quantity) || quantity < min) {
    throw badUserInput(`Quantity must be a whole number of at least ${min}`, 'quantity')
  }
}

interface SkuForSale {
  skuId: number
  maxQuantity: number
}

async function skuForSale(trx: Trx, skuId: number, scope: RequestScope): Promise<SkuForSale> {
  const row = await trx
    .selectFrom('skus as s')
    .innerJoin('products as p', 'p.product_id', 's.product_id')
    .leftJoin('product_prices as pp', (join) =>
      join.onRef('pp.product_id', '=', 'p.product_id').on('pp.market_alias', '=', scope.market.alias),
    )
    .select([
      's.sku_id',
      's.stock_in_stock',
      's.stock_oversellable',
      's.stock_static',
      'p.is_active',
      'pp.selling_price_inc_vat',
    ])
    .where('s.sku_id', '=', skuId)
    .executeTakeFirst()
  if (!row || !row.is_active) throw notFound(`No product size was found with the SKU id ${skuId}`)
  if (row.selling_price_inc_vat === null) {
    throw badUserInput(`The SKU ${skuId} is not sold in the market ${scope.market.alias}`, 'skuId')
  }
  return {
    skuId,
    maxQuantity: maxOrderableQuantity({
      inStock: row.stock_in_stock,
      oversellable: row.stock_oversellable,
      static: row.stock_static,
    }),
  }
}

function assertInStock(sku: SkuForSale, quantity: number): void {
  // the order limit first: 'only 10 left' would be untrue when the stock holds more
  const breach = quantityLimitBreach([{ skuId: sku.skuId, quantity }])
  if (breach) throw quantityLimit(breach)
  if (quantity > sku.maxQuantity) {
    throw outOfStock(`only ${sku.maxQuantity} left`, { stock: sku.maxQuantity, skuId: sku.skuId })
  }
}

export async function priceCartById(
  ctx: GraphQLContext,
  cartId: string,
  scope: RequestScope,
): Promise<PricedCart> {
  const db = commerceDb(ctx.db)
  const [cart, options] = await Promise.all([requireCart(db, cartId), marketOptions(ctx, scope)])
  return priceCart(db, cart, { scope, user: ctx.user, options })
}

/** The market's shipping and payment options as the service keeps them (a cart's summary needs both). */
async function marketOptions(ctx: GraphQLContext, scope: RequestScope) {
  const [shipping, payment] = await Promise.all([
    ctx.checkoutOptions.shipping(scope.market.alias, scope.language),
    ctx.checkoutOptions.payment(scope.market.alias, scope.language),
  ])
  return { shipping, payment }
}

/** getCart: an existing cart priced in the request's market, or a new empty cart without an id. */
export async function getOrCreateCart(
  ctx: GraphQLContext,
  scope: RequestScope,
  id: string | null | undefined,
  includeCompleted: boolean,
  forceRefresh = false,
): Promise<PricedCart> {
  const db = commerceDb(ctx.db)
  if (id === null || id === undefined || id === '') {
    const created = await db
      .insertInto('carts')
      .values({ market_alias: scope.market.alias, user_id: ctx.user?.id ?? null })
      .returning('cart_id')
      .executeTakeFirstOrThrow()
    return priceCartById(ctx, created.cart_id, scope)
  }
  const cart = await findCart(db, id)
  if (!cart) throw cartNotFound(id)
  assertMayUse(cart, ctx.user)
  // Like the Geins API, a completed cart is only returned when asked for; the storefront then
  // starts a new cart.
  if (cart.isCompleted && !includeCompleted) throw cartNotFound(id)
  if (forceRefresh && !cart.isCompleted) return refreshCart(ctx, scope, cart.cartId)
  return priceCart(db, cart, { scope, user: ctx.user, options: await marketOptions(ctx, scope) })
}

/**
 * getCart(forceRefresh): drops lines that can no longer be bought in this market (inactive,
 * unpriced, out of stock) and lowers quantities to what the stock allows, as the Geins API does.
 */
function refreshCart(ctx: GraphQLContext, scope: RequestScope, cartId: string): Promise<PricedCart> {
  return change(ctx, scope, cartId, async (trx, cart) => {
    const lines = await loadLines(trx, cart.cartId, scope.market.alias, scope.language)
    for (const line of lines) {
      const max = line.price && line.product.isActive ? maxOrderableQuantity(line.sku.stock) : 0
      if (line.quantity > max) await setLineQuantity(trx, cart.cartId, line.sku.skuId, max)
    }
  })
}

async function change(
  ctx: GraphQLContext,
  scope: RequestScope,
  cartId: string,
  apply: (trx: Trx, cart: CartRecord) => Promise<void>,
): Promise<PricedCart> {
  const db: Db = commerceDb(ctx.db)
  await db.transaction().execute(async (trx) => {
    const cart = await lockCartForChange(trx, cartId, ctx.user)
    await apply(trx, cart)
    await touchCart(trx, cart, scope, ctx.user)
  })
  return priceCartById(ctx, cartId, scope)
}

async function currentQuantity(trx: Trx, cartId: string, skuId: number): Promise<number> {
  const row = await trx
    .selectFrom('cart_items')
    .select('quantity')
    .where('cart_id', '=', cartId)
    .where('sku_id', '=', skuId)
    .executeTakeFirst()
  return row?.quantity ?? 0
}

async function setLineQuantity(
  trx: Trx,
  cartId: string,
  skuId: number,
  quantity: number,
  message?: string | null,
) {
  if (quantity === 0) {
    await trx.deleteFrom('cart_items').where('cart_id', '=', cartId).where('sku_id', '=', skuId).execute()
    return
  }
  await trx
    .insertInto('cart_items')
    .values({ cart_id: cartId, sku_id: skuId, quantity, message: message ?? null })
    .onConflict((oc) =>
      oc.columns(['cart_id', 'sku_id']).doUpdateSet((eb) => ({
        quantity,
        message: message === undefined ? eb.ref('cart_items.message') : message,
      })),
    )
    .execute()
}

function requireSkuId(item: CartItemInput): number {
  if (item.skuId === null || item.skuId === undefined) throw badUserInput('item.skuId is required', 'skuId')
  if (!Number.isInteger(item.skuId) || item.skuId <= 0)
    throw badUserInput('item.skuId must be a positive id', 'skuId')
  return item.skuId
}

/** After a change, inside its transaction: the whole cart within the order limits, or the change is undone. */
async function assertOrderLimits(trx: Trx, cartId: string): Promise<void> {
  const lines = await trx
    .selectFrom('cart_items')
    .select(['sku_id as skuId', 'quantity'])
    .where('cart_id', '=', cartId)
    .execute()
  const breach = quantityLimitBreach(lines)
  if (breach) throw quantityLimit(breach)
}

export function addToCart(ctx: GraphQLContext, scope: RequestScope, cartId: string, item: CartItemInput) {
  const skuId = requireSkuId(item)
  assertQuantity(item.quantity, 1)
  assertLineMessage(item.message)
  return change(ctx, scope, cartId, async (trx, cart) => {
    const sku = await skuForSale(trx, skuId, scope)
    const quantity = (await currentQuantity(trx, cart.cartId, skuId)) + item.quantity
    assertInStock(sku, quantity)
    await setLineQuantity(trx, cart.cartId, skuId, quantity, item.message)
    await assertOrderLimits(trx, cart.cartId)
  })
}

/** The SKU of the line an update names: by line id, or by SKU id. */
async function lineSku(trx: Trx, cartId: string, item: CartItemInput): Promise<number> {
  if (item.id !== null && item.id !== undefined && item.id !== '') {
    const lineId = Number(item.id)
    const row = Number.isSafeInteger(lineId)
      ? await trx
          .selectFrom('cart_items')
          .select('sku_id')
          .where('cart_id', '=', cartId)
          .where('item_id', '=', lineId)
          .executeTakeFirst()
      : undefined
    if (!row) throw notFound(`The cart has no line with the id ${item.id}`)
    return row.sku_id
  }
  return requireSkuId(item)
}

export function updateCartItem(
  ctx: GraphQLContext,
  scope: RequestScope,
  cartId: string,
  item: CartItemInput,
) {
  assertQuantity(item.quantity, 0)
  assertLineMessage(item.message)
  return change(ctx, scope, cartId, async (trx, cart) => {
    const skuId = await lineSku(trx, cart.cartId, item)
    if (item.quantity > 0) assertInStock(await skuForSale(trx, skuId, scope), item.quantity)
    await setLineQuantity(trx, cart.cartId, skuId, item.quantity, item.message)
    if (item.quantity > 0) await assertOrderLimits(trx, cart.cartId)
  })
}

/**
 * setCartPromoCode: a promo code is checked against this cart now (minimum order value →
 * RequirementsNotMet; unknown, inactive, expired or used up → InvalidPromoCode). A gift code
 * entered in the same field is kept as the cart's gift code, its balance paying part of the order.
 * The empty string removes both.
 */
export function setCartPromoCode(
  ctx: GraphQLContext,
  scope: RequestScope,
  cartId: string,
  promoCode: string,
) {
  const code = normalisePromoCode(promoCode)
  if (code.length > 64) throw invalidPromoCode(`The promo code ${code.slice(0, 64)}… is not valid`)
  return change(ctx, scope, cartId, async (trx, cart) => {
    if (code === '') {
      await trx
        .updateTable('carts')
        .set({ promo_code: null, gift_code: null })
        .where('cart_id', '=', cart.cartId)
        .execute()
      return
    }
    const now = new Date()
    const rule = await loadPromoRule(trx, code, scope.market.alias, ctx.user?.id)
    if (!rule && !isVoucherCode(code)) {
      const giftBalance = await loadGiftCodeBalance(trx, code, scope.market.currencyCode, now)
      if (giftBalance > 0) {
        await trx.updateTable('carts').set({ gift_code: code }).where('cart_id', '=', cart.cartId).execute()
        return
      }
    }
    const [lines, saved] = await Promise.all([
      loadLines(trx, cart.cartId, scope.market.alias, scope.language),
      loadSavedCheckout(trx, cart.cartId),
    ])
    const customerType = saved?.customerType ?? ctx.user?.customerType ?? 'PERSON'
    const available = lines.filter((line) => line.price !== null && line.product.isActive)
    const goods = campaignGoodsValue(toPricingLines(available), customerType)
    const check = checkPromoCode(code, rule, goods, now, formatter(moneyFormat(scope)))
    if (!check.ok) {
      throw check.code === PROMO_REQUIREMENTS_NOT_MET
        ? requirementsNotMet(check.message)
        : invalidPromoCode(check.message)
    }
    // a first-purchase code is refused now when the shopper is known to have ordered (ADR 0031)
    await assertFirstPurchase(trx, check.rule.code, {
      email: saved?.email ?? ctx.user?.email,
      userId: ctx.user?.id ?? null,
    })
    await trx
      .updateTable('carts')
      .set({ promo_code: check.rule.code })
      .where('cart_id', '=', cart.cartId)
      .execute()
  })
}

/** completeCart: read-only afterwards; completing a completed cart returns it unchanged. */
export async function completeCart(
  ctx: GraphQLContext,
  scope: RequestScope,
  cartId: string,
): Promise<PricedCart> {
  const db = commerceDb(ctx.db)
  await db.transaction().execute(async (trx) => {
    const cart = await requireCart(trx, cartId, true)
    assertMayUse(cart, ctx.user)
    if (!cart.isCompleted) {
      await trx
        .updateTable('carts')
        .set({ is_completed: true, updated_at: new Date() })
        .where('cart_id', '=', cartId)
        .execute()
    }
  })
  return priceCartById(ctx, cartId, scope)
}

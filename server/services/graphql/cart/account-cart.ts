/**
 * The cart that follows the account (issue 27 part 6, docs/adr/0057-one-journey.md): a logged-in
 * customer's cart is the newest open cart with their user id in the market, kept in the database
 * like any cart. At login the storefront calls mergeCart with the device's cart; the device then
 * uses the account's cart id, so every device the customer is logged in on shows one cart.
 *
 * The merge rules (the ADR has the why):
 * - the same SKU in both is one line: its quantities add up, capped by what can be bought now
 *   (stock, MAX_UNITS_PER_SKU) and by MAX_UNITS_PER_ORDER over the whole cart, and never below
 *   what the account's line already had;
 * - a device line that cannot be bought in this market now (inactive, unpriced, sold out) is left out;
 * - prices are never copied: every cart is priced at the market's current prices when it is read;
 * - a promo code: the device's when it is valid for the merged cart, else the account's when it
 *   is; a gift code: the device's while it has a balance, else the account's;
 * - a line's message: the account's, else the device's;
 * - the device's cart is removed once merged; another customer's cart is never read or merged.
 */
import { sql, type Transaction } from 'kysely'
import type { GraphQLContext, RequestScope, RequestUser } from '../context'
import { unauthenticated } from '../errors'
import { checkPromoCode, normalisePromoCode } from '../pricing/promo'
import { campaignGoodsValue } from '../pricing/summary'
import { formatter } from '../pricing/present'
import { assertFirstPurchase } from '../mail-subscriptions/first-purchase'
import { commerceDb, type CommerceDB } from './db'
import {
  findCart,
  loadGiftCodeBalance,
  loadLines,
  loadPromoRule,
  loadSavedCheckout,
  type CartRecord,
} from './load'
import { moneyFormat, toPricingLines, type PricedCart } from './price'
import { maxOrderableQuantity } from './stock'
import { priceCartById } from './service'
import { MAX_UNITS_PER_ORDER } from '../../../../src/shared/order-limits'
import type { MarketAlias } from '../../../../src/shared/markets'

type Trx = Transaction<CommerceDB>

/** The account's cart in a market: its newest open cart there, other than `except`. */
async function findAccountCart(
  trx: Trx,
  userId: string,
  market: MarketAlias,
  except: string | null,
): Promise<CartRecord | undefined> {
  let query = trx
    .selectFrom('carts')
    .select('cart_id')
    .where('user_id', '=', userId)
    .where('market_alias', '=', market)
    .where('is_completed', '=', false)
    .orderBy('updated_at', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
  if (except) query = query.where('cart_id', '<>', except)
  const row = await query.executeTakeFirst()
  return row ? findCart(trx, row.cart_id, true) : undefined
}

/** The device's cart when it may be merged: open, and anonymous or this customer's. */
async function usableDeviceCart(
  trx: Trx,
  id: string | null | undefined,
  user: RequestUser,
): Promise<CartRecord | undefined> {
  if (!id) return undefined
  const cart = await findCart(trx, id, true)
  if (!cart || cart.isCompleted) return undefined
  // another customer's cart: not this customer's to see, so it is as if there were none
  if (cart.userId !== null && cart.userId !== user.id) return undefined
  return cart
}

/** Adds the device's lines to the account's cart by the rules above. */
async function mergeLines(trx: Trx, scope: RequestScope, from: string, into: string): Promise<void> {
  const [incoming, existing] = await Promise.all([
    loadLines(trx, from, scope.market.alias, scope.language),
    trx
      .selectFrom('cart_items')
      .select(['sku_id', 'quantity', 'message'])
      .where('cart_id', '=', into)
      .execute(),
  ])
  const have = new Map(existing.map((line) => [line.sku_id, line]))
  let room = MAX_UNITS_PER_ORDER - existing.reduce((sum, line) => sum + line.quantity, 0)
  for (const line of incoming) {
    if (room <= 0) break
    const buyable = line.price !== null && line.product.isActive ? maxOrderableQuantity(line.sku.stock) : 0
    const current = have.get(line.sku.skuId)
    const before = current?.quantity ?? 0
    const merged = Math.max(before, Math.min(before + line.quantity, buyable, before + room))
    if (merged <= before) continue
    room -= merged - before
    await trx
      .insertInto('cart_items')
      .values({ cart_id: into, sku_id: line.sku.skuId, quantity: merged, message: line.message ?? null })
      .onConflict((oc) =>
        oc.columns(['cart_id', 'sku_id']).doUpdateSet((eb) => ({
          quantity: merged,
          message: eb.fn.coalesce('cart_items.message', eb.ref('excluded.message')),
        })),
      )
      .execute()
  }
}

/** Whether a promo code holds for this cart now (the checks setCartPromoCode makes). */
async function promoCodeHolds(
  trx: Trx,
  ctx: GraphQLContext,
  scope: RequestScope,
  cartId: string,
  rawCode: string,
): Promise<boolean> {
  const code = normalisePromoCode(rawCode)
  const rule = await loadPromoRule(trx, code, scope.market.alias, ctx.user?.id)
  const [lines, saved] = await Promise.all([
    loadLines(trx, cartId, scope.market.alias, scope.language),
    loadSavedCheckout(trx, cartId),
  ])
  const customerType = saved?.customerType ?? ctx.user?.customerType ?? 'PERSON'
  const available = lines.filter((line) => line.price !== null && line.product.isActive)
  const goods = campaignGoodsValue(toPricingLines(available), customerType)
  const check = checkPromoCode(code, rule, goods, new Date(), formatter(moneyFormat(scope)))
  if (!check.ok) return false
  try {
    await assertFirstPurchase(trx, check.rule.code, {
      email: saved?.email ?? ctx.user?.email,
      userId: ctx.user?.id ?? null,
    })
    return true
  } catch {
    return false
  }
}

/** The codes the merged cart keeps: the device's first, each only while it holds. */
async function keptCodes(
  trx: Trx,
  ctx: GraphQLContext,
  scope: RequestScope,
  into: string,
  device: CartRecord,
  account: CartRecord,
): Promise<{ promo_code: string | null; gift_code: string | null }> {
  let promo: string | null = null
  for (const code of [device.promoCode, account.promoCode]) {
    if (code && (await promoCodeHolds(trx, ctx, scope, into, code))) {
      promo = code
      break
    }
  }
  let gift: string | null = null
  for (const code of [device.giftCode, account.giftCode]) {
    if (code && (await loadGiftCodeBalance(trx, code, scope.market.currencyCode, new Date())) > 0) {
      gift = code
      break
    }
  }
  return { promo_code: promo, gift_code: gift }
}

/**
 * mergeCart: the logged-in customer's cart in this market with the device's cart merged in, or
 * null when neither has one. Needs a customer; the answer is always a cart of theirs.
 */
export async function mergeAccountCart(
  ctx: GraphQLContext,
  scope: RequestScope,
  deviceCartId: string | null | undefined,
): Promise<PricedCart | null> {
  const user = ctx.user
  if (!user) throw unauthenticated('Sign in to keep your cart on every device')
  const db = commerceDb(ctx.db)
  const cartId = await db.transaction().execute(async (trx) => {
    // one merge at a time per customer: two devices logging in together end with one cart
    await sql`select 1 from users where user_id = ${user.id} for update`.execute(trx)
    const device = await usableDeviceCart(trx, deviceCartId, user)
    const account = await findAccountCart(trx, user.id, scope.market.alias, device?.cartId ?? null)
    const kept = account ?? device
    if (!kept) return null
    if (device && account) {
      await mergeLines(trx, scope, device.cartId, account.cartId)
      const codes = await keptCodes(trx, ctx, scope, account.cartId, device, account)
      await trx.updateTable('carts').set(codes).where('cart_id', '=', account.cartId).execute()
      // merged: the device's cart is gone (its lines and saved checkout with it)
      await trx.deleteFrom('carts').where('cart_id', '=', device.cartId).execute()
    }
    await trx
      .updateTable('carts')
      .set({ user_id: user.id, market_alias: scope.market.alias, updated_at: new Date() })
      .where('cart_id', '=', kept.cartId)
      .execute()
    return kept.cartId
  })
  return cartId ? priceCartById(ctx, cartId, scope) : null
}

/**
 * placeOrder: one transaction that turns a cart into an order.
 *
 * Lock order (the same in every transaction that touches these rows, so none deadlock): the cart
 * row, then the SKU rows ordered by sku_id, then the promo code, the gift code and the user
 * balance. Holding the cart lock makes the call idempotent per cart: a second call, concurrent
 * or later, waits for the first and then finds its order (orders.cart_id is also UNIQUE).
 * Prices are read again from the database inside the transaction; stock is checked against the
 * locked rows and decremented there, so concurrent checkouts can never oversell.
 */
import type { Transaction } from 'kysely'
import type { Config } from '../../../config'
import { toJson, type AddressJson, type OrderRowProductSnapshot, type PaymentKind } from '../../../db/schema'
import type { GraphQLContext, RequestScope, RequestUser } from '../context'
import {
  apiError,
  badUserInput,
  ERROR_CODES,
  forbidden,
  invalidPromoCode,
  outOfStock,
  quantityLimit,
} from '../errors'
import { quantityLimitBreach } from '../../../../src/shared/order-limits'
import { splitIncVat } from '../pricing/money'
import { commerceDb, type CommerceDB } from '../cart/db'
import {
  cartNotFound,
  loadPaymentOptions,
  loadSavedCheckout,
  loadShippingOptions,
  requireCart,
  type SavedCheckout,
} from '../cart/load'
import { priceCart, type PricedCart } from '../cart/price'
import { cartCompleted } from '../cart/service'
import { maxOrderableQuantity, planStockDecrement, type StockDecrement } from '../cart/stock'
import { mergeCheckout } from './input'
import { cardProviderReachable, isExternalPayment } from './card-provider'
import { allowedPayments, deliverableOptions, loadZipRules, normaliseZip } from './options'
import { CUSTOMER_BLACKLISTED, customerStanding, fieldErrors } from './validation'
import { minimumOrderCheck, minimumOrderValueNotReached } from '../cart/minimum'
import { formatter } from '../pricing/present'
import { isVoucherCode, redeemVoucher } from '../cart/bonus-voucher'
import { assertFirstPurchase } from '../mail-subscriptions/first-purchase'
import { awaitingProviderPayment, providerOf } from '../../../../src/shared/payment-kinds'
import { CARD_PROVIDER, providerBaseUrl } from '../../../contracts/payment-providers'
import { guestInvoiceHold, holdNote, type ApprovalHold } from './approval'

type Trx = Transaction<CommerceDB>

export interface PlaceOrderResponse {
  orderId: string
  publicId: string
  /** 'completed' when the order is placed and confirmed (invoice); 'pending' while a card payment is awaited. */
  status: 'completed' | 'pending' | 'cancelled'
  redirectUrl: string | null
}

/** Where a request's answers send the shopper: the shop's origin as they reached it (ADR 0057). */
export interface ShopPlace {
  config: Pick<Config, 'browserServices'>
  shopUrl: string
}

/**
 * Where the shopper pays an order paid at a provider: its kind's provider's page for this order
 * in the payments service; embedded on the shopper's own host, so their cookies are there when
 * they come back.
 */
export function paymentRedirectUrl(
  { config, shopUrl }: ShopPlace,
  publicId: string,
  kind: PaymentKind,
): string {
  const base = config.browserServices.payments ?? `${shopUrl}/pay`
  return `${providerBaseUrl(base, providerOf(kind) ?? CARD_PROVIDER)}/orders/${publicId}`
}

interface ExistingOrder {
  order_id: number
  public_id: string
  payment_kind: PaymentKind
  paid_at: Date | null
  status: string
}

export function responseFor(place: ShopPlace, order: ExistingOrder): PlaceOrderResponse {
  if (order.status === 'cancelled') {
    return {
      orderId: String(order.order_id),
      publicId: order.public_id,
      status: 'cancelled',
      redirectUrl: null,
    }
  }
  const awaitingPayment = awaitingProviderPayment(order)
  return {
    orderId: String(order.order_id),
    publicId: order.public_id,
    status: awaitingPayment ? 'pending' : 'completed',
    redirectUrl: awaitingPayment ? paymentRedirectUrl(place, order.public_id, order.payment_kind) : null,
  }
}

async function findOrderOfCart(trx: Trx, cartId: string): Promise<ExistingOrder | undefined> {
  return trx
    .selectFrom('orders')
    .select(['order_id', 'public_id', 'payment_kind', 'paid_at', 'status'])
    .where('cart_id', '=', cartId)
    .executeTakeFirst()
}

async function saveCheckout(trx: Trx, cartId: string, checkout: SavedCheckout): Promise<void> {
  await trx
    .insertInto('checkouts')
    .values({ cart_id: cartId, data: toJson(checkout) })
    .onConflict((oc) => oc.column('cart_id').doUpdateSet({ data: toJson(checkout), updated_at: new Date() }))
    .execute()
}

/** Every rule of validateOrderCreation, as errors: the order is refused with a clear code. */
async function assertOrderable(
  trx: Trx,
  scope: RequestScope,
  user: RequestUser | null,
  checkout: SavedCheckout,
  cardReachable: boolean,
) {
  const market = scope.market
  const [standing, shipping, payments, zipRules] = await Promise.all([
    customerStanding(trx, checkout.email ?? '', user?.id ?? null),
    loadShippingOptions(trx, market.alias, scope.language),
    loadPaymentOptions(trx, market.alias, scope.language),
    loadZipRules(trx, market.alias),
  ])
  if (standing.emailMessage === CUSTOMER_BLACKLISTED) throw forbidden(CUSTOMER_BLACKLISTED)
  if (standing.emailMessage) throw badUserInput(standing.emailMessage, 'email')
  const zip = normaliseZip((checkout.shippingAddress ?? checkout.billingAddress)?.zip)
  const deliverable = deliverableOptions(shipping, zipRules, zip)
  const allowed = allowedPayments(payments, standing.blockedPaymentKinds)
  const chosenPayment = payments.find((p) => p.id === checkout.paymentId)
  if (chosenPayment && !allowed.includes(chosenPayment)) {
    throw forbidden(`The payment method ${chosenPayment.displayName} is not available for this customer`)
  }
  // refused before any stock is touched: the shopper may choose invoice instead
  if (chosenPayment && isExternalPayment(chosenPayment) && !cardReachable) {
    throw apiError(
      ERROR_CODES.PAYMENT_UNAVAILABLE,
      `${chosenPayment.displayName} is not available right now; choose another payment method or try again shortly`,
      { payment: chosenPayment.kind },
    )
  }
  const errors = fieldErrors(checkout, market.countryCode, {
    paymentIds: allowed.map((p) => p.id),
    shippingIds: deliverable.map((s) => s.id),
  })
  const first = errors[0]
  if (first) {
    throw apiError(ERROR_CODES.BAD_USER_INPUT, first, { messages: errors })
  }
  if (!chosenPayment) throw badUserInput('Payment must be selected', 'paymentId')
  return { payment: chosenPayment, options: { shipping, payment: payments } }
}

interface LockedSku {
  sku_id: number
  stock_in_stock: number
  stock_oversellable: number
  stock_static: number
}

async function lockSkus(trx: Trx, skuIds: number[]): Promise<Map<number, LockedSku>> {
  const rows = await trx
    .selectFrom('skus')
    .select(['sku_id', 'stock_in_stock', 'stock_oversellable', 'stock_static'])
    .where('sku_id', 'in', skuIds)
    .orderBy('sku_id')
    .forUpdate()
    .execute()
  return new Map(rows.map((row) => [row.sku_id, row]))
}

function stockOf(row: LockedSku) {
  return { inStock: row.stock_in_stock, oversellable: row.stock_oversellable, static: row.stock_static }
}

async function drawStock(trx: Trx, priced: PricedCart): Promise<Map<number, StockDecrement>> {
  const skuIds = [...new Set(priced.lines.map((l) => l.sku.skuId))].sort((a, b) => a - b)
  const locked = await lockSkus(trx, skuIds)
  const plans = new Map<number, StockDecrement>()
  for (const line of priced.lines) {
    const row = locked.get(line.sku.skuId)
    const plan = row ? planStockDecrement(stockOf(row), line.quantity) : null
    if (!row || !plan) {
      const stock = row ? maxOrderableQuantity(stockOf(row)) : 0
      throw outOfStock('Insufficient stock amount', { skuId: line.sku.skuId, stock })
    }
    plans.set(line.sku.skuId, plan)
  }
  for (const [skuId, plan] of plans) {
    if (plan.fromInStock === 0 && plan.fromOversellable === 0) continue
    await trx
      .updateTable('skus')
      .set((eb) => ({
        stock_in_stock: eb('stock_in_stock', '-', plan.fromInStock),
        stock_oversellable: eb('stock_oversellable', '-', plan.fromOversellable),
      }))
      .where('sku_id', '=', skuId)
      .execute()
  }
  return plans
}

/**
 * Units sold per product (bestseller list). These updates lock the product rows: in ascending id
 * order right after the SKUs, as confirmOrderPayment does, so no two orders wait in a cycle.
 */
async function countSales(trx: Trx, priced: PricedCart): Promise<void> {
  const soldPerProduct = new Map<number, number>()
  for (const line of priced.lines) {
    soldPerProduct.set(
      line.product.productId,
      (soldPerProduct.get(line.product.productId) ?? 0) + line.quantity,
    )
  }
  for (const [productId, sold] of [...soldPerProduct].sort(([a], [b]) => a - b)) {
    await trx
      .updateTable('products')
      .set((eb) => ({ sales_count: eb('sales_count', '+', sold) }))
      .where('product_id', '=', productId)
      .execute()
  }
}

async function redeemPromo(trx: Trx, priced: PricedCart): Promise<string | null> {
  const promo = priced.appliedPromo
  if (!promo) return null
  // a bonus voucher is redeemed by the order itself, once it has an id (redeemOrderVoucher)
  if (isVoucherCode(promo.code)) return promo.code
  const used = await trx
    .updateTable('promo_codes')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('code', '=', promo.code)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
    .returning('code')
    .executeTakeFirst()
  if (!used) throw invalidPromoCode(`The promo code ${promo.code} is no longer valid`)
  return promo.code
}

function balanceChanged() {
  return apiError(ERROR_CODES.CONFLICT, 'The gift code or account balance changed; please review the cart')
}

/** Takes the balance the summary used: the gift code first, then the account balance. */
async function drawBalance(trx: Trx, priced: PricedCart, userId: string | null) {
  const used = priced.totals.balance.used
  const fromGift = Math.min(used, priced.giftCodeBalance)
  const fromUser = used - fromGift
  const giftCode = priced.record.giftCode
  // The cart shows its gift code taking a share of the total; another order that spent it first
  // (priced here after that order committed) leaves nothing: refuse, never charge the full price.
  if (giftCode && priced.giftCodeBalance <= 0) throw balanceChanged()
  if (fromGift > 0 && giftCode) {
    const row = await trx
      .updateTable('gift_codes')
      .set((eb) => ({ balance: eb('balance', '-', fromGift) }))
      .where('code', '=', giftCode)
      .where('balance', '>=', fromGift)
      .returning('code')
      .executeTakeFirst()
    if (!row) throw balanceChanged()
  }
  if (fromUser > 0) {
    if (!userId) throw balanceChanged()
    const row = await trx
      .updateTable('user_balances')
      .set((eb) => ({ amount: eb('amount', '-', fromUser) }))
      .where('user_id', '=', userId)
      .where('currency_code', '=', priced.scope.market.currencyCode)
      .where('amount', '>=', fromUser)
      .returning('user_id')
      .executeTakeFirst()
    if (!row) throw balanceChanged()
  }
  return { fromGift, fromUser, giftCode: fromGift > 0 ? giftCode : null }
}

function addressOf(checkout: SavedCheckout, which: 'billingAddress' | 'shippingAddress'): AddressJson {
  return checkout[which] ?? checkout.billingAddress ?? {}
}

async function insertOrder(
  trx: Trx,
  priced: PricedCart,
  checkout: SavedCheckout,
  payment: { id: number; kind: PaymentKind },
  plans: Map<number, StockDecrement>,
  extras: {
    userId: string | null
    promoCode: string | null
    giftCode: string | null
    fromGift: number
    shopUrl: string
    hold: ApprovalHold | null
  },
) {
  const { totals, scope } = priced
  const billing = addressOf(checkout, 'billingAddress')
  const shippingAddress = addressOf(checkout, 'shippingAddress')
  const order = await trx
    .insertInto('orders')
    .values({
      cart_id: priced.record.cartId,
      user_id: extras.userId,
      shop_url: extras.shopUrl,
      market_alias: scope.market.alias,
      language: scope.language,
      currency_code: scope.market.currencyCode,
      email: checkout.email ?? '',
      first_name: billing.firstName ?? '',
      last_name: billing.lastName ?? '',
      zip: normaliseZip(billing.zip),
      customer_type: priced.customerType,
      personal_id: checkout.identityNumber ?? null,
      billing_address: toJson(billing),
      shipping_address: toJson(shippingAddress),
      message: checkout.message ?? null,
      status: 'received',
      awaiting_approval: extras.hold !== null,
      payment_option_id: payment.id,
      payment_kind: payment.kind,
      shipping_option_id: priced.shipping?.id ?? null,
      shipping_method: priced.shipping?.displayName ?? '',
      promo_code: extras.promoCode,
      gift_code: extras.giftCode,
      item_value_inc_vat: totals.goods.incVat,
      item_value_ex_vat: totals.goods.exVat,
      discount_inc_vat: totals.promoDiscount.incVat,
      discount_ex_vat: totals.promoDiscount.exVat,
      shipping_fee_inc_vat: totals.shipping.fee.incVat,
      shipping_fee_ex_vat: totals.shipping.fee.exVat,
      payment_fee_inc_vat: totals.paymentFee.incVat,
      payment_fee_ex_vat: totals.paymentFee.exVat,
      from_balance: totals.balance.used,
      total_inc_vat: totals.balance.totalExBalance.incVat,
      total_ex_vat: totals.balance.totalExBalance.exVat,
      vat_total: totals.total.vat,
    })
    .returning(['order_id', 'public_id', 'payment_kind', 'paid_at', 'status'])
    .executeTakeFirstOrThrow()

  const rows = priced.lines.map((line, index) => {
    const lineTotals = totals.lines[index]
    const price = line.price
    if (!lineTotals || !price) throw new Error('a priced cart line has no totals')
    const snapshot: OrderRowProductSnapshot = {
      alias: { [scope.language]: line.product.alias },
      imageFileName: line.product.imageFileName,
      primaryCategoryId: line.product.primaryCategoryId,
      categoryIds: [line.product.primaryCategoryId],
      gtin: line.sku.gtin,
      primaryCategoryName: line.product.primaryCategoryName,
      brandId: line.product.brandId,
      campaigns: (priced.campaignsByProduct.get(line.product.productId) ?? []).map((c) => ({
        id: c.campaignId,
        name: c.name,
      })),
      // what the order drew from which stock counter, so a cancelled payment can put it back
      stockDrawn: plans.get(line.sku.skuId) ?? { fromInStock: 0, fromOversellable: 0 },
    }
    return {
      order_id: order.order_id,
      sku_id: line.sku.skuId,
      product_id: line.product.productId,
      article_number: line.product.articleNumber,
      sku_article_number: line.sku.articleNumber,
      product_name: line.product.name,
      sku_name: line.sku.name,
      brand_name: line.product.brandName,
      product_snapshot: toJson(snapshot),
      quantity: line.quantity,
      regular_unit_price_inc_vat: price.regularIncVat,
      unit_price_inc_vat: price.sellingIncVat,
      unit_price_ex_vat: splitIncVat(price.sellingIncVat, price.vatRateBp).exVat,
      discount_inc_vat: lineTotals.regular.incVat - lineTotals.final.incVat,
      total_inc_vat: lineTotals.final.incVat,
      total_ex_vat: lineTotals.final.exVat,
      vat_rate_bp: price.vatRateBp,
    }
  })
  await trx.insertInto('order_rows').values(rows).execute()
  await trx
    .insertInto('order_events')
    .values({
      order_id: order.order_id,
      kind: 'status',
      status: 'received',
      data: toJson({ paymentKind: payment.kind }),
    })
    .execute()
  if (extras.hold) {
    await trx
      .insertInto('order_events')
      .values({ order_id: order.order_id, kind: 'note', reason: holdNote(extras.hold) })
      .execute()
  }
  if (extras.giftCode && extras.fromGift > 0) {
    await trx
      .insertInto('gift_code_transactions')
      .values({ code: extras.giftCode, order_id: order.order_id, amount: -extras.fromGift })
      .execute()
  }
  return order
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
}

export async function placeOrder(
  ctx: GraphQLContext,
  scope: RequestScope,
  cartId: string,
  input: SavedCheckout,
): Promise<PlaceOrderResponse> {
  const db = commerceDb(ctx.db)
  // asked before the transaction: a hanging provider must not hold the database meanwhile
  const cardReachable = await cardProviderReachable(ctx)
  try {
    return await db.transaction().execute(async (trx) => {
      const cart = await requireCart(trx, cartId, true)
      if (cart.userId !== null && cart.userId !== ctx.user?.id) throw cartNotFound(cartId)
      const existing = await findOrderOfCart(trx, cartId)
      if (existing) return responseFor(ctx, existing)
      if (cart.isCompleted) throw cartCompleted(cartId)

      const checkout = mergeCheckout(await loadSavedCheckout(trx, cartId), input)
      const { payment, options } = await assertOrderable(trx, scope, ctx.user, checkout, cardReachable)
      await saveCheckout(trx, cartId, checkout)

      const priced = await priceCart(trx, cart, { scope, user: ctx.user, checkout, options })
      if (priced.unavailable.length > 0) {
        throw apiError(ERROR_CODES.BAD_USER_INPUT, 'Some items in the cart are no longer available', {
          skuIds: priced.unavailable.map((line) => line.sku.skuId),
        })
      }
      if (priced.lines.length === 0) throw badUserInput('The cart is empty')
      const minimum = minimumOrderCheck(
        scope.market.minOrderValueIncVat,
        priced.totals.goods.incVat,
        priced.totals.itemCount,
      )
      if (minimum && !minimum.isReached) {
        throw minimumOrderValueNotReached(formatter(priced.format)(minimum.amount))
      }

      // the order limits (ADR 0025), before any stock is touched: one order cannot buy out a size
      const breach = quantityLimitBreach(
        priced.lines.map((l) => ({ skuId: l.sku.skuId, quantity: l.quantity })),
      )
      if (breach) throw quantityLimit(breach)
      const plans = await drawStock(trx, priced)
      await countSales(trx, priced)
      const userId = ctx.user?.id ?? cart.userId
      await assertFirstPurchase(trx, priced.appliedPromo?.code, { email: checkout.email, userId })
      const promoCode = await redeemPromo(trx, priced)
      const balance = await drawBalance(trx, priced, userId)
      const hold = await guestInvoiceHold(trx, {
        userId,
        paymentKind: payment.kind,
        market: scope.market.alias,
        units: priced.lines.reduce((sum, line) => sum + line.quantity, 0),
      })
      const order = await insertOrder(trx, priced, checkout, payment, plans, {
        userId,
        promoCode,
        giftCode: balance.giftCode,
        fromGift: balance.fromGift,
        shopUrl: ctx.shopUrl,
        hold,
      })
      if (
        promoCode &&
        isVoucherCode(promoCode) &&
        !(await redeemVoucher(trx, promoCode, order.order_id, userId))
      )
        throw invalidPromoCode(`The bonus voucher ${promoCode} is no longer valid`)
      await trx
        .updateTable('carts')
        .set({ is_completed: true, updated_at: new Date(), market_alias: scope.market.alias })
        .where('cart_id', '=', cartId)
        .execute()
      return responseFor(ctx, order)
    })
  } catch (error) {
    // The cart lock makes this unreachable in practice; the UNIQUE cart_id is the backstop.
    if (!isUniqueViolation(error)) throw error
    const order = await db
      .selectFrom('orders')
      .select(['order_id', 'public_id', 'payment_kind', 'paid_at', 'status'])
      .where('cart_id', '=', cartId)
      .executeTakeFirst()
    if (!order) throw error
    return responseFor(ctx, order)
  }
}

/**
 * createOrUpdateCheckout, validateOrderCreation and the confirmation page's checkout query.
 */
import { toJson } from '../../../db/schema'
import type { GraphQLContext, RequestScope } from '../context'
import type { ResolversTypes } from '../generated'
import { notFound } from '../errors'
import { commerceDb } from '../cart/db'
import { isUuid } from '../../../../src/shared/validation/ids'
import { loadSavedCheckout, requireCart, type CartRecord, type SavedCheckout } from '../cart/load'
import { priceCart } from '../cart/price'
import { presentCart } from '../cart/present'
import { lockCartForChange, openCartWithSavedCheckout } from '../cart/service'
import { maxOrderableQuantity } from '../cart/stock'
import { formatter } from '../pricing/present'
import { splitIncVat, toDecimal } from '../pricing/money'
import { loadOrders, nthPurchase } from '../orders/load'
import { presentAddress, presentCheckoutOrder, presentOrder } from '../orders/present'
import { mergeCheckout } from './input'
import { allowedPayments, deliverableOptions, markSelected, normaliseZip } from './options'
import { CUSTOMER_BLACKLISTED, customerStanding, fieldErrors } from './validation'
import { cardProviderReachable, isExternalPayment } from './card-provider'
import { paymentSecured, paymentTypeName } from '../../../../src/shared/payment-kinds'

/** createOrUpdateCheckout: saves the choices, then offers shipping for the zip and payment for the customer. */
export async function createOrUpdateCheckout(
  ctx: GraphQLContext,
  scope: RequestScope,
  cartId: string,
  update: SavedCheckout,
) {
  const db = commerceDb(ctx.db)
  const checkout = await db.transaction().execute(async (trx) => {
    await lockCartForChange(trx, cartId, ctx.user)
    const merged = mergeCheckout(await loadSavedCheckout(trx, cartId), update)
    await trx
      .insertInto('checkouts')
      .values({ cart_id: cartId, data: toJson(merged) })
      .onConflict((oc) => oc.column('cart_id').doUpdateSet({ data: toJson(merged), updated_at: new Date() }))
      .execute()
    return merged
  })
  return presentCheckout(ctx, scope, await requireCart(db, cartId), checkout, { priceSelection: false })
}

/**
 * checkoutPreview (Lumo extension, docs/adr/0042-checkout-preview.md): what createOrUpdateCheckout
 * would answer for these choices over the saved ones, without saving anything, and with the cart
 * priced for the shipping and payment the answer shows selected. The checkout page's server
 * render asks this, so a page GET never writes (nor waits for a commit to reach the disk). The
 * cart must be one the caller could change, exactly as for createOrUpdateCheckout.
 */
export async function checkoutPreview(
  ctx: GraphQLContext,
  scope: RequestScope,
  cartId: string,
  update: SavedCheckout,
) {
  const db = commerceDb(ctx.db)
  const { cart, saved } = await openCartWithSavedCheckout(db, cartId, ctx.user)
  return presentCheckout(ctx, scope, cart, mergeCheckout(saved, update), { priceSelection: true })
}

/**
 * The CheckoutType answer for a cart and its checkout choices: the shipping the zip can get, the
 * payment the customer may use, the priced cart. `priceSelection` prices the cart with the options
 * the answer marks selected (the default ones when none or one no longer offered was chosen);
 * otherwise with the saved choices as they are, as createOrUpdateCheckout always has.
 */
async function presentCheckout(
  ctx: GraphQLContext,
  scope: RequestScope,
  cart: CartRecord,
  checkout: SavedCheckout,
  { priceSelection }: { priceSelection: boolean },
): Promise<ResolversTypes['CheckoutType']> {
  const db = commerceDb(ctx.db)
  const [shipping, payments, zipRules, standing, cardReachable] = await Promise.all([
    ctx.checkoutOptions.shipping(scope.market.alias, scope.language),
    ctx.checkoutOptions.payment(scope.market.alias, scope.language),
    ctx.checkoutOptions.zipRules(scope.market.alias),
    customerStanding(db, checkout.email ?? '', ctx.user?.id ?? null),
    cardProviderReachable(ctx),
  ])
  const zip = normaliseZip((checkout.shippingAddress ?? checkout.billingAddress)?.zip)
  const deliverable = markSelected(deliverableOptions(shipping, zipRules, zip), checkout.shippingId)
  const allowed = allowedPayments(payments, standing.blockedPaymentKinds)
  // a provider that cannot be reached now: its option is left out, and the checkout says so
  const unreachable = cardReachable ? [] : allowed.filter(isExternalPayment)
  const offeredPayments = markSelected(
    allowed.filter((option) => !unreachable.includes(option)),
    checkout.paymentId,
  )
  const priceWith = priceSelection
    ? {
        ...checkout,
        shippingId: deliverable.find((option) => option.isSelected)?.id ?? checkout.shippingId,
        paymentId: offeredPayments.find((option) => option.isSelected)?.id ?? checkout.paymentId,
      }
    : checkout
  const priced = await priceCart(db, cart, {
    scope,
    user: ctx.user,
    checkout: priceWith,
    options: { shipping, payment: payments },
  })
  const fmt = formatter(priced.format)
  const goodsSeen =
    priced.customerType === 'ORGANIZATION' ? priced.totals.goods.exVat : priced.totals.goods.incVat
  const shippingOptions = deliverable.map((option) => {
    const free = option.freeShippingThreshold !== null && goodsSeen >= option.freeShippingThreshold
    const fee = splitIncVat(free ? 0 : option.feeIncVat, option.vatRateBp)
    const left =
      option.freeShippingThreshold === null ? 0 : Math.max(0, option.freeShippingThreshold - goodsSeen)
    return {
      id: option.id,
      name: option.name,
      displayName: option.displayName,
      feeIncVat: toDecimal(fee.incVat),
      feeExVat: toDecimal(fee.exVat),
      feeIncVatFormatted: fmt(fee.incVat),
      feeExVatFormatted: fmt(fee.exVat),
      isDefault: option.isDefault,
      isSelected: option.isSelected,
      amountLeftToFreeShipping: toDecimal(left),
      amountLeftToFreeShippingFormatted: fmt(left),
    }
  })
  const paymentOptions = offeredPayments.map((option) => {
    const fee = splitIncVat(option.feeIncVat, scope.market.vatRateBp)
    return {
      id: option.id,
      name: option.kind,
      displayName: option.displayName,
      feeIncVat: toDecimal(fee.incVat),
      feeExVat: toDecimal(fee.exVat),
      feeIncVatFormatted: fmt(fee.incVat),
      feeExVatFormatted: fmt(fee.exVat),
      isDefault: option.isDefault,
      isSelected: option.isSelected,
      paymentType: option.paymentType,
      checkoutType: option.checkoutType,
      paymentData: null,
      newCheckoutSession: false,
    }
  })
  return {
    email: checkout.email ?? null,
    identityNumber: checkout.identityNumber ?? null,
    cart: presentCart(priced),
    billingAddress: presentAddress(checkout.billingAddress),
    shippingAddress: presentAddress(checkout.shippingAddress ?? checkout.billingAddress),
    consents: [],
    paymentOptions,
    unavailablePaymentOptions: unreachable.map((option) => option.displayName),
    shippingOptions,
    shippingData: null,
    checkoutStatus: standing.emailMessage === CUSTOMER_BLACKLISTED ? 'CUSTOMER_BLACKLISTED' : 'OK',
  }
}

export interface ValidationResult {
  isValid: boolean
  message: string | null
  memberType: string | null
  paymentType: string | null
}

/**
 * validateOrderCreation: the inputs of the spec's customer-status rule (message, memberType,
 * paymentType) plus the Geins field messages. Blocking e-mail messages come first, because the
 * storefront derives the customer status from them.
 */
export async function validateOrderCreation(
  ctx: GraphQLContext,
  scope: RequestScope,
  cartId: string,
  input: SavedCheckout,
): Promise<ValidationResult> {
  const db = commerceDb(ctx.db)
  const cart = await requireCart(db, cartId)
  if (cart.userId !== null && cart.userId !== ctx.user?.id)
    throw notFound(`No cart was found with the ID ${cartId}`)
  const checkout = mergeCheckout(await loadSavedCheckout(db, cartId), input)
  const [standing, shipping, payments, zipRules] = await Promise.all([
    customerStanding(db, checkout.email ?? '', ctx.user?.id ?? null),
    ctx.checkoutOptions.shipping(scope.market.alias, scope.language),
    ctx.checkoutOptions.payment(scope.market.alias, scope.language),
    ctx.checkoutOptions.zipRules(scope.market.alias),
  ])
  const priced = await priceCart(db, cart, {
    scope,
    user: ctx.user,
    checkout,
    options: { shipping, payment: payments },
  })
  const payment = payments.find((p) => p.id === checkout.paymentId)
  const result = (isValid: boolean, message: string | null): ValidationResult => ({
    isValid,
    message,
    memberType: standing.memberType,
    paymentType: paymentTypeName(payment?.kind),
  })
  if (cart.isCompleted) return result(false, 'The cart is already completed')
  if (standing.emailMessage) return result(false, standing.emailMessage)
  if (payment && standing.blockedPaymentKinds.includes(payment.kind)) {
    return result(false, `The payment method ${payment.displayName} is not available for this customer`)
  }
  const zip = normaliseZip((checkout.shippingAddress ?? checkout.billingAddress)?.zip)
  const [firstError] = fieldErrors(checkout, scope.market.countryCode, {
    paymentIds: allowedPayments(payments, standing.blockedPaymentKinds).map((p) => p.id),
    shippingIds: deliverableOptions(shipping, zipRules, zip).map((s) => s.id),
  })
  if (firstError) return result(false, firstError)
  if (priced.lines.length === 0) return result(false, 'The cart is empty')
  if (priced.unavailable.length > 0) return result(false, 'Some items in the cart are no longer available')
  const short = priced.lines.some((line) => line.quantity > maxOrderableQuantity(line.sku.stock))
  if (short) return result(false, 'Insufficient stock amount')
  return result(true, null)
}

/**
 * The confirmation page's query. `id` is the order id the checkout redirect carried (`oid`) or the
 * order's public id. A numeric id alone does not reveal an order: it must come with the order's
 * cart id, or from the signed-in owner; a customer's order found by its cart id only for that
 * customer, as the cart itself (cart/service.ts assertMayUse).
 */
export async function checkoutData(
  ctx: GraphQLContext,
  scope: RequestScope,
  id: string,
  cartId: string | null | undefined,
) {
  const db = commerceDb(ctx.db)
  const trimmed = id.trim()
  let orders = isUuid(trimmed)
    ? await loadOrders(db, { by: 'publicId', publicId: trimmed }, scope.language)
    : []
  if (orders.length === 0 && /^\d{1,9}$/.test(trimmed)) {
    const orderId = Number(trimmed)
    if (cartId) {
      orders = (await loadOrders(db, { by: 'cart', cartId }, scope.language)).filter(
        (o) => o.order.order_id === orderId && (o.order.user_id === null || o.order.user_id === ctx.user?.id),
      )
    } else if (ctx.user) {
      orders = await loadOrders(db, { by: 'user', userId: ctx.user.id, orderId }, scope.language)
    }
  }
  const loaded = orders[0]
  if (!loaded || (cartId && loaded.order.cart_id !== cartId))
    throw notFound(`No order was found with the id ${id}`)
  const { order } = loaded
  const markets = await ctx.markets.all()
  const market = markets.find((m) => m.alias === order.market_alias)
  const nth = await nthPurchase(db, order)
  const completed = order.status !== 'cancelled' && paymentSecured(order)
  return {
    htmlSnippet: null,
    newCheckoutSession: false,
    completed,
    order: presentCheckoutOrder(loaded, market, scope, ctx.config.services.images),
    nthPurchase: nth,
    // the cart as it was ordered, not re-priced
    cart: presentOrder(loaded, market, scope).cart,
  }
}

/**
 * Pricing a cart in one market (docs/adr/0004-cart-and-orders.md): what ./load.ts reads, turned
 * into the lines that can be bought, the promo code that applies now, the chosen (or default)
 * shipping and payment option and the totals. Used by getCart and the cart mutations, and inside
 * placeOrder's transaction so an order is always priced from the database, never from what the
 * client sent.
 */
import type { Kysely } from 'kysely'
import type { RequestScope, RequestUser } from '../context'
import type { Minor } from '../pricing/money'
import { checkPromoCode, type PromoCodeRule } from '../pricing/promo'
import {
  campaignGoodsValue,
  computeCartTotals,
  type CartTotals,
  type CustomerType,
  type PricingLine,
} from '../pricing/summary'
import { formatter, type MoneyFormat } from '../pricing/present'
import type { CommerceDB } from './db'
import {
  loadCampaigns,
  loadGiftCodeBalance,
  loadLines,
  loadPaymentOptions,
  loadProductSkus,
  loadPromoRule,
  loadSavedCheckout,
  loadShippingOptions,
  loadUserBalance,
  type AppliedCampaign,
  type CartLine,
  type CartRecord,
  type PaymentChoice,
  type ProductSku,
  type SavedCheckout,
  type ShippingChoice,
} from './load'

type Db = Kysely<CommerceDB>

export interface PricedCart {
  record: CartRecord
  /** Lines that can be bought in the pricing market, in the order they were added. */
  lines: CartLine[]
  /** Lines whose product is inactive or not sold in the pricing market. */
  unavailable: CartLine[]
  campaignsByProduct: Map<number, AppliedCampaign[]>
  productSkus: Map<number, ProductSku[]>
  /** The promo rule when the cart's code is applicable to this cart now. */
  appliedPromo: PromoCodeRule | null
  giftCodeBalance: Minor
  userBalance: Minor
  shipping: ShippingChoice | null
  payment: PaymentChoice | null
  checkout: SavedCheckout | null
  totals: CartTotals
  customerType: CustomerType
  format: MoneyFormat
  scope: RequestScope
}

/** The chosen option when it is offered, else the default one (or the first). */
export function choose<T extends { id: number; isDefault: boolean }>(
  options: T[],
  wantedId: number | null | undefined,
) {
  const chosen = options.find((o) => o.id === wantedId) ?? options.find((o) => o.isDefault) ?? options[0]
  return chosen ? { ...chosen, isSelected: chosen.id === wantedId } : null
}

export function moneyFormat(scope: RequestScope): MoneyFormat {
  return {
    currency: scope.market.currencyCode,
    currencyName: scope.market.currencyName,
    currencySymbol: scope.market.currencySymbol,
    languageIso: scope.locale,
  }
}

export function toPricingLines(lines: CartLine[]): PricingLine[] {
  return lines.flatMap((line) =>
    line.price
      ? [
          {
            skuId: line.sku.skuId,
            quantity: line.quantity,
            regularUnitPriceIncVat: line.price.regularIncVat,
            sellingUnitPriceIncVat: line.price.sellingIncVat,
            vatRateBp: line.price.vatRateBp,
          },
        ]
      : [],
  )
}

export interface PriceOptions {
  scope: RequestScope
  user: RequestUser | null
  now?: Date
  /** Checkout choices not yet saved (placeOrder prices with what it was sent). */
  checkout?: SavedCheckout | null
  /** The market's options when the caller has already read them (saves two queries). */
  options?: { shipping: ShippingChoice[]; payment: PaymentChoice[] }
}

/** Loads everything a cart's price depends on and computes the summary. */
export async function priceCart(db: Db, record: CartRecord, options: PriceOptions): Promise<PricedCart> {
  const { scope } = options
  const now = options.now ?? new Date()
  const market = scope.market.alias
  const [allLines, saved, shippingOptions, paymentOptions, userBalance, giftCodeBalance] = await Promise.all([
    loadLines(db, record.cartId, market, scope.language),
    options.checkout === undefined ? loadSavedCheckout(db, record.cartId) : Promise.resolve(options.checkout),
    options.options
      ? Promise.resolve(options.options.shipping)
      : loadShippingOptions(db, market, scope.language),
    options.options
      ? Promise.resolve(options.options.payment)
      : loadPaymentOptions(db, market, scope.language),
    loadUserBalance(db, options.user?.id ?? null, scope.market.currencyCode),
    record.giftCode
      ? loadGiftCodeBalance(db, record.giftCode, scope.market.currencyCode, now)
      : Promise.resolve(0),
  ])
  const lines = allLines.filter((line) => line.price !== null && line.product.isActive)
  const unavailable = allLines.filter((line) => line.price === null || !line.product.isActive)
  const customerType: CustomerType = saved?.customerType ?? options.user?.customerType ?? 'PERSON'
  const pricingLines = toPricingLines(lines)

  const productIds = [...new Set(lines.map((l) => l.product.productId))]
  const [campaignsByProduct, productSkus, promoRule] = await Promise.all([
    loadCampaigns(db, productIds, scope.language, now),
    loadProductSkus(db, productIds),
    record.promoCode
      ? loadPromoRule(db, record.promoCode, market, options.user?.id)
      : Promise.resolve(undefined),
  ])
  const format = moneyFormat(scope)
  // A stored code that no longer applies (expired, below its minimum after a removal) stays on
  // the cart but gives no discount until the cart meets it again.
  const promoCheck = record.promoCode
    ? checkPromoCode(
        record.promoCode,
        promoRule,
        campaignGoodsValue(pricingLines, customerType),
        now,
        formatter(format),
      )
    : null
  const appliedPromo = promoCheck?.ok ? promoCheck.rule : null

  const shipping = choose(shippingOptions, saved?.shippingId)
  const payment = choose(paymentOptions, saved?.paymentId)
  const totals = computeCartTotals({
    customerType,
    lines: pricingLines,
    promo: appliedPromo?.discount ?? null,
    shipping: shipping
      ? {
          feeIncVat: shipping.feeIncVat,
          freeShippingThreshold: shipping.freeShippingThreshold,
          vatRateBp: shipping.vatRateBp,
        }
      : { feeIncVat: 0, freeShippingThreshold: null, vatRateBp: scope.market.vatRateBp },
    paymentFee: payment ? { feeIncVat: payment.feeIncVat, vatRateBp: scope.market.vatRateBp } : undefined,
    balanceAvailable: giftCodeBalance + userBalance,
  })
  return {
    record,
    lines,
    unavailable,
    campaignsByProduct,
    productSkus,
    appliedPromo,
    giftCodeBalance,
    userBalance,
    shipping,
    payment,
    checkout: saved,
    totals,
    customerType,
    format,
    scope,
  }
}

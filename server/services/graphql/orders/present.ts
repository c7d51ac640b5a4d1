/**
 * Stored orders → OrderType and CheckoutOrderType. An order shows the amounts it was placed with
 * (never re-priced); its cart is rebuilt from the order rows.
 */
import type { AddressJson, Order, OrderRow, OrderRowProductSnapshot } from '../../../db/schema'
import type { MarketRow, RequestScope } from '../context'
import { splitIncVat, toDecimal, type Minor } from '../pricing/money'
import {
  formatter,
  presentPrice,
  presentSummary,
  type MoneyFormat,
  type PriceShape,
} from '../pricing/present'
import type { AmountPair, CartTotals, LineTotals } from '../pricing/summary'
import type { CartShape } from '../cart/present'
import type { LoadedOrder } from './load'
import { isInvoiced } from '../../../../src/shared/payment-kinds'
import { marketInvoiceDueDays } from '../../../../src/shared/markets'

const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'entryCode',
  'careOf',
  'city',
  'state',
  'country',
  'zip',
  'company',
  'mobile',
  'phone',
] as const

export type AddressShape = Record<(typeof ADDRESS_FIELDS)[number], string>

/** AddressType has only non-null strings. */
export function presentAddress(address: AddressJson | null | undefined): AddressShape {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, address?.[field] ?? ''])) as AddressShape
}

export function orderFormat(
  market: MarketRow | undefined,
  currency: string,
  scope: RequestScope,
): MoneyFormat {
  return {
    currency: (market?.currencyCode ?? currency) as MoneyFormat['currency'],
    currencyName: market?.currencyName ?? currency,
    currencySymbol: market?.currencySymbol ?? currency,
    languageIso: scope.locale,
  }
}

function snapshotOf(row: OrderRow): OrderRowProductSnapshot {
  return row.product_snapshot
}

function single(amount: AmountPair, format: MoneyFormat): PriceShape {
  return presentPrice(amount, amount, format)
}

function pair(incVat: Minor, exVat: Minor): AmountPair {
  return { incVat, exVat }
}

/** The totals the order was placed with, in the shape the cart summary presenter takes. */
export function orderTotals(loaded: LoadedOrder, vatRateBp: number): CartTotals {
  const { order, rows } = loaded
  const lines: LineTotals[] = rows.map((row) => {
    const selling = row.unit_price_inc_vat * row.quantity
    return {
      skuId: row.sku_id ?? 0,
      quantity: row.quantity,
      vatRateBp: row.vat_rate_bp,
      regular: splitIncVat(row.regular_unit_price_inc_vat * row.quantity, row.vat_rate_bp),
      selling: splitIncVat(selling, row.vat_rate_bp),
      promoDiscountIncVat: selling - row.total_inc_vat,
      final: {
        incVat: row.total_inc_vat,
        exVat: row.total_ex_vat,
        vat: row.total_inc_vat - row.total_ex_vat,
      },
    }
  })
  const sum = (pick: (l: LineTotals) => AmountPair) =>
    lines.reduce((acc, l) => pair(acc.incVat + pick(l).incVat, acc.exVat + pick(l).exVat), pair(0, 0))
  const regular = sum((l) => l.regular)
  const selling = sum((l) => l.selling)
  const goods = pair(order.item_value_inc_vat, order.item_value_ex_vat)
  const shippingFee = pair(order.shipping_fee_inc_vat, order.shipping_fee_ex_vat)
  const paymentFee = pair(order.payment_fee_inc_vat, order.payment_fee_ex_vat)
  const fees = pair(shippingFee.incVat + paymentFee.incVat, shippingFee.exVat + paymentFee.exVat)
  const totalRegular = pair(regular.incVat + fees.incVat, regular.exVat + fees.exVat)
  const totalSelling = pair(goods.incVat + fees.incVat, goods.exVat + fees.exVat)
  const vatByRate = new Map<number, Minor>()
  for (const line of lines)
    vatByRate.set(line.vatRateBp, (vatByRate.get(line.vatRateBp) ?? 0) + line.final.vat)
  const feeVat = fees.incVat - fees.exVat
  if (feeVat > 0) vatByRate.set(vatRateBp, (vatByRate.get(vatRateBp) ?? 0) + feeVat)
  const discount = pair(order.discount_inc_vat, order.discount_ex_vat)
  return {
    customerType: order.customer_type === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON',
    lines,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subTotal: { regular, selling, vat: selling.incVat - selling.exVat },
    promoDiscount: discount,
    fixedAmountDiscount: pair(0, 0),
    goods,
    shipping: { fee: shippingFee, amountLeftToFreeShipping: 0, isFree: shippingFee.incVat === 0 },
    paymentFee,
    total: {
      regular: totalRegular,
      selling: totalSelling,
      discount: pair(totalRegular.incVat - totalSelling.incVat, totalRegular.exVat - totalSelling.exVat),
      vat: order.vat_total,
      isDiscounted: totalRegular.incVat > totalSelling.incVat,
    },
    vats: [...vatByRate.entries()]
      .map(([rateBp, amount]) => ({ rateBp, amount }))
      .sort((a, b) => b.rateBp - a.rateBp),
    balance: {
      available: order.from_balance,
      used: order.from_balance,
      remaining: 0,
      totalExBalance: pair(order.total_inc_vat, order.total_ex_vat),
    },
  }
}

function productUrl(row: OrderRow, scope: RequestScope): string | null {
  const aliases = snapshotOf(row).alias
  const alias = aliases[scope.language] ?? Object.values(aliases)[0]
  return alias ? `/p/${alias}` : null
}

function campaignsOf(row: OrderRow): { id: number; name: string }[] {
  const campaigns = snapshotOf(row)['campaigns']
  return Array.isArray(campaigns) ? (campaigns as { id: number; name: string }[]) : []
}

function orderCart(
  loaded: LoadedOrder,
  totals: CartTotals,
  format: MoneyFormat,
  scope: RequestScope,
): CartShape {
  const { order, rows } = loaded
  return {
    id: order.cart_id,
    isCompleted: true,
    promoCode: order.promo_code,
    // an order's cart was accepted: the minimum it was checked against is not kept with it
    minimumOrderValue: null,
    freeShipping: totals.shipping.isFree,
    fixedDiscount: 0,
    appliedCampaigns: [],
    items: rows.map((row, index) => {
      const snapshot = snapshotOf(row)
      const line = totals.lines[index]
      const unitRegular = splitIncVat(row.regular_unit_price_inc_vat, row.vat_rate_bp)
      const unitSelling = splitIncVat(row.unit_price_inc_vat, row.vat_rate_bp)
      const unitPrice = presentPrice(unitRegular, unitSelling, format)
      const url = productUrl(row, scope)
      return {
        id: String(row.order_row_id),
        skuId: row.sku_id ?? 0,
        quantity: row.quantity,
        message: null,
        unitPrice,
        // at campaign prices, as the cart showed it: the code's discount is a row of the summary
        totalPrice: line ? presentPrice(line.regular, line.selling, format) : unitPrice,
        campaign: {
          appliedCampaigns: campaignsOf(row).map((c) => ({
            campaignId: String(c.id),
            name: c.name,
            hideTitle: false,
            ruleType: 'PRICE_CAMPAIGN',
            actionValue: null,
          })),
          prices: [],
        },
        product: {
          productId: row.product_id ?? 0,
          name: row.product_name,
          alias: url ? url.slice(3) : String(row.product_id ?? ''),
          articleNumber: row.article_number,
          categoryId: snapshot.primaryCategoryId ?? 0,
          canonicalUrl: url ?? '',
          brand: {
            brandId: typeof snapshot['brandId'] === 'number' ? snapshot['brandId'] : 0,
            alias: '',
            name: row.brand_name,
            canonicalUrl: '',
          },
          productImages: snapshot.imageFileName ? [{ fileName: snapshot.imageFileName, tags: [] }] : [],
          primaryCategory: null,
          skus: [],
          unitPrice,
        },
      }
    }),
    summary: presentSummary(totals, format, { shipping: null, payment: null }),
  }
}

function articleNumberOf(loaded: LoadedOrder, orderRowId: number | null): string | null {
  return loaded.rows.find((row) => row.order_row_id === orderRowId)?.article_number ?? null
}

/** The invoice term: an invoice order falls due its market's days after it was placed (the shop definition). */
export function invoiceDueDate(
  order: Pick<Order, 'payment_kind' | 'created_at' | 'market_alias'>,
): Date | null {
  if (!isInvoiced(order.payment_kind)) return null
  const due = new Date(order.created_at)
  due.setUTCDate(due.getUTCDate() + marketInvoiceDueDays(order.market_alias))
  return due
}

export function presentOrder(loaded: LoadedOrder, market: MarketRow | undefined, scope: RequestScope) {
  const { order, refunds } = loaded
  const format = orderFormat(market, order.currency_code, scope)
  const fmt = formatter(format)
  const totals = orderTotals(loaded, market?.vatRateBp ?? scope.market.vatRateBp)
  const orderValue = totals.total.selling
  const isPaid = order.paid_at !== null
  return {
    id: order.order_id,
    customerId: null,
    createdAt: order.created_at.toISOString(),
    completedAt: order.completed_at?.toISOString() ?? null,
    updatedAt: order.updated_at.toISOString(),
    currency: order.currency_code,
    desiredDeliveryDate: null,
    message: order.message,
    status: order.status,
    publicId: order.public_id,
    orderNumber: String(order.order_id),
    email: order.email,
    shippingMethod: order.shipping_method,
    paymentMethod: loaded.paymentMethod,
    billingAddress: presentAddress(order.billing_address),
    shippingAddress: presentAddress(order.shipping_address),
    cart: orderCart(loaded, totals, format, scope),
    paymentDetails: [
      {
        id: order.order_id,
        paymentId: order.payment_option_id ?? 0,
        transactionId: order.payment_reference ?? '',
        displayName: loaded.paymentMethod,
        name: order.payment_kind,
        isPaid,
        paymentDate: order.paid_at?.toISOString() ?? null,
        paymentFee: toDecimal(order.payment_fee_inc_vat),
        paymentOption: order.payment_kind,
        reservationDate: order.created_at.toISOString(),
        reservationNumber: null,
        shippingFee: toDecimal(order.shipping_fee_inc_vat),
        total: toDecimal(order.total_inc_vat),
      },
    ],
    discount: single(pair(order.discount_inc_vat, order.discount_ex_vat), format),
    orderTotal: presentPrice(totals.total.regular, orderValue, format),
    paymentFee: single(totals.paymentFee, format),
    shippingFee: single(totals.shipping.fee, format),
    vat: single(pair(order.vat_total, order.vat_total), format),
    fromBalance: toDecimal(order.from_balance),
    fromBalanceFormatted: fmt(order.from_balance),
    refunds: refunds.map((refund) => ({
      id: refund.eventId,
      itemId: refund.orderRowId ?? 0,
      articleNumber: articleNumberOf(loaded, refund.orderRowId),
      createdAt: refund.createdAt.toISOString(),
      reason: refund.reason,
      reasonCode:
        refund.reasonCode !== null && /^\d+$/.test(refund.reasonCode) ? Number(refund.reasonCode) : null,
      refundType: refund.toBalance ? 'balance' : 'payment',
      toBalance: refund.toBalance,
      total: toDecimal(refund.amountIncVat),
      vat: toDecimal(refund.vatAmount),
    })),
    shippingDetails: loaded.shipments.map((shipment) => ({
      id: shipment.eventId,
      name: order.shipping_method,
      parcelNumber: shipment.parcelNumber,
      shippingDate: shipment.createdAt.toISOString(),
      shippingId: order.shipping_option_id ?? 0,
      trackingLink: shipment.trackingLink,
    })),
    paymentKind: order.payment_kind,
    invoiceDueDate: invoiceDueDate(order)?.toISOString() ?? null,
    isPaid,
    returns: loaded.returns.map((entry) => ({
      id: entry.eventId,
      itemId: entry.orderRowId,
      articleNumber: articleNumberOf(loaded, entry.orderRowId),
      createdAt: entry.createdAt.toISOString(),
      reason: entry.reason,
      reasonCode: entry.reasonCode,
    })),
    deliveredAt: order.delivered_at?.toISOString() ?? null,
  }
}

/** CheckoutOrderType: what the confirmation page and the purchase analytics event read. */
export function presentCheckoutOrder(
  loaded: LoadedOrder,
  market: MarketRow | undefined,
  scope: RequestScope,
  imageBaseUrl: string,
) {
  const { order, rows } = loaded
  const orderValue = order.total_inc_vat + order.from_balance
  const orderValueExVat = order.item_value_ex_vat + order.shipping_fee_ex_vat + order.payment_fee_ex_vat
  const campaigns = new Map(rows.flatMap((row) => campaignsOf(row)).map((c) => [String(c.id), c.name]))
  return {
    orderId: String(order.order_id),
    transactionId: order.payment_reference,
    firstName: order.first_name,
    lastName: order.last_name,
    zip: order.zip,
    email: order.email,
    message: order.message,
    currency: order.currency_code,
    campaignIds: [...campaigns.keys()],
    campaignNames: [...campaigns.values()],
    discountIncVat: toDecimal(order.discount_inc_vat),
    discountExVat: toDecimal(order.discount_ex_vat),
    itemValueIncVat: toDecimal(order.item_value_inc_vat),
    itemValueExVat: toDecimal(order.item_value_ex_vat),
    orderValueIncVat: toDecimal(orderValue),
    orderValueExVat: toDecimal(orderValueExVat),
    paymentFeeIncVat: toDecimal(order.payment_fee_inc_vat),
    paymentFeeExVat: toDecimal(order.payment_fee_ex_vat),
    shippingFeeIncVat: toDecimal(order.shipping_fee_inc_vat),
    shippingFeeExVat: toDecimal(order.shipping_fee_ex_vat),
    sum: toDecimal(order.total_inc_vat),
    billingAddress: presentAddress(order.billing_address),
    shippingAddress: presentAddress(order.shipping_address),
    rows: rows.map((row) => {
      const snapshot = snapshotOf(row)
      const regularTotal = row.regular_unit_price_inc_vat * row.quantity
      const rowCampaigns = campaignsOf(row)
      return {
        articleNumber: row.article_number,
        brand: row.brand_name,
        categories:
          typeof snapshot['primaryCategoryName'] === 'string' ? [snapshot['primaryCategoryName']] : [],
        campaignIds: rowCampaigns.map((c) => String(c.id)),
        campaignNames: rowCampaigns.map((c) => c.name),
        discountIncVat: toDecimal(row.discount_inc_vat),
        discountExVat: toDecimal(splitIncVat(regularTotal, row.vat_rate_bp).exVat - row.total_ex_vat),
        discountRate: regularTotal > 0 ? row.discount_inc_vat / regularTotal : 0,
        gtin: snapshot.gtin,
        imageUrl: snapshot.imageFileName
          ? `${imageBaseUrl}/product/400f500/${encodeURIComponent(snapshot.imageFileName)}`
          : null,
        name: row.product_name,
        quantity: row.quantity,
        sku: row.sku_article_number,
        variant: row.sku_name,
        priceIncVat: toDecimal(row.unit_price_inc_vat),
        priceExVat: toDecimal(row.unit_price_ex_vat),
        productId: row.product_id ?? 0,
        productUrl: productUrl(row, scope),
        currency: order.currency_code,
      }
    }),
    marketId: market?.marketId ?? order.market_alias,
    status: order.status,
    promoCode: order.promo_code,
    customerId: null,
    customerTypeId: order.customer_type === 'ORGANIZATION' ? 2 : 1,
    paymentId: order.payment_option_id,
    shippingId: order.shipping_option_id,
  }
}

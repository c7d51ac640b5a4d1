/**
 * The money rows of a cart or an order, as every place shows them: the mini cart, the checkout,
 * the confirmation page, the account's order detail and the order e-mail. One presenter, so the
 * rows a shopper reads add up to the total they read, everywhere:
 *
 *   products (at the prices the lines show: campaign prices already applied)
 * − promotion code or bonus voucher
 * + shipping
 * + payment fee
 * = total
 * − gift code and balance
 * = to pay
 *
 * Campaign savings are already inside the line prices, so they are told beside the rows ("you
 * save"), never subtracted a second time. Amounts are integer minor units in one VAT view:
 * including VAT for private persons, excluding it for business customers (docs/product-rules.md#cart).
 */
import { isVoucherCode } from './loyalty'
import type { CurrencyCode } from './markets'
import { fromDecimal, type Minor } from './money'

/** The kinds of rows, in the order they are shown; the key of each row's label is `money.row.<kind>`. */
export const MONEY_ROW_KINDS = [
  'products',
  'promotionCode',
  'bonusVoucher',
  'shipping',
  'paymentFee',
  'total',
  'balance',
  'toPay',
] as const
export type MoneyRowKind = (typeof MONEY_ROW_KINDS)[number]

/** What a cart or an order is made of, in minor units of one VAT view. */
export interface OrderMoney {
  /** The lines at the prices they are shown with (campaign prices applied). */
  products: Minor
  /** What the campaign prices took off the regular prices (already inside `products`). */
  campaignSavings: Minor
  /** The promotion code's or bonus voucher's discount (positive). */
  codeDiscount: Minor
  /** The code on the cart or order, which names the discount's kind. */
  code?: string | null
  shipping: Minor
  paymentFee: Minor
  /** Paid from a gift code or the customer's balance (positive). */
  balance: Minor
  /** The total before balance, as the commerce API computed it. */
  total: Minor
  /** VAT in the total (informational: inside the amounts in the VAT-inclusive view). */
  vat: Minor
  /** True when the amounts include VAT. */
  vatIncluded: boolean
}

export interface MoneyRow {
  kind: MoneyRowKind
  /** Signed: discounts and balance are negative, so the rows before a total sum to it. */
  amount: Minor
  /** The code of a promotion-code or bonus-voucher row. */
  code?: string
  /** A total (`total`, `toPay`): the rows above it, back to the previous total, add up to it. */
  isTotal: boolean
}

export interface MoneyPresentation {
  rows: MoneyRow[]
  campaignSavings: Minor
  vat: Minor
  vatIncluded: boolean
  /**
   * False when the API's total is not what its parts add up to: the rows still show the API's
   * figures (what is charged), and the caller reports the inconsistency.
   */
  addsUp: boolean
}

/** The rows of a cart or an order. Rows of nothing (no code, no fee, no balance) are left out. */
export function presentOrderMoney(money: OrderMoney): MoneyPresentation {
  const rows: MoneyRow[] = [{ kind: 'products', amount: money.products, isTotal: false }]
  if (money.codeDiscount !== 0) {
    rows.push({
      kind: isVoucherCode(money.code ?? '') ? 'bonusVoucher' : 'promotionCode',
      amount: -money.codeDiscount,
      ...(money.code ? { code: money.code.trim().toUpperCase() } : {}),
      isTotal: false,
    })
  }
  // Shipping is always shown: a free delivery is news to the shopper ("Free").
  rows.push({ kind: 'shipping', amount: money.shipping, isTotal: false })
  if (money.paymentFee !== 0) rows.push({ kind: 'paymentFee', amount: money.paymentFee, isTotal: false })
  rows.push({ kind: 'total', amount: money.total, isTotal: true })
  if (money.balance !== 0) {
    rows.push({ kind: 'balance', amount: -money.balance, isTotal: false })
    rows.push({ kind: 'toPay', amount: money.total - money.balance, isTotal: true })
  }
  return {
    rows,
    campaignSavings: money.campaignSavings,
    vat: money.vat,
    vatIncluded: money.vatIncluded,
    addsUp: rowsAddUp(rows),
  }
}

/** Each total equals the previous total (or nothing) plus the rows between them. */
export function rowsAddUp(rows: readonly MoneyRow[]): boolean {
  let running = 0
  for (const row of rows) {
    if (!row.isTotal) running += row.amount
    else if (running !== row.amount) return false
  }
  return true
}

/** A price pair as the commerce API's `PriceType` carries it (decimals). */
interface ApiPrice {
  sellingPriceIncVat?: number | null
  sellingPriceExVat?: number | null
  regularPriceIncVat?: number | null
  regularPriceExVat?: number | null
}

/** The parts of the API's `CartSummaryType` the rows are made of (the cart's and an order's). */
export interface ApiCartSummary {
  subTotal?: ApiPrice | null
  /** Shipping and payment fees, there for a cart and an order alike (`shipping` and `payment` only in a checkout). */
  fees?: {
    shippingFeeIncVat?: number | null
    shippingFeeExVat?: number | null
    paymentFeeIncVat?: number | null
    paymentFeeExVat?: number | null
  } | null
  total?: {
    sellingPriceIncVat?: number | null
    sellingPriceExVat?: number | null
    discountIncVat?: number | null
    discountExVat?: number | null
    vat?: number | null
  } | null
  balance?: {
    pending?: number | null
    totalSellingPriceExBalanceIncVat?: number | null
    totalSellingPriceExBalanceExVat?: number | null
  } | null
}

/**
 * A cart's (or an order's cart's) summary from the commerce API in one VAT view. The API's total
 * discount is regular − selling over everything; the campaign's part of it is the subtotal's
 * regular − selling, and the rest is the code's.
 */
export function orderMoneyFromCartSummary(
  summary: ApiCartSummary | null | undefined,
  options: { vatIncluded: boolean; code?: string | null; currency: CurrencyCode },
): OrderMoney {
  // the API's decimals in the currency's minor units (ISK has none)
  const minor = (amount: number | null | undefined): Minor => fromDecimal(amount ?? 0, options.currency)
  const inc = options.vatIncluded
  const sub = summary?.subTotal
  const total = summary?.total
  const products = minor(inc ? sub?.sellingPriceIncVat : sub?.sellingPriceExVat)
  const regular = minor(inc ? sub?.regularPriceIncVat : sub?.regularPriceExVat)
  const campaignSavings = Math.max(0, regular - products)
  const allDiscounts = minor(inc ? total?.discountIncVat : total?.discountExVat)
  const totalAmount = minor(inc ? total?.sellingPriceIncVat : total?.sellingPriceExVat)
  const balance = summary?.balance
  const exBalance = inc ? balance?.totalSellingPriceExBalanceIncVat : balance?.totalSellingPriceExBalanceExVat
  const paidFromBalance =
    (balance?.pending ?? 0) > 0 && exBalance != null ? totalAmount - minor(exBalance) : 0
  return {
    products,
    campaignSavings,
    codeDiscount: Math.max(0, allDiscounts - campaignSavings),
    code: options.code ?? null,
    shipping: minor(inc ? summary?.fees?.shippingFeeIncVat : summary?.fees?.shippingFeeExVat),
    paymentFee: minor(inc ? summary?.fees?.paymentFeeIncVat : summary?.fees?.paymentFeeExVat),
    balance: paidFromBalance,
    total: totalAmount,
    vat: minor(total?.vat),
    vatIncluded: inc,
  }
}

/** A placed order as the database keeps it (minor units, VAT included; server/db order tables). */
export interface PlacedOrderMoney {
  rows: readonly { quantity: number; unitPriceIncVat: Minor; regularUnitPriceIncVat: Minor }[]
  /** The code's discount. */
  discountIncVat: Minor
  promoCode: string | null
  shippingFeeIncVat: Minor
  paymentFeeIncVat: Minor
  fromBalance: Minor
  /** What was left to pay after the balance. */
  totalIncVat: Minor
  vatTotal: Minor
}

/** A placed order's money (the order e-mail), VAT included as it was charged. */
export function orderMoneyFromPlacedOrder(order: PlacedOrderMoney): OrderMoney {
  const products = order.rows.reduce((sum, row) => sum + row.unitPriceIncVat * row.quantity, 0)
  const regular = order.rows.reduce((sum, row) => sum + row.regularUnitPriceIncVat * row.quantity, 0)
  return {
    products,
    campaignSavings: Math.max(0, regular - products),
    codeDiscount: order.discountIncVat,
    code: order.promoCode,
    shipping: order.shippingFeeIncVat,
    paymentFee: order.paymentFeeIncVat,
    balance: order.fromBalance,
    total: order.totalIncVat + order.fromBalance,
    vat: order.vatTotal,
    vatIncluded: true,
  }
}

/**
 * Minor-unit totals → the API's price shapes (PriceType, CartSummaryType pieces): decimals in
 * major units plus the *Formatted strings in the market currency and the shopper's language.
 */
import type { CurrencyCode } from '../../../../src/shared/markets'
import { formatMoney, toDecimal, vatRatePercent, type Minor } from './money'
import type { AmountPair, CartTotals } from './summary'

export interface MoneyFormat {
  currency: CurrencyCode
  currencyName: string
  currencySymbol: string
  /** The request's language, e.g. 'sv-SE'. */
  languageIso: string
}

export interface CurrencyShape {
  name: string
  symbol: string
  code: string
  rate: number
}

export interface PriceShape {
  sellingPriceIncVat: number
  sellingPriceExVat: number
  regularPriceIncVat: number
  regularPriceExVat: number
  discountIncVat: number
  discountExVat: number
  discountPercentage: number
  vat: number
  isDiscounted: boolean
  sellingPriceIncVatFormatted: string
  sellingPriceExVatFormatted: string
  regularPriceIncVatFormatted: string
  regularPriceExVatFormatted: string
  discountIncVatFormatted: string
  discountExVatFormatted: string
  vatFormatted: string
  currency: CurrencyShape
}

export function currencyShape(format: MoneyFormat): CurrencyShape {
  return { name: format.currencyName, symbol: format.currencySymbol, code: format.currency, rate: 1 }
}

export function formatter(format: MoneyFormat): (amount: Minor) => string {
  return (amount) => formatMoney(amount, format.currency, format.languageIso)
}

/** A PriceType from regular and selling amounts; VAT is that of the selling amount. */
export function presentPrice(regular: AmountPair, selling: AmountPair, format: MoneyFormat): PriceShape {
  const fmt = formatter(format)
  const discount = { incVat: regular.incVat - selling.incVat, exVat: regular.exVat - selling.exVat }
  const vat = selling.incVat - selling.exVat
  return {
    sellingPriceIncVat: toDecimal(selling.incVat),
    sellingPriceExVat: toDecimal(selling.exVat),
    regularPriceIncVat: toDecimal(regular.incVat),
    regularPriceExVat: toDecimal(regular.exVat),
    discountIncVat: toDecimal(discount.incVat),
    discountExVat: toDecimal(discount.exVat),
    discountPercentage: regular.incVat > 0 ? Math.round((discount.incVat * 100) / regular.incVat) : 0,
    vat: toDecimal(vat),
    isDiscounted: discount.incVat > 0,
    sellingPriceIncVatFormatted: fmt(selling.incVat),
    sellingPriceExVatFormatted: fmt(selling.exVat),
    regularPriceIncVatFormatted: fmt(regular.incVat),
    regularPriceExVatFormatted: fmt(regular.exVat),
    discountIncVatFormatted: fmt(discount.incVat),
    discountExVatFormatted: fmt(discount.exVat),
    vatFormatted: fmt(vat),
    currency: currencyShape(format),
  }
}

export interface ShippingOptionShape {
  id: number
  name: string
  displayName: string
  feeIncVat: number
  feeExVat: number
  isDefault: boolean
  isSelected: boolean
  amountLeftToFreeShipping: number
  amountLeftToFreeShippingFormatted: string
  feeIncVatFormatted: string
  feeExVatFormatted: string
}

export interface PaymentOptionShape {
  id: number
  name: string
  displayName: string
  feeIncVat: number
  feeExVat: number
  isDefault: boolean
  isSelected: boolean
  paymentType: string
  checkoutType: string
  newCheckoutSession: boolean
  feeIncVatFormatted: string
  feeExVatFormatted: string
}

export interface CartSummaryShape {
  total: PriceShape
  subTotal: PriceShape
  vats: { rate: number; amount: number }[]
  fees: {
    paymentFeeIncVat: number
    paymentFeeExVat: number
    shippingFeeIncVat: number
    shippingFeeExVat: number
  }
  balance: {
    remaining: number
    pending: number
    totalSellingPriceExBalanceIncVat: number
    totalSellingPriceExBalanceExVat: number
    remainingFormatted: string
    pendingFormatted: string
    totalSellingPriceExBalanceIncVatFormatted: string
    totalSellingPriceExBalanceExVatFormatted: string
  }
  fixedAmountDiscountIncVat: number
  fixedAmountDiscountExVat: number
  shipping: ShippingOptionShape | null
  payment: PaymentOptionShape | null
}

export interface SelectedOptions {
  shipping: { id: number; name: string; displayName: string; isDefault: boolean; isSelected: boolean } | null
  payment: Omit<
    PaymentOptionShape,
    'feeIncVat' | 'feeExVat' | 'feeIncVatFormatted' | 'feeExVatFormatted'
  > | null
}

export function presentSummary(
  totals: CartTotals,
  format: MoneyFormat,
  options: SelectedOptions,
): CartSummaryShape {
  const fmt = formatter(format)
  const { shipping, balance } = totals
  return {
    total: presentPrice(totals.total.regular, totals.total.selling, format),
    subTotal: presentPrice(totals.subTotal.regular, totals.subTotal.selling, format),
    vats: totals.vats.map((v) => ({ rate: vatRatePercent(v.rateBp), amount: toDecimal(v.amount) })),
    fees: {
      paymentFeeIncVat: toDecimal(totals.paymentFee.incVat),
      paymentFeeExVat: toDecimal(totals.paymentFee.exVat),
      shippingFeeIncVat: toDecimal(shipping.fee.incVat),
      shippingFeeExVat: toDecimal(shipping.fee.exVat),
    },
    balance: {
      remaining: toDecimal(balance.remaining),
      pending: toDecimal(balance.used),
      totalSellingPriceExBalanceIncVat: toDecimal(balance.totalExBalance.incVat),
      totalSellingPriceExBalanceExVat: toDecimal(balance.totalExBalance.exVat),
      remainingFormatted: fmt(balance.remaining),
      pendingFormatted: fmt(balance.used),
      totalSellingPriceExBalanceIncVatFormatted: fmt(balance.totalExBalance.incVat),
      totalSellingPriceExBalanceExVatFormatted: fmt(balance.totalExBalance.exVat),
    },
    fixedAmountDiscountIncVat: toDecimal(totals.fixedAmountDiscount.incVat),
    fixedAmountDiscountExVat: toDecimal(totals.fixedAmountDiscount.exVat),
    shipping: options.shipping && {
      ...options.shipping,
      feeIncVat: toDecimal(shipping.fee.incVat),
      feeExVat: toDecimal(shipping.fee.exVat),
      amountLeftToFreeShipping: toDecimal(shipping.amountLeftToFreeShipping),
      amountLeftToFreeShippingFormatted: fmt(shipping.amountLeftToFreeShipping),
      feeIncVatFormatted: fmt(shipping.fee.incVat),
      feeExVatFormatted: fmt(shipping.fee.exVat),
    },
    payment: options.payment && {
      ...options.payment,
      feeIncVat: toDecimal(totals.paymentFee.incVat),
      feeExVat: toDecimal(totals.paymentFee.exVat),
      feeIncVatFormatted: fmt(totals.paymentFee.incVat),
      feeExVatFormatted: fmt(totals.paymentFee.exVat),
    },
  }
}

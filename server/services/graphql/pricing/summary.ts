/**
 * The whole cart summary of docs/product-rules.md#customer-types-and-prices, computed on the server in minor units: subtotal (regular and
 * campaign price), promo discount (percentage, or a fixed amount spread over the lines), shipping
 * fee and amount left to free shipping, payment fee, VAT per rate, totals and the part paid from
 * balance (gift code or customer balance).
 *
 * Customer type decides the VAT view: a PERSON sees and is judged on VAT-inclusive amounts, an
 * ORGANIZATION on VAT-exclusive ones (free-shipping threshold, promo minimum). Both amounts are
 * always computed.
 */
import { allocate, percentOf, splitIncVat, type Minor, type VatSplit } from './money'
import type { PromoDiscount } from './promo'
import type { BuyerType } from '../../../../src/shared/customer-types'

export type CustomerType = BuyerType

export interface PricingLine {
  skuId: number
  quantity: number
  /** List price of one unit, VAT included. */
  regularUnitPriceIncVat: Minor
  /** Price of one unit after price campaigns, VAT included (≤ regular). */
  sellingUnitPriceIncVat: Minor
  vatRateBp: number
}

export interface ShippingTerms {
  feeIncVat: Minor
  /** Goods value (in the customer's VAT view) from which shipping is free; null = never free. */
  freeShippingThreshold: Minor | null
  vatRateBp: number
}

export interface SummaryInput {
  customerType: CustomerType
  lines: readonly PricingLine[]
  /** The cart's promo discount when its code is applicable, else null. */
  promo: PromoDiscount | null
  shipping: ShippingTerms
  paymentFee?: { feeIncVat: Minor; vatRateBp: number }
  /** Gift-code or customer balance that may pay for the order. */
  balanceAvailable: Minor
}

export interface LineTotals {
  skuId: number
  quantity: number
  vatRateBp: number
  regular: VatSplit
  /** After campaign prices. */
  selling: VatSplit
  promoDiscountIncVat: Minor
  /** After campaign prices and promo discount: what the line costs. */
  final: VatSplit
}

export interface AmountPair {
  incVat: Minor
  exVat: Minor
}

export interface CartTotals {
  customerType: CustomerType
  lines: LineTotals[]
  itemCount: number
  subTotal: { regular: AmountPair; selling: AmountPair; vat: Minor }
  /** The promo discount of either kind. */
  promoDiscount: AmountPair
  /** Only a fixed-amount promo; also included in promoDiscount. */
  fixedAmountDiscount: AmountPair
  /** Goods after every discount. */
  goods: AmountPair
  shipping: { fee: AmountPair; amountLeftToFreeShipping: Minor; isFree: boolean }
  paymentFee: AmountPair
  total: {
    regular: AmountPair
    selling: AmountPair
    discount: AmountPair
    vat: Minor
    isDiscounted: boolean
  }
  vats: { rateBp: number; amount: Minor }[]
  balance: { available: Minor; used: Minor; remaining: Minor; totalExBalance: AmountPair }
}

const zero: AmountPair = { incVat: 0, exVat: 0 }
const pair = (split: VatSplit): AmountPair => ({ incVat: split.incVat, exVat: split.exVat })
const add = (a: AmountPair, b: AmountPair): AmountPair => ({
  incVat: a.incVat + b.incVat,
  exVat: a.exVat + b.exVat,
})
const sub = (a: AmountPair, b: AmountPair): AmountPair => ({
  incVat: a.incVat - b.incVat,
  exVat: a.exVat - b.exVat,
})

/** The amount a customer of this type sees and is judged on. */
export function viewAmount(amount: AmountPair, customerType: CustomerType): Minor {
  return customerType === 'ORGANIZATION' ? amount.exVat : amount.incVat
}

/** Goods value after campaign prices (before promo), in the customer's VAT view. */
export function campaignGoodsValue(lines: readonly PricingLine[], customerType: CustomerType): Minor {
  return lines.reduce((sum, line) => {
    const split = splitIncVat(line.sellingUnitPriceIncVat * line.quantity, line.vatRateBp)
    return sum + (customerType === 'ORGANIZATION' ? split.exVat : split.incVat)
  }, 0)
}

function promoDiscountsPerLine(sellingPerLine: readonly Minor[], promo: PromoDiscount | null): Minor[] {
  if (!promo) return sellingPerLine.map(() => 0)
  if (promo.type === 'PERCENTAGE') {
    const percentBp = Math.min(Math.max(promo.percentBp, 0), 10_000)
    return sellingPerLine.map((selling) => percentOf(selling, percentBp))
  }
  const goods = sellingPerLine.reduce((sum, s) => sum + s, 0)
  // A fixed amount never exceeds the goods it discounts; spread in proportion to line value so
  // each VAT rate carries its share (the same spread the analytics purchase event uses).
  const amount = Math.min(Math.max(promo.amountIncVat, 0), goods)
  return allocate(amount, sellingPerLine)
}

export function computeCartTotals(input: SummaryInput): CartTotals {
  const sellingPerLine = input.lines.map((line) => line.sellingUnitPriceIncVat * line.quantity)
  const discounts = promoDiscountsPerLine(sellingPerLine, input.promo)
  const lines: LineTotals[] = input.lines.map((line, index) => {
    const selling = sellingPerLine[index] ?? 0
    const discount = discounts[index] ?? 0
    return {
      skuId: line.skuId,
      quantity: line.quantity,
      vatRateBp: line.vatRateBp,
      regular: splitIncVat(line.regularUnitPriceIncVat * line.quantity, line.vatRateBp),
      selling: splitIncVat(selling, line.vatRateBp),
      promoDiscountIncVat: discount,
      final: splitIncVat(selling - discount, line.vatRateBp),
    }
  })

  const regular = lines.reduce((sum, l) => add(sum, pair(l.regular)), zero)
  const selling = lines.reduce((sum, l) => add(sum, pair(l.selling)), zero)
  const goods = lines.reduce((sum, l) => add(sum, pair(l.final)), zero)
  const promoDiscount = sub(selling, goods)
  const fixedAmountDiscount = input.promo?.type === 'FIXED_AMOUNT' ? promoDiscount : zero
  const itemCount = lines.reduce((sum, l) => sum + l.quantity, 0)

  const threshold = input.shipping.freeShippingThreshold
  const goodsSeen = viewAmount(goods, input.customerType)
  const isFree = itemCount === 0 || (threshold !== null && goodsSeen >= threshold)
  const shippingSplit = splitIncVat(isFree ? 0 : input.shipping.feeIncVat, input.shipping.vatRateBp)
  const amountLeftToFreeShipping = threshold === null ? 0 : Math.max(0, threshold - goodsSeen)
  const paymentSplit = splitIncVat(
    itemCount === 0 ? 0 : (input.paymentFee?.feeIncVat ?? 0),
    input.paymentFee?.vatRateBp ?? 0,
  )

  const vatByRate = new Map<number, Minor>()
  const addVat = (rateBp: number, amount: Minor) =>
    vatByRate.set(rateBp, (vatByRate.get(rateBp) ?? 0) + amount)
  for (const line of lines) addVat(line.vatRateBp, line.final.vat)
  if (shippingSplit.incVat > 0) addVat(input.shipping.vatRateBp, shippingSplit.vat)
  if (paymentSplit.incVat > 0) addVat(input.paymentFee?.vatRateBp ?? 0, paymentSplit.vat)
  const vats = [...vatByRate.entries()]
    .map(([rateBp, amount]) => ({ rateBp, amount }))
    .sort((a, b) => b.rateBp - a.rateBp)

  const fees = add(pair(shippingSplit), pair(paymentSplit))
  const totalRegular = add(regular, fees)
  const totalSelling = add(goods, fees)
  const totalDiscount = sub(totalRegular, totalSelling)

  const available = Math.max(0, input.balanceAvailable)
  const used = Math.min(available, totalSelling.incVat)
  // Balance is a means of payment, not a discount: VAT is unchanged and the ex-VAT amount left
  // to pay shrinks in proportion.
  const usedExVat =
    totalSelling.incVat === 0 ? 0 : Math.round((used * totalSelling.exVat) / totalSelling.incVat)

  return {
    customerType: input.customerType,
    lines,
    itemCount,
    subTotal: { regular, selling, vat: selling.incVat - selling.exVat },
    promoDiscount,
    fixedAmountDiscount,
    goods,
    shipping: { fee: pair(shippingSplit), amountLeftToFreeShipping, isFree },
    paymentFee: pair(paymentSplit),
    total: {
      regular: totalRegular,
      selling: totalSelling,
      discount: totalDiscount,
      vat: totalSelling.incVat - totalSelling.exVat,
      isDiscounted: totalDiscount.incVat > 0,
    },
    vats,
    balance: {
      available,
      used,
      remaining: available - used,
      totalExBalance: { incVat: totalSelling.incVat - used, exVat: totalSelling.exVat - usedExVat },
    },
  }
}

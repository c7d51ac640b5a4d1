/**
 * The money rows a shopper reads add up, everywhere (issue #27, part 1): over markets, customer
 * types (VAT in and ex), campaign prices, promotion codes and bonus vouchers (percentage and fixed
 * amount), gift codes and balance, shipping below and above the free threshold and payment fees,
 * the cart's totals go through the API's presentation (decimals, as GraphQL sends them) into the
 * one presenter of src/shared/order-money.ts, which the mini cart, the checkout, the confirmation
 * page and the account's order detail use; the order e-mail uses it on the stored order. Every
 * total shown is the sum of the rows above it, to the minor unit, and what is left to pay is what
 * placeOrder charges (`total_inc_vat = balance.totalExBalance.incVat`, place-order.ts).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LOCALES, MARKETS, MARKET_ALIASES, type MarketAlias } from '../../../../src/shared/markets'
import { formatMoney } from '../../../../src/shared/money'
import {
  orderMoneyFromCartSummary,
  orderMoneyFromPlacedOrder,
  presentOrderMoney,
  rowsAddUp,
  type MoneyRow,
} from '../../../../src/shared/order-money'
import { LOYALTY_VOUCHER_PREFIX } from '../../../../src/shared/loyalty'
import { presentSummary, type MoneyFormat } from './present'
import { computeCartTotals, type PricingLine } from './summary'
import type { PromoDiscount } from './promo'

const VAT_RATES_BP = [2_550, 2_400, 2_500, 1_400, 1_200, 0]
const LANGUAGE_OF = Object.fromEntries(
  MARKET_ALIASES.map((alias) => [alias, LOCALES[MARKETS[alias].defaultLocale].iso]),
) as Record<MarketAlias, string>

const lineArb = fc
  .record({
    skuId: fc.integer({ min: 1, max: 100_000 }),
    quantity: fc.integer({ min: 1, max: 10 }),
    regular: fc.integer({ min: 100, max: 300_000 }),
    campaignPercent: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 70 })),
    vatRateBp: fc.constantFrom(...VAT_RATES_BP),
  })
  .map((l): PricingLine => ({
    skuId: l.skuId,
    quantity: l.quantity,
    regularUnitPriceIncVat: l.regular,
    sellingUnitPriceIncVat: l.regular - Math.floor((l.regular * l.campaignPercent) / 100),
    vatRateBp: l.vatRateBp,
  }))

const promoArb: fc.Arbitrary<{ discount: PromoDiscount; code: string } | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    discount: fc.oneof(
      fc
        .integer({ min: 1, max: 10_000 })
        .map((percentBp): PromoDiscount => ({ type: 'PERCENTAGE', percentBp })),
      fc
        .integer({ min: 1, max: 50_000 })
        .map((amountIncVat): PromoDiscount => ({ type: 'FIXED_AMOUNT', amountIncVat })),
    ),
    code: fc.constantFrom('WELCOME15', 'bigspender', `${LOYALTY_VOUCHER_PREFIX}-7F3K`, 'lumo10'),
  }),
)

const cartArb = fc.record({
  market: fc.constantFrom<MarketAlias>('fi', 'se', 'no', 'dk'),
  customerType: fc.constantFrom('PERSON' as const, 'ORGANIZATION' as const),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 6 }),
  promo: promoArb,
  shipping: fc.record({
    feeIncVat: fc.integer({ min: 0, max: 9_900 }),
    freeShippingThreshold: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
    vatRateBp: fc.constantFrom(...VAT_RATES_BP),
  }),
  paymentFee: fc.option(
    fc.record({ feeIncVat: fc.integer({ min: 0, max: 1_500 }), vatRateBp: fc.constantFrom(...VAT_RATES_BP) }),
    { nil: undefined },
  ),
  balanceAvailable: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_000 })),
})

/** Each total is the sum of the rows above it, back to the previous total: checked on the formatted text too. */
function expectRowsAddUp(rows: readonly MoneyRow[], format: (amount: number) => string) {
  expect(rowsAddUp(rows)).toBe(true)
  let running = 0
  for (const row of rows) {
    if (!row.isTotal) running += row.amount
    else expect(format(row.amount)).toBe(format(running))
  }
}

describe('money rows', () => {
  it('add up to the total shown, in every VAT view, and leave to pay what placeOrder charges', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const totals = computeCartTotals({
          customerType: cart.customerType,
          lines: cart.lines,
          promo: cart.promo?.discount ?? null,
          shipping: cart.shipping,
          ...(cart.paymentFee ? { paymentFee: cart.paymentFee } : {}),
          balanceAvailable: cart.balanceAvailable,
        })
        const currency = MARKETS[cart.market].currency
        const format: MoneyFormat = {
          currency,
          currencyName: currency,
          currencySymbol: currency,
          languageIso: LANGUAGE_OF[cart.market],
        }
        const summary = presentSummary(totals, format, {
          shipping: { id: 1, name: 'posti', displayName: 'Posti', isDefault: true, isSelected: true },
          payment: null,
        })
        const code = cart.promo?.code ?? null
        const formatIn = (amount: number) => formatMoney(amount, currency, LANGUAGE_OF[cart.market])

        for (const vatIncluded of [true, false]) {
          const money = presentOrderMoney(orderMoneyFromCartSummary(summary, { vatIncluded, code, currency }))
          expectRowsAddUp(money.rows, formatIn)
          const view = vatIncluded ? 'incVat' : 'exVat'
          const byKind = new Map(money.rows.map((row) => [row.kind, row.amount]))
          // the products row is what the lines show (campaign prices), never the regular prices
          expect(byKind.get('products')).toBe(totals.subTotal.selling[view])
          expect(money.campaignSavings).toBe(totals.subTotal.regular[view] - totals.subTotal.selling[view])
          expect(byKind.get('total')).toBe(totals.total.selling[view])
          const codeRow = money.rows.find(
            (row) => row.kind === 'promotionCode' || row.kind === 'bonusVoucher',
          )
          expect(codeRow ? -codeRow.amount : 0).toBe(totals.promoDiscount[view])
          if (codeRow) expect(codeRow.kind === 'bonusVoucher').toBe(code?.startsWith(LOYALTY_VOUCHER_PREFIX))
          const toPay = byKind.get('toPay') ?? byKind.get('total')
          expect(toPay).toBe(totals.balance.totalExBalance[view])
        }

        // the order e-mail, from the order as placeOrder stores it
        const placed = presentOrderMoney(
          orderMoneyFromPlacedOrder({
            rows: totals.lines.map((line, index) => ({
              quantity: line.quantity,
              unitPriceIncVat: cart.lines[index]!.sellingUnitPriceIncVat,
              regularUnitPriceIncVat: cart.lines[index]!.regularUnitPriceIncVat,
            })),
            discountIncVat: totals.promoDiscount.incVat,
            promoCode: code,
            shippingFeeIncVat: totals.shipping.fee.incVat,
            paymentFeeIncVat: totals.paymentFee.incVat,
            fromBalance: totals.balance.used,
            totalIncVat: totals.balance.totalExBalance.incVat,
            vatTotal: totals.total.vat,
          }),
        )
        const checkout = presentOrderMoney(
          orderMoneyFromCartSummary(summary, { vatIncluded: true, code, currency }),
        )
        expectRowsAddUp(placed.rows, formatIn)
        expect(placed.rows).toEqual(checkout.rows)
        expect(placed.campaignSavings).toBe(checkout.campaignSavings)
      }),
      { numRuns: 400 },
    )
  })

  it('a campaign price is told as savings, not subtracted again (the issue’s 44,95 € sandals)', () => {
    const totals = computeCartTotals({
      customerType: 'PERSON',
      lines: [
        {
          skuId: 1,
          quantity: 1,
          regularUnitPriceIncVat: 5_995,
          sellingUnitPriceIncVat: 4_495,
          vatRateBp: 2_550,
        },
      ],
      promo: null,
      shipping: { feeIncVat: 490, freeShippingThreshold: 6_900, vatRateBp: 2_550 },
      paymentFee: { feeIncVat: 295, vatRateBp: 2_550 },
      balanceAvailable: 0,
    })
    const format: MoneyFormat = {
      currency: 'EUR',
      currencyName: 'Euro',
      currencySymbol: '€',
      languageIso: 'fi-FI',
    }
    const summary = presentSummary(totals, format, { shipping: null, payment: null })
    const money = presentOrderMoney(
      orderMoneyFromCartSummary(
        // an order's summary has no selected options, only its fees (orders/present.ts)
        summary,
        { vatIncluded: true, currency: 'EUR' },
      ),
    )
    expect(money.rows.map((row) => [row.kind, row.amount])).toEqual([
      ['products', 4_495],
      ['shipping', 490],
      ['paymentFee', 295],
      ['total', 5_280],
    ])
    expect(money.campaignSavings).toBe(1_500)
  })
})

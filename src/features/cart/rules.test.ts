import { describe, expect, it } from 'vitest'
import { CartApiError } from './errors'
import {
  cartErrorMessage,
  freeShippingProgress,
  isBonusVoucher,
  isLostCart,
  lineChanges,
  maxOrderable,
  shownPrice,
  cartMoney,
  thresholdReached,
  limitedByOrderLimit,
} from './rules'
import { MAX_UNITS_PER_SKU } from '../../shared/order-limits'
import { cartView, item } from './test-cart'

describe('stock limits of a line', () => {
  it('allows what the stock allows, never more than the per-size order limit', () => {
    expect(maxOrderable({ inStock: 5, oversellable: 0, totalStock: 5, static: 0 })).toBe(5)
    expect(maxOrderable({ inStock: 0, oversellable: 0, totalStock: 0, static: 0 })).toBe(0)
    expect(maxOrderable({ inStock: 2, oversellable: 3, totalStock: 5, static: 0 })).toBe(5)
    expect(maxOrderable({ inStock: 157, oversellable: 0, totalStock: 157, static: 0 })).toBe(
      MAX_UNITS_PER_SKU,
    )
    expect(maxOrderable({ inStock: 90, oversellable: 25, totalStock: 115, static: 0 })).toBe(
      MAX_UNITS_PER_SKU,
    )
    expect(maxOrderable({ inStock: 0, oversellable: 0, totalStock: 50, static: 50 })).toBe(MAX_UNITS_PER_SKU)
    expect(limitedByOrderLimit({ inStock: 157, oversellable: 0, totalStock: 157, static: 0 })).toBe(true)
    expect(limitedByOrderLimit({ inStock: 5, oversellable: 0, totalStock: 5, static: 0 })).toBe(false)
  })

  it('the threshold is reached once the line holds all that can be ordered', () => {
    expect(thresholdReached(item({ skuId: 102, quantity: 4 }))).toBe(false)
    expect(thresholdReached(item({ skuId: 102, quantity: 5 }))).toBe(true)
    expect(thresholdReached(item({ skuId: 101, quantity: 5 }))).toBe(false)
    expect(thresholdReached(item({ skuId: 105, quantity: MAX_UNITS_PER_SKU - 1 }))).toBe(false)
    expect(thresholdReached(item({ skuId: 105, quantity: MAX_UNITS_PER_SKU }))).toBe(true)
  })
})

describe('API errors as shopper messages', () => {
  const error = (code: string | null, extensions: Record<string, unknown> = {}) =>
    new CartApiError('x', code, extensions)

  it("too many: 'only {stock} left' with the stock the API reports", () => {
    expect(cartErrorMessage(error('OUT_OF_STOCK', { stock: 3 }), 'add')).toEqual({
      id: 'validation.stock',
      values: { stock: 3 },
    })
    expect(cartErrorMessage(error('OUT_OF_STOCK', { stock: 0 }), 'update')).toEqual({
      id: 'cart.error.outOfStock',
    })
  })

  it('over the order limit: the limit, not the stock', () => {
    const limit = error('BAD_USER_INPUT', { reason: 'QUANTITY_LIMIT', per: 'sku', limit: 10 })
    expect(cartErrorMessage(limit, 'add')).toEqual({ id: 'cart.error.quantityLimit', values: { limit: 10 } })
  })

  it('promo codes: invalid, requirements not met', () => {
    expect(cartErrorMessage(error('InvalidPromoCode'), 'promo', { code: 'NOPE' })).toEqual({
      id: 'cart.promo.invalid',
    })
    expect(cartErrorMessage(error('RequirementsNotMet'), 'promo', { code: 'SAVE10' })).toEqual({
      id: 'cart.promo.requirementsNotMet',
    })
  })

  it('bonus vouchers: invalid, and the 25 euro minimum purchase', () => {
    expect(cartErrorMessage(error('InvalidPromoCode'), 'promo', { code: 'bonus-123' })).toEqual({
      id: 'cart.voucher.invalid',
    })
    expect(
      cartErrorMessage(error('RequirementsNotMet'), 'promo', {
        code: 'BONUS-123',
        voucherMinimum: '25,00 €',
      }),
    ).toEqual({ id: 'cart.voucher.minimumPurchase', values: { amount: '25,00 €' } })
  })

  it('anything else is the generic message', () => {
    expect(cartErrorMessage(error(null), 'add')).toEqual({ id: 'error.generic.text' })
    expect(cartErrorMessage(error('RequirementsNotMet'), 'add')).toEqual({ id: 'error.generic.text' })
  })

  it('a completed or unknown cart is replaced by a new one', () => {
    expect(isLostCart(error('NOT_FOUND'))).toBe(true)
    expect(isLostCart(error('CART_COMPLETED'))).toBe(true)
    expect(isLostCart(error('OUT_OF_STOCK'))).toBe(false)
  })

  it('bonus vouchers are codes with the loyalty prefix, whatever the case', () => {
    expect(isBonusVoucher(' bonus-77 ')).toBe(true)
    expect(isBonusVoucher('WELCOME15')).toBe(false)
  })
})

describe('amounts in the customer’s VAT view', () => {
  it('private persons see VAT-inclusive amounts, business customers VAT-exclusive ones', () => {
    const cart = cartView()
    expect(shownPrice(cart.items[0]?.unitPrice, true)).toBe('59,95 €')
    expect(shownPrice(cart.items[0]?.unitPrice, false)).toBe('47,77 €')
    const rows = (vatIncluded: boolean) =>
      cartMoney(cart, vatIncluded, 'EUR').rows.map((row) => [row.kind, row.amount])
    expect(rows(true)).toEqual([
      ['products', 5995],
      ['shipping', 490],
      ['total', 6485],
    ])
    expect(rows(false)).toEqual([
      ['products', 4777],
      ['shipping', 390],
      ['total', 5167],
    ])
    expect(cartMoney(cart, true, 'EUR')).toMatchObject({ vat: 1318, campaignSavings: 0, addsUp: true })
  })

  it('shows the code’s discount, not the campaign prices inside the lines, free shipping and what is left to pay', () => {
    const base = cartView()
    const summary = base.summary!
    // regular 79,95 €, campaign price 59,95 €, a code takes 9,00 € more; a gift card pays 25,00 €
    const cart = cartView({
      promoCode: 'welcome15',
      summary: {
        ...summary,
        subTotal: { ...summary.subTotal!, regularPriceIncVat: 79.95 },
        shipping: { ...summary.shipping!, feeIncVat: 0, feeExVat: 0, amountLeftToFreeShipping: 0 },
        fees: { ...summary.fees!, shippingFeeIncVat: 0, shippingFeeExVat: 0 },
        total: { ...summary.total!, sellingPriceIncVat: 50.95, discountIncVat: 29 },
        balance: { ...summary.balance!, pending: 25, totalSellingPriceExBalanceIncVat: 25.95 },
      },
    })
    const money = cartMoney(cart, true, 'EUR')
    expect(money.rows).toEqual([
      { kind: 'products', amount: 5995, isTotal: false },
      { kind: 'promotionCode', amount: -900, code: 'WELCOME15', isTotal: false },
      { kind: 'shipping', amount: 0, isTotal: false },
      { kind: 'total', amount: 5095, isTotal: true },
      { kind: 'balance', amount: -2500, isTotal: false },
      { kind: 'toPay', amount: 2595, isTotal: true },
    ])
    expect(money).toMatchObject({ campaignSavings: 2000, addsUp: true })
  })

  it('names a bonus voucher as one', () => {
    const summary = cartView().summary!
    const cart = cartView({
      promoCode: 'BONUS-7F3K',
      summary: { ...summary, total: { ...summary.total!, sellingPriceIncVat: 59.85, discountIncVat: 5 } },
    })
    expect(cartMoney(cart, true, 'EUR').rows[1]).toMatchObject({ kind: 'bonusVoucher', amount: -500 })
  })
})

describe('free-shipping progress', () => {
  it('tells what is left and how far the goods reach', () => {
    expect(freeShippingProgress(cartView(), true)).toEqual({
      reached: false,
      leftFormatted: '9,05 €',
      percent: 87,
    })
  })

  it('is reached at no amount left and no fee; absent for an empty cart or an option without a threshold', () => {
    const summary = cartView().summary!
    const free = cartView({
      summary: { ...summary, shipping: { ...summary.shipping!, amountLeftToFreeShipping: 0, feeIncVat: 0 } },
    })
    expect(freeShippingProgress(free, true)).toMatchObject({ reached: true, percent: 100 })
    expect(freeShippingProgress(cartView({ items: [] }), true)).toBeNull()
    const noThreshold = cartView({
      summary: {
        ...summary,
        shipping: { ...summary.shipping!, amountLeftToFreeShipping: 0, feeIncVat: 9.9 },
      },
    })
    expect(freeShippingProgress(noThreshold, true)).toBeNull()
  })
})

describe('line changes (cart:add / cart:remove)', () => {
  it('reports added, reduced and removed lines', () => {
    const before = { items: [item({ skuId: 101, quantity: 1 }), item({ skuId: 102, quantity: 3 })] }
    const after = { items: [item({ skuId: 101, quantity: 3 }), item({ skuId: 104, quantity: 1 })] }
    expect(lineChanges(before, after).map(({ skuId, delta }) => ({ skuId, delta }))).toEqual([
      { skuId: 101, delta: 2 },
      { skuId: 104, delta: 1 },
      { skuId: 102, delta: -3 },
    ])
    expect(lineChanges(after, after)).toEqual([])
  })
})

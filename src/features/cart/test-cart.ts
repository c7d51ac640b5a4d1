/** Test data in the Cart fragment's shape (unit tests only). */
import type { CartItem, CartPrice, CartView } from './types'

export function price(inc: number, ex = Math.round((inc / 1.255) * 100) / 100, regularInc = inc): CartPrice {
  const format = (amount: number) => `${amount.toFixed(2).replace('.', ',')} €`
  const regularEx = Math.round((regularInc / 1.255) * 100) / 100
  return {
    isDiscounted: regularInc > inc,
    sellingPriceIncVat: inc,
    sellingPriceExVat: ex,
    regularPriceIncVat: regularInc,
    regularPriceExVat: regularEx,
    sellingPriceIncVatFormatted: format(inc),
    sellingPriceExVatFormatted: format(ex),
    regularPriceIncVatFormatted: format(regularInc),
    regularPriceExVatFormatted: format(regularEx),
    vat: Math.round((inc - ex) * 100) / 100,
    discountPercentage: regularInc > inc ? Math.round((1 - inc / regularInc) * 100) : 0,
  }
}

export function item(overrides: Partial<CartItem> & { skuId: number; quantity: number }): CartItem {
  const unit = 59.95
  return {
    id: String(overrides.skuId),
    campaign: null,
    unitPrice: price(unit),
    totalPrice: price(unit * overrides.quantity),
    product: {
      productId: 1,
      articleNumber: 'LU000001',
      brand: { name: 'Lumo Studio' },
      name: 'Musta satiinimekko',
      productImages: [{ fileName: 'lu000001-1.png' }],
      alias: 'musta-satiinimekko-lumo-studio-1',
      canonicalUrl: '/p/musta-satiinimekko-lumo-studio-1',
      primaryCategory: { name: 'Mekot' },
      skus: [
        {
          skuId: 101,
          articleNumber: 'LU000001-34',
          name: '34',
          stock: { inStock: 20, oversellable: 0, totalStock: 20, static: 0 },
        },
        {
          skuId: 102,
          articleNumber: 'LU000001-36',
          name: '36',
          stock: { inStock: 5, oversellable: 0, totalStock: 5, static: 0 },
        },
        {
          skuId: 104,
          articleNumber: 'LU000001-40',
          name: '40',
          stock: { inStock: 0, oversellable: 25, totalStock: 25, static: 0 },
        },
        {
          skuId: 105,
          articleNumber: 'LU000001-42',
          name: '42',
          stock: { inStock: 0, oversellable: 0, totalStock: 50, static: 50 },
        },
      ],
      unitPrice: price(unit),
    },
    ...overrides,
  }
}

export function cartView(overrides: Partial<CartView> = {}): CartView {
  return {
    id: 'cart-1',
    promoCode: null,
    minimumOrderValue: null,
    appliedCampaigns: [],
    items: [item({ skuId: 101, quantity: 1 })],
    summary: {
      fees: { shippingFeeIncVat: 4.9, shippingFeeExVat: 3.9, paymentFeeIncVat: 0, paymentFeeExVat: 0 },
      fixedAmountDiscountIncVat: 0,
      fixedAmountDiscountExVat: 0,
      balance: {
        pending: 0,
        pendingFormatted: '0,00 €',
        totalSellingPriceExBalanceIncVat: 64.85,
        totalSellingPriceExBalanceExVat: 51.67,
        totalSellingPriceExBalanceIncVatFormatted: '64,85 €',
        totalSellingPriceExBalanceExVatFormatted: '51,67 €',
      },
      subTotal: price(59.95),
      shipping: {
        amountLeftToFreeShipping: 9.05,
        amountLeftToFreeShippingFormatted: '9,05 €',
        feeIncVat: 4.9,
        feeExVat: 3.9,
        feeIncVatFormatted: '4,90 €',
        feeExVatFormatted: '3,90 €',
        isDefault: true,
      },
      total: {
        isDiscounted: false,
        sellingPriceIncVat: 64.85,
        sellingPriceExVat: 51.67,
        sellingPriceIncVatFormatted: '64,85 €',
        sellingPriceExVatFormatted: '51,67 €',
        discountIncVat: 0,
        discountExVat: 0,
        discountIncVatFormatted: '0,00 €',
        discountExVatFormatted: '0,00 €',
        vat: 13.18,
        vatFormatted: '13,18 €',
      },
    },
    ...overrides,
  }
}

/** Commerce API answers for the checkout's unit tests (thunks and page). */
import type { CheckoutData } from './types'

export function option(id: number, isSelected = false, name = 'invoice') {
  return {
    id,
    name,
    displayName: `Option ${id}`,
    isSelected,
    isDefault: isSelected,
    paymentType: 'STANDARD' as const,
    checkoutType: 'STANDARD' as const,
    feeIncVatFormatted: '0,00 €',
    feeExVatFormatted: '0,00 €',
    amountLeftToFreeShippingFormatted: null,
    isPickup: false,
    deliveryEstimate: null,
  }
}

export function checkoutData(overrides: Partial<CheckoutData> = {}): CheckoutData {
  return {
    checkoutStatus: 'OK',
    shippingOptions: [option(1, true), option(2)],
    paymentOptions: [option(10, true), option(11, false, 'card')],
    unavailablePaymentOptions: [],
    cart: {
      id: 'cart-1',
      isCompleted: false,
      promoCode: null,
      items: [
        {
          id: 'line-1',
          skuId: 101,
          quantity: 1,
          product: { productId: 1, name: 'Dress', alias: 'dress', brand: null, skus: [] },
          totalPrice: null,
        },
      ],
      summary: null,
    },
    ...overrides,
  }
}

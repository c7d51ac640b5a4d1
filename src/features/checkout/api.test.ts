import { describe, expect, it } from 'vitest'
import { checkoutInput, placeOrderErrorMessage, validationMessage } from './api'
import { emptyCustomerForm } from './slice'

const form = {
  ...emptyCustomerForm(),
  email: ' matti@example.com ',
  firstName: 'Matti',
  lastName: 'Meikäläinen',
  address: 'Mannerheimintie 1',
  zip: '00100',
  city: 'Helsinki',
  phone: '040 123 4567',
  personalId: '131052-308T',
  organizationId: '0112038-9',
  company: 'Lumo Oy',
  message: 'Jätä oven taakse',
  entryCode: 'A1234',
  newsletter: true,
}

describe('checkoutInput', () => {
  it('sends the chosen pickup point with the order, and none without a choice', () => {
    const choices = { form, country: 'FI' as const, shippingId: '1', paymentId: '2', termsAccepted: true }
    expect(checkoutInput({ ...choices, pickupPointId: 'posti-fi-helsinki-03' }).pickupPoint).toBe(
      'posti-fi-helsinki-03',
    )
    expect(checkoutInput({ ...choices, pickupPointId: null }).pickupPoint).toBeUndefined()
  })

  it('maps a private customer to CheckoutInputType', () => {
    expect(
      checkoutInput({ form, country: 'FI', shippingId: '1', paymentId: '2', termsAccepted: true }),
    ).toEqual({
      email: 'matti@example.com',
      customerType: 'PERSON',
      identityNumber: '131052-308T',
      shippingId: 1,
      paymentId: 2,
      message: 'Jätä oven taakse',
      acceptedConsents: ['terms', 'newsletter'],
      merchantData: '{"gender":"UNSPECIFIED"}',
      billingAddress: {
        firstName: 'Matti',
        lastName: 'Meikäläinen',
        careOf: undefined,
        addressLine1: 'Mannerheimintie 1',
        addressLine2: undefined,
        zip: '00100',
        city: 'Helsinki',
        country: 'FI',
        company: undefined,
        mobile: '040 123 4567',
        entryCode: 'A1234',
      },
    })
  })

  it('sends the organisation number and company of an organisation, a normalised zip and the URLs', () => {
    const urls = {
      redirectUrl: 'https://shop.test/se/checkout/confirm',
      checkoutPageUrl: 'https://shop.test/se/kassan',
      termsPageUrl: 'https://shop.test/se/kopvillkor',
    }
    const result = checkoutInput({
      form: { ...form, customerType: 'ORGANIZATION', zip: '114 55' },
      country: 'SE',
      shippingId: null,
      paymentId: 'x',
      termsAccepted: false,
      urls,
    })
    expect(result).toMatchObject({
      customerType: 'ORGANIZATION',
      identityNumber: '0112038-9',
      shippingId: undefined,
      paymentId: undefined,
      checkoutUrls: urls,
      billingAddress: { company: 'Lumo Oy', zip: '11455', country: 'SE' },
    })
  })
})

describe('messages for refused orders', () => {
  it.each([
    [
      { errors: [{ message: 'Customer is blacklisted', extensions: { code: 'FORBIDDEN' } }] },
      'checkout.feedback.blacklisted',
    ],
    [
      { errors: [{ message: 'Email seems to be invalid', extensions: { code: 'BAD_USER_INPUT' } }] },
      'checkout.feedback.invalidEmail',
    ],
    [
      { errors: [{ message: 'Insufficient stock amount', extensions: { code: 'OUT_OF_STOCK' } }] },
      'checkout.error.outOfStock',
    ],
    [
      {
        errors: [{ message: 'The payment method Lasku is not available', extensions: { code: 'FORBIDDEN' } }],
      },
      'checkout.error.userBlocked',
    ],
    [
      {
        errors: [
          { message: 'Korttimaksu is not available right now', extensions: { code: 'PaymentUnavailable' } },
        ],
      },
      'checkout.error.paymentUnavailable',
    ],
    [new Error('Response not successful: Received status code 502'), 'checkout.error.orderNotCreated'],
  ])('%o → %s', (error, message) => {
    expect(placeOrderErrorMessage(error)).toBe(message)
  })

  it('maps validation messages', () => {
    expect(validationMessage('Insufficient stock amount')).toBe('checkout.error.outOfStock')
    expect(validationMessage('Shipping must be selected')).toBe('checkout.feedback.noShipping')
    expect(validationMessage('The cart is empty')).toBe('checkout.error.orderNotCreated')
  })
})

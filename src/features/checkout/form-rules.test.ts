import { describe, expect, it } from 'vitest'
import {
  checkoutErrors,
  customerStatusMessage,
  fieldError,
  firstInvalidField,
  type CheckoutRuleInput,
} from './form-rules'
import { emptyCustomerForm, type CustomerForm } from './slice'

const TODAY = new Date('2026-11-23T12:00:00Z')

const FILLED: CustomerForm = {
  ...emptyCustomerForm(),
  email: 'matti.meikalainen@example.com',
  firstName: 'Matti',
  lastName: 'Meikäläinen',
  address: 'Mannerheimintie 1',
  zip: '00100',
  city: 'Helsinki',
  phone: '+358 40 123 4567',
  personalId: '131052-308T',
}

function input(
  overrides: Partial<CheckoutRuleInput> = {},
  form: Partial<CustomerForm> = {},
): CheckoutRuleInput {
  return {
    form: { ...FILLED, ...form },
    country: 'FI',
    paymentKind: 'invoice',
    shippingId: '1',
    paymentId: '2',
    shippingOptionCount: 2,
    termsAccepted: true,
    ...overrides,
  }
}

describe('checkout form rules', () => {
  it('a complete Finnish private customer paying by invoice has no errors', () => {
    expect(checkoutErrors(input(), TODAY)).toEqual({})
  })

  it('an empty form names every required field with the spec messages, in page order', () => {
    const errors = checkoutErrors(
      input(
        { shippingId: null, paymentId: null, termsAccepted: false, shippingOptionCount: null },
        emptyCustomerForm(),
      ),
      TODAY,
    )
    expect(errors).toEqual({
      email: 'validation.required',
      firstName: 'validation.required',
      lastName: 'validation.required',
      personalId: 'validation.required',
      address: 'validation.required',
      zip: 'validation.checkout.zip',
      city: 'validation.required',
      phone: 'validation.required',
      shipping: 'validation.checkout.shippingMethod',
      payment: 'validation.checkout.paymentMethod',
      terms: 'validation.checkout.terms',
    })
    expect(firstInvalidField(errors)).toBe('email')
  })

  it('checks the e-mail, the phone and the zip of the market country', () => {
    expect(fieldError('email', input({}, { email: 'matti@' }), TODAY)).toBe('validation.email')
    expect(fieldError('phone', input({}, { phone: '123' }), TODAY)).toBe('validation.phone')
    expect(fieldError('zip', input({}, { zip: '0010' }), TODAY)).toBe('validation.zip')
    expect(fieldError('zip', input({ country: 'SE' }, { zip: '114 55' }), TODAY)).toBeUndefined()
    expect(fieldError('zip', input({ country: 'SE' }, { zip: '00100' }), TODAY)).toBe('validation.zip')
    expect(fieldError('zip', input({ country: 'NO' }, { zip: '0150' }), TODAY)).toBeUndefined()
    expect(fieldError('zip', input({ country: 'DK' }, { zip: '1050' }), TODAY)).toBeUndefined()
  })

  it('needs the personal id for invoice only, and checks it whenever it is given', () => {
    expect(
      fieldError('personalId', input({ paymentKind: 'card' }, { personalId: '' }), TODAY),
    ).toBeUndefined()
    expect(fieldError('personalId', input({ paymentKind: 'invoice' }, { personalId: '' }), TODAY)).toBe(
      'validation.required',
    )
    expect(
      fieldError('personalId', input({ paymentKind: 'card' }, { personalId: '131052-308A' }), TODAY),
    ).toBe('validation.personalId')
    // a Swedish personnummer is not a Finnish henkilötunnus
    expect(fieldError('personalId', input({}, { personalId: '811218-9876' }), TODAY)).toBe(
      'validation.personalId',
    )
    expect(
      fieldError('personalId', input({ country: 'SE' }, { personalId: '811218-9876', zip: '114 55' }), TODAY),
    ).toBeUndefined()
  })

  it('an organisation needs its name and a valid organisation number of the country, not a personal id', () => {
    const organisation = { customerType: 'ORGANIZATION' as const, personalId: '' }
    expect(checkoutErrors(input({}, organisation), TODAY)).toEqual({
      company: 'validation.required',
      organizationId: 'validation.required',
    })
    expect(
      checkoutErrors(input({}, { ...organisation, company: 'Lumo Oy', organizationId: '0112038-8' }), TODAY),
    ).toEqual({ organizationId: 'validation.organizationId' })
    expect(
      checkoutErrors(input({}, { ...organisation, company: 'Lumo Oy', organizationId: '0112038-9' }), TODAY),
    ).toEqual({})
    expect(
      checkoutErrors(
        input(
          { country: 'DK' },
          { ...organisation, zip: '1050', company: 'Lumo ApS', organizationId: '24256790' },
        ),
        TODAY,
      ),
    ).toEqual({})
  })

  it('tells a zip without shipping options apart from a missing choice', () => {
    expect(fieldError('shipping', input({ shippingOptionCount: 0, shippingId: null }), TODAY)).toBe(
      'checkout.feedback.noShipping',
    )
    expect(fieldError('shipping', input({ shippingId: null }), TODAY)).toBe(
      'validation.checkout.shippingMethod',
    )
  })
})

describe('checkout feedback for the customer status', () => {
  it.each([
    ['ok', undefined],
    ['blacklisted', 'checkout.feedback.blacklisted'],
    ['invalidemail', 'checkout.feedback.invalidEmail'],
    ['limited', 'checkout.feedback.limited'],
    ['debt', 'checkout.feedback.limited'],
  ])('%s → %s', (status, message) => {
    expect(customerStatusMessage(status)).toBe(message)
  })
})

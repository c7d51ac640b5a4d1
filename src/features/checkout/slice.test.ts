import { describe, expect, it } from 'vitest'
import {
  checkoutReducer,
  customerMayContinue,
  customerStatusFrom,
  formChanged,
  initialCheckoutState,
  pickupPointSelected,
  shippingSelected,
  validationFinished,
} from './slice'

describe('the pickup point follows the shipping option', () => {
  it('is cleared when the shopper picks another option, and kept when the same one is picked again', () => {
    let state = checkoutReducer(initialCheckoutState, shippingSelected('1'))
    state = checkoutReducer(state, pickupPointSelected('posti-fi-001'))
    expect(checkoutReducer(state, shippingSelected('1')).pickupPointId).toBe('posti-fi-001')
    // home delivery: the order must not carry the pickup option's point (the API refuses it)
    expect(checkoutReducer(state, shippingSelected('2')).pickupPointId).toBeNull()
  })
})

describe('customer status from order validation', () => {
  it.each([
    [{ isValid: false, message: 'Customer is blacklisted' }, 'blacklisted'],
    [{ isValid: false, message: 'Email seems to be invalid' }, 'invalidemail'],
    [
      { isValid: true, memberType: 'NOCREDIT - SERIALRETURNER', paymentType: 'DirectInvoice' },
      'serialreturner',
    ],
    [{ isValid: true, memberType: 'NOCREDIT', paymentType: 'Loan' }, 'limited'],
    [{ isValid: true, memberType: 'NOCREDIT-', paymentType: 'Loan' }, 'limited'],
    [{ isValid: true, memberType: 'NOCREDIT-FRAUD', paymentType: 'Card' }, 'ok'],
    [{ isValid: true, memberType: 'MEMBER', paymentType: 'DirectInvoice' }, 'ok'],
    [{ isValid: true }, 'ok'],
  ])('%o → %s', (validation, expected) => {
    expect(customerStatusFrom(validation)).toBe(expected)
  })

  it('only ok continues', () => {
    expect(customerMayContinue('ok')).toBe(true)
    expect(customerMayContinue('limited')).toBe(false)
  })

  it('stores the derived status', () => {
    const state = checkoutReducer(
      initialCheckoutState,
      validationFinished({ message: 'Customer is blacklisted' }),
    )
    expect(state.customerStatus).toBe('blacklisted')
  })

  it('merges form changes', () => {
    const state = checkoutReducer(initialCheckoutState, formChanged({ zip: '00100', city: 'Helsinki' }))
    expect(state.form).toMatchObject({ zip: '00100', city: 'Helsinki', firstName: '', gender: 'UNSPECIFIED' })
  })
})

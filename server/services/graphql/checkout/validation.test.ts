import { describe, expect, it } from 'vitest'
import { fieldErrors, isValidEmail } from './validation'
import { deliverableOptions, markSelected, normaliseZip, zipRuleMatches } from './options'
import type { ShippingChoice } from '../cart/load'

const offered = { paymentIds: [1, 2], shippingIds: [1] }
const complete = {
  email: 'a@example.com',
  paymentId: 2,
  shippingId: 1,
  billingAddress: {
    firstName: 'A',
    lastName: 'B',
    addressLine1: 'C 1',
    zip: '00100',
    city: 'Helsinki',
    country: 'FI',
  },
}

describe('fieldErrors', () => {
  it('accepts a complete checkout', () => {
    expect(fieldErrors(complete, 'FI', offered)).toEqual([])
  })

  it('reports the Geins messages in order', () => {
    expect(fieldErrors({}, 'FI', offered)).toEqual([
      'First name is required',
      'Last name is required',
      'Address is required',
      'City is required',
      'Zip is required',
      'Payment must be selected',
      'Shipping must be selected',
    ])
    expect(
      fieldErrors(
        { ...complete, billingAddress: { ...complete.billingAddress, firstName: '  ' } },
        'FI',
        offered,
      ),
    ).toEqual(['First name is required'])
  })

  it('refuses addresses in another country and options that are not offered', () => {
    expect(
      fieldErrors(
        { ...complete, billingAddress: { ...complete.billingAddress, country: 'se' } },
        'FI',
        offered,
      ),
    ).toEqual(['Invalid Billing Country'])
    expect(fieldErrors({ ...complete, shippingAddress: { country: 'NO' } }, 'FI', offered)).toEqual([
      'Invalid Shipping Country',
    ])
    expect(fieldErrors({ ...complete, shippingId: 7 }, 'FI', offered)).toEqual(['Shipping must be selected'])
  })
})

describe('customer status inputs', () => {
  it('validates e-mails', () => {
    expect(isValidEmail('matti@example.fi')).toBe(true)
    expect(isValidEmail('matti@')).toBe(false)
    expect(isValidEmail('no-at-sign')).toBe(false)
  })
})

describe('shipping options per zip', () => {
  const option = (id: number, isDefault = false): ShippingChoice => ({
    id,
    name: `o${id}`,
    displayName: `O${id}`,
    feeIncVat: 490,
    vatRateBp: 2550,
    freeShippingThreshold: 6900,
    isDefault,
    isSelected: false,
  })
  const options = [option(1, true), option(2)]

  it('matches zip ranges as equal-length digit strings', () => {
    const rule = { shippingOptionId: null, zipFrom: '22000', zipTo: '22999' }
    expect(zipRuleMatches(rule, '22100')).toBe(true)
    expect(zipRuleMatches(rule, '21999')).toBe(false)
    expect(zipRuleMatches(rule, '2210')).toBe(false)
    expect(normaliseZip(' 22 100 ')).toBe('22100')
  })

  it('drops every option for a no-delivery zip, or only the named one', () => {
    expect(
      deliverableOptions(options, [{ shippingOptionId: null, zipFrom: '22000', zipTo: '22999' }], '22100'),
    ).toEqual([])
    expect(
      deliverableOptions(options, [{ shippingOptionId: 2, zipFrom: '22000', zipTo: '22999' }], '22100').map(
        (o) => o.id,
      ),
    ).toEqual([1])
    expect(
      deliverableOptions(options, [{ shippingOptionId: null, zipFrom: '22000', zipTo: '22999' }], ''),
    ).toHaveLength(2)
  })

  it('selects the wanted option, else the default', () => {
    expect(markSelected(options, 2).map((o) => o.isSelected)).toEqual([false, true])
    expect(markSelected(options, 9).map((o) => o.isSelected)).toEqual([true, false])
  })
})

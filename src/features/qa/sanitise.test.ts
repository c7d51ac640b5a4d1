import { describe, expect, it } from 'vitest'
import { REDACTED, sanitiseAction, sanitiseState } from './sanitise'

const state = {
  auth: { user: { id: 'u-1', email: 'anna@example.com', customerType: 'PERSON' }, status: 'loggedIn' },
  checkout: {
    form: {
      customerType: 'PERSON',
      email: 'anna@example.com',
      firstName: 'Anna',
      lastName: 'Virtanen',
      phone: '+358401234567',
      address: 'Mannerheimintie 1',
      address2: '',
      zip: '00100',
      city: 'Helsinki',
      country: 'FI',
      personalId: '010190-123A',
      message: 'Ovikoodi 1234',
      newsletter: true,
    },
  },
  cart: {
    id: '7a1f3c5e-0000-4000-8000-000000000001',
    data: {
      id: '7a1f3c5e-0000-4000-8000-000000000001',
      items: [{ skuId: 11, quantity: 2, product: { name: 'Aurora mekko', brand: { name: 'Aurora' } } }],
    },
    status: 'loaded',
  },
  loyalty: { id: 'loyal-9', discoveryKey: 'dk-1', softLoginEmail: 'anna@example.com', points: 120 },
  global: { currentPath: '/fi/p/aurora-mekko', online: true },
}

describe('the state sanitiser', () => {
  const clean = sanitiseState(state)

  it('removes names, e-mail, phone, addresses, personal ids and the order message', () => {
    expect(clean.checkout.form).toMatchObject({
      email: REDACTED,
      firstName: REDACTED,
      lastName: REDACTED,
      phone: REDACTED,
      address: REDACTED,
      zip: REDACTED,
      city: REDACTED,
      personalId: REDACTED,
      message: REDACTED,
    })
    expect(clean.auth.user).toMatchObject({ id: REDACTED, email: REDACTED, customerType: 'PERSON' })
    expect(clean.loyalty).toMatchObject({ id: REDACTED, discoveryKey: REDACTED, softLoginEmail: REDACTED })
  })

  it('removes the cart id (a capability) but keeps what the page shows', () => {
    expect(clean.cart.id).toBe(REDACTED)
    expect(clean.cart.data.id).toBe(REDACTED)
    expect(clean.cart.data.items).toEqual(state.cart.data.items)
    expect(clean.global).toEqual(state.global)
    expect(clean.checkout.form).toMatchObject({ customerType: 'PERSON', country: 'FI', newsletter: true })
  })

  it('keeps empty fields empty and leaves the input untouched', () => {
    expect(clean.checkout.form.address2).toBe('')
    expect(state.checkout.form.email).toBe('anna@example.com')
  })

  it('finds nothing personal left anywhere in the output', () => {
    const text = JSON.stringify(clean)
    for (const secret of [
      'anna@example.com',
      'Virtanen',
      '+358401234567',
      'Mannerheimintie',
      '010190-123A',
      'Ovikoodi',
      '7a1f3c5e',
      'dk-1',
    ])
      expect(text).not.toContain(secret)
  })
})

describe('the action sanitiser', () => {
  it('redacts personal fields and tokens in payloads and thunk arguments, keeping the type', () => {
    const action = sanitiseAction({
      type: 'auth/connected',
      payload: { user: { email: 'anna@example.com', firstName: 'Anna' }, token: 'eyJhbGciOi', maxAge: 900 },
      meta: { arg: { password: 'digest', zip: '00100' } },
    })
    expect(action).toEqual({
      type: 'auth/connected',
      payload: { user: { email: REDACTED, firstName: REDACTED }, token: REDACTED, maxAge: 900 },
      meta: { arg: { password: REDACTED, zip: REDACTED } },
    })
  })

  it('redacts whole addresses given as objects', () => {
    const action = sanitiseAction({
      type: 'checkout/prefilled',
      payload: { billingAddress: { firstName: 'Anna', zip: '00100', country: 'FI' } },
    })
    expect(action.payload.billingAddress).toEqual({ firstName: REDACTED, zip: REDACTED, country: REDACTED })
  })

  it('leaves actions without personal data as they are', () => {
    const action = { type: 'list/selectionSaved', payload: { routeName: 'category', page: 2 } }
    expect(sanitiseAction(action)).toEqual(action)
  })
})

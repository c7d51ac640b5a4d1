import { describe, expect, it } from 'vitest'
import type { DocumentNode } from 'graphql'
import { makeStore } from '../../app/store'
import { userRestored } from '../auth/slice'
import { emptyCustomerForm, formChanged } from './slice'
import { customerFormFromUser, prefillChanges, type CheckoutUser } from './prefill'
import { prefillCustomerForm, type CheckoutApollo } from './thunks'

const AINO: CheckoutUser = {
  id: 'u-aino',
  email: 'aino@example.com',
  customerType: 'PERSON',
  personalId: '131052-308T',
  organizationId: null,
  address: {
    firstName: 'Aino',
    lastName: 'Asiakas',
    careOf: '',
    addressLine1: 'Mannerheimintie 1',
    addressLine2: '',
    zip: '00100',
    city: 'Helsinki',
    country: 'FI',
    company: '',
    mobile: '',
    phone: '0401234567',
    entryCode: '',
  },
}

describe('customerFormFromUser', () => {
  it("maps the account's e-mail, personal id and address onto the form", () => {
    expect(customerFormFromUser(AINO)).toMatchObject({
      email: 'aino@example.com',
      customerType: 'PERSON',
      personalId: '131052-308T',
      firstName: 'Aino',
      lastName: 'Asiakas',
      address: 'Mannerheimintie 1',
      zip: '00100',
      city: 'Helsinki',
      phone: '0401234567',
    })
  })
})

describe('prefillChanges', () => {
  it('fills only the empty fields', () => {
    const form = { ...emptyCustomerForm(), email: 'typed@example.com', city: '  ' }
    const changes = prefillChanges(form, customerFormFromUser(AINO))
    expect(changes.email).toBeUndefined()
    expect(changes.city).toBe('Helsinki')
    expect(changes.personalId).toBe('131052-308T')
    expect(changes.careOf).toBeUndefined()
  })

  it('takes the customer type of the account only while the form is untouched', () => {
    const business = customerFormFromUser({
      ...AINO,
      customerType: 'ORGANIZATION',
      organizationId: '1234567-1',
    })
    expect(prefillChanges(emptyCustomerForm(), business).customerType).toBe('ORGANIZATION')
    expect(prefillChanges({ ...emptyCustomerForm(), zip: '00200' }, business).customerType).toBeUndefined()
  })
})

function apolloAnswering(user: CheckoutUser | null | Error) {
  const calls: { name: string; fetchPolicy?: string }[] = []
  const apollo = {
    query: async (options: { query: DocumentNode; fetchPolicy?: string }) => {
      const definition = options.query.definitions[0]
      calls.push({
        name: definition && 'name' in definition ? (definition.name?.value ?? '') : '',
        ...(options.fetchPolicy ? { fetchPolicy: options.fetchPolicy } : {}),
      })
      if (user instanceof Error) throw user
      return { data: { getUser: user } }
    },
  } as unknown as CheckoutApollo
  return { calls, getApollo: async () => apollo }
}

function loggedInStore(id = AINO.id) {
  const store = makeStore(undefined, { devTools: false })
  store.dispatch(userRestored({ id, email: AINO.email, customerType: 'PERSON', memberType: null }))
  return store
}

describe('prefillCustomerForm', () => {
  it("fills a logged-in customer's form from getUser, never from the cache", async () => {
    const store = loggedInStore()
    store.dispatch(formChanged({ lastName: 'Oma' }))
    const api = apolloAnswering(AINO)
    await store.dispatch(prefillCustomerForm(api.getApollo))
    expect(api.calls).toEqual([{ name: 'checkoutUser', fetchPolicy: 'no-cache' }])
    const { form } = store.getState().checkout
    expect(form.email).toBe('aino@example.com')
    expect(form.personalId).toBe('131052-308T')
    expect(form.address).toBe('Mannerheimintie 1')
    expect(form.lastName).toBe('Oma')
  })

  it('asks nothing for a guest, and leaves the form as it is when the API fails or answers another user', async () => {
    const guest = makeStore(undefined, { devTools: false })
    const api = apolloAnswering(AINO)
    await guest.dispatch(prefillCustomerForm(api.getApollo))
    expect(api.calls).toEqual([])

    for (const answer of [new Error('down'), null, { ...AINO, id: 'u-other' }]) {
      const store = loggedInStore()
      await store.dispatch(prefillCustomerForm(apolloAnswering(answer).getApollo))
      expect(store.getState().checkout.form).toEqual(emptyCustomerForm())
    }
  })
})

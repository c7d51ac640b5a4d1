import { describe, expect, it } from 'vitest'
import type { DocumentNode } from 'graphql'
import { makeStore } from '../../app/store'
import { cartLoaded, cartRestored } from '../cart/slice'
import { cartView } from '../cart/test-cart'
import { asCartData } from '../cart/view'
import { channelInitialised } from '../channel/slice'
import { voucherIdSet } from '../loyalty/slice'
import { checkoutData, option } from './test-fixtures'
import { checkoutChoicesOf, formChanged, paymentSelected, shippingSelected } from './slice'
import { confirmPlacedOrder, loadCheckout, refreshCheckout, submitOrder, type CheckoutApollo } from './thunks'

type Variables = Record<string, unknown>
type Answer = (variables: Variables) => unknown

function operationName(document: DocumentNode): string {
  const definition = document.definitions.find((node) => node.kind === 'OperationDefinition')
  return definition && 'name' in definition ? (definition.name?.value ?? '') : ''
}

const graphqlError = (message: string, code?: string) =>
  Object.assign(new Error(message), { errors: [{ message, extensions: code ? { code } : {} }] })

/** A commerce API in memory: each operation answers with the data (or throws) it is given. */
function fakeApollo(answers: Record<string, Answer>) {
  const calls: { name: string; variables: Variables }[] = []
  const run = async (document: DocumentNode, variables: Variables = {}) => {
    const name = operationName(document)
    calls.push({ name, variables })
    const answer = answers[name]
    if (!answer) throw new Error(`unexpected operation ${name}`)
    return { data: { [name]: answer(variables) } }
  }
  const apollo = {
    query: (options: { query: DocumentNode; variables?: Variables }) => run(options.query, options.variables),
    mutate: (options: { mutation: DocumentNode; variables?: Variables }) =>
      run(options.mutation, options.variables),
  } as unknown as CheckoutApollo
  return { apollo, calls, getApollo: async () => apollo }
}

/** The store of a server render: the cart cookie's id, the cart not loaded yet (server-state.ts). */
function storeWithCart(id: string | null = 'cart-1') {
  const store = makeStore(undefined, { devTools: false })
  store.dispatch(cartRestored(id))
  return store
}

/** The store of a client-side navigation: the cart is in the store already. */
function storeWithLoadedCart() {
  const store = storeWithCart()
  store.dispatch(cartLoaded(asCartData(cartView())))
  return store
}

/** checkoutPreview's answer, with the Cart fragment's cart when the loader asks for it. */
const previewAnswer =
  (cart = cartView()) =>
  (variables: Variables) => ({
    ...checkoutData(),
    ...(variables.withCart === true ? { shopperCart: cart } : {}),
  })

describe('loadCheckout (the /kassa loader)', () => {
  it('on the server: one preview prices the cart once for the checkout and for the header and drawer', async () => {
    const store = storeWithCart()
    const cart = cartView({ promoCode: 'BONUS-7' })
    const api = fakeApollo({ checkoutPreview: previewAnswer(cart) })
    await store.dispatch(loadCheckout(api.apollo, 'fi'))
    const state = store.getState()
    expect(state.checkout.load).toBe('ready')
    expect(state.checkout.options?.cart?.id).toBe('cart-1')
    // the checkout keeps its own fragment; the Cart fragment's cart goes to the cart, as getCart's would
    expect(state.checkout.options).not.toHaveProperty('shopperCart')
    expect(state.cart).toMatchObject({ id: 'cart-1', status: 'loaded', data: cart })
    expect(state.checkout.shippingId).toBe('1')
    expect(state.checkout.paymentId).toBe('10')
    // one preview, which saves nothing and prices the API's selection itself (ADR 0042)
    expect(api.calls).toEqual([
      {
        name: 'checkoutPreview',
        variables: expect.objectContaining({
          cartId: 'cart-1',
          withCart: true,
          checkout: expect.objectContaining({ shippingId: undefined, paymentId: undefined }),
        }),
      },
    ])
  })

  it("keeps the loyalty voucher id only while the previewed cart's code is that voucher", async () => {
    const kept = storeWithCart()
    kept.dispatch(voucherIdSet('BONUS-7'))
    await kept.dispatch(
      loadCheckout(
        fakeApollo({ checkoutPreview: previewAnswer(cartView({ promoCode: 'BONUS-7' })) }).apollo,
        'fi',
      ),
    )
    expect(kept.getState().loyalty.voucherId).toBe('BONUS-7')
    const dropped = storeWithCart()
    dropped.dispatch(voucherIdSet('BONUS-7'))
    await dropped.dispatch(loadCheckout(fakeApollo({ checkoutPreview: previewAnswer() }).apollo, 'fi'))
    expect(dropped.getState().loyalty.voucherId).toBeNull()
  })

  it('after a client-side navigation: previews without the cart and leaves the loaded cart as it is', async () => {
    const store = storeWithLoadedCart()
    const before = store.getState().cart
    store.dispatch(shippingSelected('1'))
    store.dispatch(paymentSelected('10'))
    const api = fakeApollo({ checkoutPreview: previewAnswer() })
    await store.dispatch(loadCheckout(api.apollo, 'fi'))
    expect(store.getState().checkout.load).toBe('ready')
    expect(store.getState().cart).toBe(before)
    expect(api.calls).toEqual([
      {
        name: 'checkoutPreview',
        variables: expect.objectContaining({
          checkout: expect.objectContaining({ shippingId: 1, paymentId: 10 }),
        }),
      },
    ])
    expect(api.calls[0]?.variables).not.toHaveProperty('withCart')
  })

  it('leaves a cart priced in another checkout market to its getCart', async () => {
    const store = storeWithCart()
    store.dispatch(channelInitialised({ market: 'fi', checkoutMarket: 'se', locale: 'fi', urlMode: 'path' }))
    const api = fakeApollo({ checkoutPreview: previewAnswer() })
    await store.dispatch(loadCheckout(api.apollo, 'fi'))
    expect(api.calls[0]?.variables).not.toHaveProperty('withCart')
    expect(store.getState().cart).toMatchObject({ id: 'cart-1', status: 'loading', data: null })
    expect(store.getState().checkout.load).toBe('ready')
  })

  it('is empty without a cart, and asks the API nothing', async () => {
    const store = storeWithCart(null)
    const api = fakeApollo({})
    await store.dispatch(loadCheckout(api.apollo, 'fi'))
    expect(store.getState().checkout.load).toBe('empty')
    expect(api.calls).toEqual([])
  })

  it('is empty when the cart in the store has no lines', async () => {
    const store = storeWithCart()
    store.dispatch(cartLoaded({ id: 'cart-1', items: [] }))
    const api = fakeApollo({})
    await store.dispatch(loadCheckout(api.apollo, 'fi'))
    expect(store.getState().checkout.load).toBe('empty')
  })

  it('is empty when the previewed cart has no lines; the cart is that empty cart', async () => {
    const store = storeWithCart()
    const empty = cartView({ items: [] })
    await store.dispatch(loadCheckout(fakeApollo({ checkoutPreview: previewAnswer(empty) }).apollo, 'fi'))
    expect(store.getState().checkout).toMatchObject({ load: 'empty', options: null })
    expect(store.getState().cart).toMatchObject({ id: 'cart-1', status: 'loaded', data: empty })
  })

  it.each([
    ['already an order', 'CART_COMPLETED'],
    ["unknown, or another customer's", 'NOT_FOUND'],
  ])('starts an empty cart and an empty checkout when the cart is %s', async (_case, code) => {
    const store = storeWithCart()
    store.dispatch(voucherIdSet('BONUS-7'))
    const api = fakeApollo({
      checkoutPreview: () => {
        throw graphqlError('no such cart', code)
      },
    })
    await store.dispatch(loadCheckout(api.apollo, 'fi'))
    const state = store.getState()
    expect(state.checkout).toMatchObject({ load: 'empty', options: null })
    // as the header's getCart did: the browser drops the cookie of the cart the server found unusable
    expect(state.cart).toMatchObject({ id: null, status: 'empty', data: null, lostId: 'cart-1' })
    expect(state.loyalty.voucherId).toBeNull()
  })

  it('fails (the page offers a retry) when the API fails otherwise, leaving the cart for the browser to load', async () => {
    const store = storeWithCart()
    store.dispatch(voucherIdSet('BONUS-7'))
    const api = fakeApollo({
      checkoutPreview: () => {
        throw new Error('network down')
      },
    })
    await store.dispatch(loadCheckout(api.apollo, 'fi'))
    expect(store.getState().checkout.load).toBe('failed')
    expect(store.getState().cart).toMatchObject({ id: 'cart-1', status: 'loading', data: null })
    expect(store.getState().loyalty.voucherId).toBe('BONUS-7')
  })
})

describe('refreshCheckout', () => {
  it('sends only a complete zip', async () => {
    const store = storeWithCart()
    const api = fakeApollo({ createOrUpdateCheckout: () => checkoutData() })
    store.dispatch(formChanged({ zip: '001' }))
    await store.dispatch(refreshCheckout(api.getApollo, checkoutChoicesOf(store.getState().checkout, 'FI')))
    store.dispatch(formChanged({ zip: '00100' }))
    await store.dispatch(refreshCheckout(api.getApollo, checkoutChoicesOf(store.getState().checkout, 'FI')))
    const zips = api.calls.map(
      (call) => (call.variables.checkout as { billingAddress: { zip?: string } }).billingAddress.zip,
    )
    expect(zips).toEqual([undefined, '00100'])
  })

  it('keeps the newest answer when an older one arrives later', async () => {
    const store = storeWithCart()
    // each call waits until the test releases its answer
    const releases: (() => void)[] = []
    let bothAsked!: () => void
    const asked = new Promise<void>((resolve) => (bothAsked = resolve))
    const apollo = {
      mutate: async () => {
        const answer = releases.length === 0 ? checkoutData({ shippingOptions: [] }) : checkoutData()
        const released = new Promise<void>((resolve) => releases.push(resolve))
        if (releases.length === 2) bothAsked()
        await released
        return { data: { createOrUpdateCheckout: answer } }
      },
    } as unknown as CheckoutApollo
    const choices = checkoutChoicesOf(store.getState().checkout, 'FI')
    const first = store.dispatch(refreshCheckout(async () => apollo, choices))
    const second = store.dispatch(refreshCheckout(async () => apollo, choices))
    await asked
    releases[1]!()
    await second
    releases[0]!()
    await first
    expect(store.getState().checkout.options?.shippingOptions).toHaveLength(2)
  })

  it('keeps a choice the answer still offers and notes a payment taken away (limited customer)', async () => {
    const store = storeWithCart()
    store.dispatch(shippingSelected('2'))
    store.dispatch(paymentSelected('11'))
    const api = fakeApollo({
      createOrUpdateCheckout: () => checkoutData({ paymentOptions: [option(10, true)] }),
    })
    await store.dispatch(refreshCheckout(api.getApollo, checkoutChoicesOf(store.getState().checkout, 'FI')))
    const { checkout } = store.getState()
    expect(checkout.shippingId).toBe('2')
    expect(checkout.paymentId).toBe('10')
    expect(checkout.paymentsLimited).toBe(true)
  })
})

describe('submitOrder', () => {
  const valid = () => ({ isValid: true, message: null, memberType: null, paymentType: null })
  const choicesOf = (store: ReturnType<typeof storeWithCart>) =>
    checkoutChoicesOf(store.getState().checkout, 'FI')

  it('places an invoice order: confirmed, with the checkout and the cart reset', async () => {
    const store = storeWithCart()
    store.dispatch(formChanged({ email: 'a@example.com' }))
    const api = fakeApollo({
      validateOrderCreation: valid,
      placeOrder: () => ({ orderId: '1', publicId: 'p-1', status: 'completed', redirectUrl: null }),
    })
    const outcome = await store.dispatch(submitOrder(api.getApollo, choicesOf(store)))
    expect(outcome).toEqual({ kind: 'confirmed', publicId: 'p-1' })
    expect(store.getState().checkout.form.email).toBe('')
    expect(store.getState().cart.id).toBeNull()
    expect(api.calls.map((call) => call.name)).toEqual(['validateOrderCreation', 'placeOrder'])
  })

  it('sends a card order to the payment page and subscribes to the newsletter when asked', async () => {
    const store = storeWithCart()
    store.dispatch(formChanged({ email: ' a@example.com ', newsletter: true }))
    const api = fakeApollo({
      validateOrderCreation: valid,
      placeOrder: () => ({ orderId: '1', publicId: 'p-1', status: 'pending', redirectUrl: '/pay/p-1' }),
      subscribeToNewsletter: () => true,
    })
    const outcome = await store.dispatch(submitOrder(api.getApollo, choicesOf(store)))
    expect(outcome).toEqual({ kind: 'payment', redirectUrl: '/pay/p-1' })
    expect(api.calls.at(-1)).toEqual({ name: 'subscribeToNewsletter', variables: { email: 'a@example.com' } })
    expect(store.getState().checkout.status).toBe('placing')
  })

  it('stops a blacklisted customer with the message, without placing the order', async () => {
    const store = storeWithCart()
    const api = fakeApollo({
      validateOrderCreation: () => ({ ...valid(), isValid: false, message: 'Customer is blacklisted' }),
    })
    const outcome = await store.dispatch(submitOrder(api.getApollo, choicesOf(store)))
    expect(outcome).toEqual({ kind: 'refused', message: 'checkout.feedback.blacklisted' })
    expect(store.getState().checkout.customerStatus).toBe('blacklisted')
    expect(api.calls.map((call) => call.name)).toEqual(['validateOrderCreation'])
  })

  it('marks the e-mail field for an invalid e-mail and asks for the options again', async () => {
    const store = storeWithCart()
    const api = fakeApollo({
      validateOrderCreation: () => ({ ...valid(), isValid: false, message: 'Email seems to be invalid' }),
      createOrUpdateCheckout: () => checkoutData(),
    })
    const optionsArrived = new Promise<void>((resolve) => {
      const unsubscribe = store.subscribe(() => {
        if (store.getState().checkout.options) resolve(unsubscribe())
      })
    })
    const outcome = await store.dispatch(submitOrder(api.getApollo, choicesOf(store)))
    expect(outcome).toEqual({
      kind: 'refused',
      message: 'checkout.feedback.invalidEmail',
      fieldErrors: { email: 'checkout.feedback.invalidEmail' },
    })
    // the options are asked for in the background; the message does not wait for them
    await optionsArrived
    expect(api.calls.map((call) => call.name)).toEqual(['validateOrderCreation', 'createOrUpdateCheckout'])
  })

  it('reports a failed validation request as failed (the error page) and marks the state', async () => {
    const store = storeWithCart()
    const failure = new Error('network down')
    const api = fakeApollo({
      validateOrderCreation: () => {
        throw failure
      },
    })
    const outcome = await store.dispatch(submitOrder(api.getApollo, choicesOf(store)))
    expect(outcome).toEqual({ kind: 'failed', error: failure })
    expect(store.getState().checkout.status).toBe('error')
  })

  it('turns a refused placeOrder into its message', async () => {
    const store = storeWithCart()
    const api = fakeApollo({
      validateOrderCreation: valid,
      placeOrder: () => {
        throw graphqlError('sold out', 'OUT_OF_STOCK')
      },
    })
    const outcome = await store.dispatch(submitOrder(api.getApollo, choicesOf(store)))
    expect(outcome).toEqual({ kind: 'refused', message: 'checkout.error.outOfStock' })
    expect(store.getState().checkout.status).toBe('error')
  })

  it('says how long to wait when placeOrder meets the abuse limit', async () => {
    const store = storeWithCart()
    const api = fakeApollo({
      validateOrderCreation: valid,
      placeOrder: () => {
        throw {
          errors: [{ message: 'Too many', extensions: { code: 'TOO_MANY_REQUESTS', retryAfter: 600 } }],
        }
      },
    })
    const outcome = await store.dispatch(submitOrder(api.getApollo, choicesOf(store)))
    expect(outcome).toEqual({ kind: 'refused', message: 'error.tooManyAttempts', values: { minutes: 10 } })
  })
})

describe('confirmPlacedOrder (the confirmation page)', () => {
  const purchase = {
    orderId: '1',
    currency: 'EUR',
    email: null,
    firstName: null,
    lastName: null,
    zip: null,
    discountIncVat: 0,
    shippingFeeIncVat: 0,
    rows: [],
  }

  it("records the confirmation and completes the order's cart", async () => {
    const store = storeWithCart()
    const api = fakeApollo({ confirmCompleteCart: () => ({ id: 'cart-1', isCompleted: true }) })
    await store.dispatch(confirmPlacedOrder(api.getApollo, { publicId: 'p-1', cartId: 'cart-1', purchase }))
    expect(store.getState().payment.confirmation?.publicId).toBe('p-1')
    expect(api.calls).toEqual([{ name: 'confirmCompleteCart', variables: { id: 'cart-1' } }])
  })

  it('keeps the confirmation when completing the cart fails', async () => {
    const store = storeWithCart()
    const api = fakeApollo({
      confirmCompleteCart: () => {
        throw graphqlError('completed', 'CART_COMPLETED')
      },
    })
    await store.dispatch(confirmPlacedOrder(api.getApollo, { publicId: 'p-1', cartId: 'cart-1', purchase }))
    expect(store.getState().payment.status).toBe('succeeded')
  })

  it('completes no cart when the order has none', async () => {
    const store = storeWithCart()
    const api = fakeApollo({})
    await store.dispatch(confirmPlacedOrder(api.getApollo, { publicId: 'p-1', cartId: '', purchase }))
    expect(api.calls).toEqual([])
  })
})

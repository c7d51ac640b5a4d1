// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { ApolloClient } from '@apollo/client'
import { makeStore } from '../../app/store'
import { renderRoutes } from '../../ui/test-helpers'
import { Component as Checkout } from '../../routes/checkout'
import { cartRestored } from '../cart/slice'
import type { CheckoutData } from './api'
import { loadCheckout, type CheckoutApollo } from './thunks'
import { checkoutData } from './test-fixtures'
import { cartView } from '../cart/test-cart'

afterEach(cleanup)

const CHECKOUT: CheckoutData = checkoutData()

/**
 * The store as the /kassa loader leaves it on the server, with the commerce API answering
 * `answer` (and the shopper's cart, which the server render's preview brings along).
 */
async function loadedStore(answer: () => CheckoutData) {
  const store = makeStore(undefined, { devTools: false })
  store.dispatch(cartRestored('cart-1'))
  const query = async () => ({ data: { checkoutPreview: { ...answer(), shopperCart: cartView() } } })
  await store.dispatch(loadCheckout({ query, mutate: query } as unknown as CheckoutApollo, 'fi'))
  return store
}

/** The page's Apollo access, counting its calls; the client never arrives, as on a slow network. */
function pendingApollo() {
  return vi.fn(() => new Promise<ApolloClient>(() => {}))
}

function openCheckout(
  store: Awaited<ReturnType<typeof loadedStore>>,
  getApollo: ReturnType<typeof pendingApollo>,
) {
  renderRoutes([{ id: 'checkout', path: '/kassa', handle: { name: 'checkout' }, Component: Checkout }], {
    path: '/fi/kassa',
    store,
    getApollo,
  })
}

describe('CheckoutPage on opening', () => {
  // Apollo and graphql-js are ~50 KiB of the page's first-load JavaScript (docs/benchmarks.md):
  // the loader's answer is enough until the shopper changes something.
  it('does not load Apollo for the choices the loader priced, and does at the first change', async () => {
    const store = await loadedStore(() => CHECKOUT)
    const getApollo = pendingApollo()
    openCheckout(store, getApollo)
    const card = await screen.findByRole('radio', { name: /Option 11/ })
    expect(getApollo).not.toHaveBeenCalled()

    fireEvent.click(card)
    await waitFor(() => expect(getApollo).toHaveBeenCalledTimes(1))
  })

  it('asks the API again when the loader got no answer', async () => {
    const store = await loadedStore(() => {
      throw new Error('the commerce API is down')
    })
    expect(store.getState().checkout.load).toBe('failed')
    const getApollo = pendingApollo()
    openCheckout(store, getApollo)
    await waitFor(() => expect(getApollo).toHaveBeenCalledTimes(1))
  })
})

import { describe, expect, it } from 'vitest'
import { makeStore } from '../../app/store'
import { routeChanged } from '../../app/global-slice'
import { cartLoaded, type CartData } from '../cart/slice'
import { pageImpression } from '../events/slice'
import { startCheckoutAnalytics } from './analytics'
import { checkoutLoaded, paymentSelected, shippingSelected } from './slice'
import type { CheckoutData } from './types'

const cart: CartData = {
  id: 'c1',
  items: [
    {
      skuId: 105,
      quantity: 1,
      unitPrice: { sellingPriceIncVat: 89.95 },
      product: { articleNumber: 'LU000001', name: 'Musta satiinimekko', skus: [{ skuId: 105, name: '42' }] },
    },
  ],
}

const impression = (routeName: string) =>
  pageImpression({ routeName, meta: {}, path: '/', hash: '', query: {}, params: {}, fullPath: '/' })

const types = (store: ReturnType<typeof makeStore>) =>
  store.getState().events.queue.map((event) => event.type)

describe('checkout analytics', () => {
  it('records begin_checkout once per visit, after the page impression and the cart', () => {
    const store = makeStore(undefined, { devTools: false })
    const stop = startCheckoutAnalytics(store)
    store.dispatch(routeChanged({ routeName: 'checkout', path: '/fi/kassa' }))
    store.dispatch(impression('checkout'))
    // no cart yet: nothing to check out
    expect(types(store)).toEqual(['page:impression'])
    store.dispatch(cartLoaded(cart))
    store.dispatch(cartLoaded({ ...cart }))
    expect(types(store)).toEqual(['page:impression', 'checkout:impression'])
    expect(store.getState().events.queue[1]?.payload).toEqual({
      items: [
        {
          product: expect.objectContaining({
            articleNumber: 'LU000001',
            unitPrice: { sellingPriceIncVat: 89.95 },
          }),
          quantity: 1,
          variant: '42',
        },
      ],
    })
    // leaving and coming back is a new visit
    store.dispatch(routeChanged({ routeName: 'home', path: '/fi/' }))
    store.dispatch(impression('home'))
    store.dispatch(routeChanged({ routeName: 'checkout', path: '/fi/kassa' }))
    store.dispatch(impression('checkout'))
    expect(types(store).filter((type) => type === 'checkout:impression')).toHaveLength(2)
    stop()
  })

  it("records the shopper's shipping and payment choices with the option's name", () => {
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(cartLoaded(cart))
    store.dispatch(
      checkoutLoaded({
        seq: 0,
        shippingId: null,
        paymentId: null,
        data: {
          cart: { id: 'c1', isCompleted: false, items: [{ id: '1', skuId: 105, quantity: 1 }] },
          shippingOptions: [{ id: 2, displayName: 'Posti – kotiinkuljetus', isSelected: false }],
          paymentOptions: [{ id: 7, displayName: 'Lasku (14 päivää)', isSelected: false }],
        } as unknown as CheckoutData,
      }),
    )
    const stop = startCheckoutAnalytics(store)
    store.dispatch(shippingSelected('2'))
    store.dispatch(paymentSelected('7'))
    store.dispatch(paymentSelected('999'))
    const queue = store.getState().events.queue
    expect(queue.map((event) => event.type)).toEqual(['checkout:shipping', 'checkout:payment'])
    expect(queue[0]?.payload).toMatchObject({ shippingTier: 'Posti – kotiinkuljetus' })
    expect(queue[1]?.payload).toMatchObject({ paymentType: 'Lasku (14 päivää)' })
    stop()
  })
})

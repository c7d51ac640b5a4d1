import { describe, expect, it } from 'vitest'
import { cartEventFor } from './cart-events'

const cart = (items: { skuId: number | string; quantity: number }[]) => ({ id: 'c1', items })

describe('cart events for the loyalty service (docs/product-rules.md#loyalty)', () => {
  it('sends the cart on an addition and a removal that leaves items', () => {
    expect(cartEventFor('cart:add', cart([{ skuId: 101, quantity: 2 }]), 'fi')).toEqual({
      kind: 'cart',
      reason: 'add',
      market: 'fi',
      items: [{ skuId: 101, quantity: 2 }],
    })
    expect(cartEventFor('cart:remove', cart([{ skuId: '102', quantity: 1 }]), 'se')).toMatchObject({
      kind: 'cart',
      reason: 'remove',
      items: [{ skuId: 102, quantity: 1 }],
    })
  })

  it('sends an empty cart when the last item goes and on a purchase', () => {
    expect(cartEventFor('cart:remove', cart([]), 'fi')).toEqual({
      kind: 'empty-cart',
      reason: 'remove',
      market: 'fi',
    })
    expect(cartEventFor('checkout:purchase', cart([{ skuId: 101, quantity: 1 }]), 'fi')).toEqual({
      kind: 'empty-cart',
      reason: 'purchase',
      market: 'fi',
    })
  })

  it('ignores every other shop event', () => {
    expect(cartEventFor('favorite:add', cart([]), 'fi')).toBeNull()
    expect(cartEventFor('page:impression', null, 'fi')).toBeNull()
  })
})

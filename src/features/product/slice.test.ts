import { describe, expect, it } from 'vitest'
import { quickshopClosed, quickshopOpened } from '../quickshop/slice'
import { initialProductState, productReducer, productViewed, skuSelected } from './slice'

describe('product', () => {
  it('forgets the chosen size when another product is viewed', () => {
    let state = productReducer(initialProductState, productViewed('red-dress'))
    state = productReducer(state, skuSelected(101))
    expect(productReducer(state, productViewed('red-dress')).selectedSkuId).toBe(101)
    expect(productReducer(state, productViewed('blue-coat')).selectedSkuId).toBeNull()
  })

  it('follows the quickshop and returns to no product when it closes', () => {
    let state = productReducer(initialProductState, quickshopOpened('boots'))
    expect(state).toEqual({ currentAlias: 'boots', selectedSkuId: null, inQuickshop: true })
    state = productReducer(state, quickshopClosed())
    expect(state).toEqual(initialProductState)
  })

  it('a closing quickshop leaves a product page alone', () => {
    const page = productReducer(initialProductState, productViewed('red-dress'))
    expect(productReducer(page, quickshopClosed())).toEqual(page)
  })
})

import { describe, expect, it } from 'vitest'
import { initialQuickshopState, quickshopClosed, quickshopOpened, quickshopReducer } from './slice'

describe('quickshop', () => {
  it('opens for a product and closes', () => {
    const open = quickshopReducer(initialQuickshopState, quickshopOpened('red-dress'))
    expect(open).toEqual({ open: true, alias: 'red-dress' })
    expect(quickshopReducer(open, quickshopClosed()).open).toBe(false)
  })
})

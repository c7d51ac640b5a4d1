import { describe, expect, it } from 'vitest'
import {
  initialLastVisitedState,
  LAST_VISITED_CAP,
  lastVisitedReducer,
  lastVisitedRestored,
  productVisited,
} from './slice'

describe('last visited', () => {
  it('keeps the newest first without duplicates', () => {
    let state = lastVisitedReducer(initialLastVisitedState, productVisited(1))
    state = lastVisitedReducer(state, productVisited('2'))
    state = lastVisitedReducer(state, productVisited('1'))
    expect(state.productIds).toEqual(['1', '2'])
  })

  it('is capped', () => {
    let state = initialLastVisitedState
    for (let i = 0; i < LAST_VISITED_CAP + 5; i++) state = lastVisitedReducer(state, productVisited(i))
    expect(state.productIds).toHaveLength(LAST_VISITED_CAP)
    expect(state.productIds[0]).toBe(String(LAST_VISITED_CAP + 4))
  })

  it('restores a list without duplicates', () => {
    expect(
      lastVisitedReducer(initialLastVisitedState, lastVisitedRestored(['a', 'a', 'b'])).productIds,
    ).toEqual(['a', 'b'])
  })
})

import { describe, expect, it } from 'vitest'
import {
  eventsDelivered,
  eventsReducer,
  initialEventsState,
  MAX_QUEUED_EVENTS,
  pageImpression,
  shopEventRecorded,
} from './slice'

describe('events', () => {
  it('queues events with increasing ids', () => {
    let state = eventsReducer(
      initialEventsState,
      shopEventRecorded({ type: 'cart:add', payload: { skuId: 1 } }),
    )
    state = eventsReducer(
      state,
      pageImpression({
        routeName: 'home',
        meta: {},
        path: '/fi/',
        hash: '',
        query: {},
        params: {},
        fullPath: '/fi/',
      }),
    )
    expect(state.queue.map((event) => [event.id, event.type])).toEqual([
      [1, 'cart:add'],
      [2, 'page:impression'],
    ])
  })

  it('drops delivered events', () => {
    let state = eventsReducer(initialEventsState, shopEventRecorded({ type: 'cart:add' }))
    state = eventsReducer(state, shopEventRecorded({ type: 'cart:remove' }))
    state = eventsReducer(state, eventsDelivered(1))
    expect(state.queue.map((event) => event.id)).toEqual([2])
    expect(state.nextId).toBe(3)
  })

  it('never grows beyond its limit', () => {
    let state = initialEventsState
    for (let i = 0; i < MAX_QUEUED_EVENTS + 10; i++)
      state = eventsReducer(state, shopEventRecorded({ type: 'product:impression' }))
    expect(state.queue).toHaveLength(MAX_QUEUED_EVENTS)
    expect(state.queue[0]?.id).toBe(11)
  })
})

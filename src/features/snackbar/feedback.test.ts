import { describe, expect, it } from 'vitest'
import { makeStore } from '../../app/store'
import { shopEventRecorded } from '../events/slice'
import { loadingFailed, loadingStarted } from '../loading/slice'
import { cartLoadFailed } from '../cart/slice'
import { feedbackFor, startFeedbackToasts } from './feedback'

describe('toast feedback', () => {
  it('names the happenings the spec toasts', () => {
    expect(feedbackFor(shopEventRecorded({ type: 'favorite:add', payload: { productId: 1 } }))).toEqual({
      id: 'toast.favoriteAdded',
      type: 'success',
    })
    expect(feedbackFor(shopEventRecorded({ type: 'favorite:remove', payload: { productId: 1 } }))?.id).toBe(
      'toast.favoriteRemoved',
    )
    expect(feedbackFor(shopEventRecorded({ type: 'cart:remove', payload: {} }))?.id).toBe(
      'toast.cartItemRemoved',
    )
    expect(feedbackFor(loadingFailed())).toEqual({ id: 'toast.loadingFailed', type: 'error' })
    expect(feedbackFor(cartLoadFailed())?.type).toBe('error')
  })

  it("tells about another tab's cart change, not this tab's own", () => {
    expect(
      feedbackFor(shopEventRecorded({ type: 'cart:changed', payload: { fromOtherTab: true } }))?.id,
    ).toBe('toast.cartChangedElsewhere')
    expect(
      feedbackFor(shopEventRecorded({ type: 'cart:changed', payload: { fromOtherTab: false } })),
    ).toBeNull()
    expect(feedbackFor(shopEventRecorded({ type: 'page:impression', payload: {} }))).toBeNull()
  })

  it('shows the translated text in the toast', () => {
    const store = makeStore(undefined, { devTools: false })
    const stop = startFeedbackToasts(store, (id) => `[${id}]`)
    store.dispatch(loadingStarted())
    store.dispatch(loadingFailed())
    store.dispatch(shopEventRecorded({ type: 'favorite:add', payload: { productId: 3 } }))
    expect(store.getState().snackbar.queue.map((item) => [item.message, item.type])).toEqual([
      ['[toast.loadingFailed]', 'error'],
      ['[toast.favoriteAdded]', 'success'],
    ])
    stop()
  })
})

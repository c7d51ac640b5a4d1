import { describe, expect, it } from 'vitest'
import {
  initialSnackbarState,
  selectCurrentSnackbar,
  SNACKBAR_MAX_QUEUED,
  snackbarDismissed,
  snackbarReducer,
  snackbarShown,
} from './slice'

describe('snackbar', () => {
  it('queues toasts with the defaults: info, top-right, 5000 ms', () => {
    const state = snackbarReducer(initialSnackbarState, snackbarShown({ message: 'Saved' }))
    expect(selectCurrentSnackbar({ snackbar: state })).toEqual({
      id: 1,
      message: 'Saved',
      type: 'info',
      placement: 'top-right',
      timeoutMs: 5000,
    })
  })

  it('dismisses by id and shows the next', () => {
    let state = snackbarReducer(initialSnackbarState, snackbarShown({ message: 'One' }))
    state = snackbarReducer(state, snackbarShown({ message: 'Two', type: 'error', placement: 'bottom-left' }))
    state = snackbarReducer(state, snackbarDismissed(1))
    expect(selectCurrentSnackbar({ snackbar: state })).toMatchObject({
      id: 2,
      message: 'Two',
      type: 'error',
      placement: 'bottom-left',
    })
  })

  it('drops the oldest beyond the queue limit', () => {
    let state = initialSnackbarState
    for (let i = 0; i < SNACKBAR_MAX_QUEUED + 2; i++)
      state = snackbarReducer(state, snackbarShown({ message: String(i) }))
    expect(state.queue).toHaveLength(SNACKBAR_MAX_QUEUED)
    expect(state.queue[0]?.message).toBe('2')
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import {
  initialModalState,
  MODAL_DELAY_MS,
  modalClosed,
  modalOpened,
  modalReducer,
  openModalDelayed,
} from './slice'

describe('modal', () => {
  afterEach(() => vi.useRealTimers())

  it('opens with props and closes', () => {
    const open = modalReducer(
      initialModalState,
      modalOpened({ id: 'membership-success', props: { level: 'gold' } }),
    )
    expect(open).toEqual({ id: 'membership-success', props: { level: 'gold' } })
    expect(modalReducer(open, modalClosed())).toEqual(initialModalState)
  })

  it('opens after the 100 ms modal delay', async () => {
    vi.useFakeTimers()
    const store = makeStore(undefined, { devTools: false })
    const done = store.dispatch(openModalDelayed('membership-deleted'))
    await vi.advanceTimersByTimeAsync(MODAL_DELAY_MS - 1)
    expect(store.getState().modal.id).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(store.getState().modal.id).toBe('membership-deleted')
  })
})

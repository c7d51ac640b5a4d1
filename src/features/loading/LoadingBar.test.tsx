// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen } from '@testing-library/react'
import { renderWithProviders } from '../../test/renderWithProviders'
import { LoadingBar } from './LoadingBar'
import { DelayedLoading } from './DelayedLoading'
import {
  delayedLoadingFinished,
  delayedLoadingStarted,
  loadingFailed,
  loadingFinished,
  loadingStarted,
} from './slice'

const bar = () => document.querySelector<HTMLElement>('.loading-bar')

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('LoadingBar', () => {
  it('appears only after the 200 ms throttle and hides 500 ms after finishing', () => {
    const { store } = renderWithProviders(<LoadingBar />)
    act(() => void store.dispatch(loadingStarted()))
    act(() => void vi.advanceTimersByTime(199))
    expect(bar()).toBeNull()
    act(() => void vi.advanceTimersByTime(1))
    expect(bar()?.dataset.phase).toBe('running')
    act(() => void store.dispatch(loadingFinished()))
    expect(bar()?.dataset.phase).toBe('done')
    act(() => void vi.advanceTimersByTime(499))
    expect(bar()).not.toBeNull()
    act(() => void vi.advanceTimersByTime(1))
    expect(bar()).toBeNull()
  })

  it('never shows for a load that ends within the throttle', () => {
    const { store } = renderWithProviders(<LoadingBar />)
    act(() => void store.dispatch(loadingStarted()))
    act(() => void vi.advanceTimersByTime(150))
    act(() => void store.dispatch(loadingFinished()))
    act(() => void vi.advanceTimersByTime(2000))
    expect(bar()).toBeNull()
  })

  it('shows the failed style, then hides', () => {
    const { store } = renderWithProviders(<LoadingBar />)
    act(() => void store.dispatch(loadingStarted()))
    act(() => void vi.advanceTimersByTime(300))
    act(() => void store.dispatch(loadingFailed()))
    expect(bar()?.className).toContain('loading-bar--failed')
    act(() => void vi.advanceTimersByTime(500))
    expect(bar()).toBeNull()
  })

  it('restarts at once when a new load starts while it is visible', () => {
    const { store } = renderWithProviders(<LoadingBar />)
    act(() => void store.dispatch(loadingStarted()))
    act(() => void vi.advanceTimersByTime(200))
    act(() => void store.dispatch(loadingFinished()))
    act(() => void store.dispatch(loadingStarted()))
    expect(bar()?.dataset.phase).toBe('running')
    act(() => void vi.advanceTimersByTime(600))
    expect(bar()?.dataset.phase).toBe('running')
  })
})

describe('DelayedLoading', () => {
  it('starts after 1000 ms and ticks every 100 ms', () => {
    renderWithProviders(<DelayedLoading active />)
    act(() => void vi.advanceTimersByTime(999))
    expect(screen.queryByRole('status')).toBeNull()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.getByRole('status').dataset.shownFor).toBe('0')
    act(() => void vi.advanceTimersByTime(300))
    expect(screen.getByRole('status').dataset.shownFor).toBe('300')
  })

  it('is cancelled when the operation ends before the delay', () => {
    const { rerender } = renderWithProviders(<DelayedLoading active />)
    act(() => void vi.advanceTimersByTime(900))
    rerender(<DelayedLoading active={false} />)
    act(() => void vi.advanceTimersByTime(2000))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('follows the store when no active prop is given and hides when done', () => {
    const { store } = renderWithProviders(<DelayedLoading>{(ms) => <span>shown {ms}</span>}</DelayedLoading>)
    act(() => void store.dispatch(delayedLoadingStarted()))
    act(() => void vi.advanceTimersByTime(1200))
    expect(screen.getByText('shown 200')).toBeTruthy()
    act(() => void store.dispatch(delayedLoadingFinished()))
    expect(screen.queryByRole('status')).toBeNull()
  })
})

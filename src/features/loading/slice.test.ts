import { describe, expect, it } from 'vitest'
import {
  delayedLoadingFinished,
  delayedLoadingStarted,
  initialLoadingState,
  loadingFailed,
  loadingFinished,
  loadingReducer,
  loadingStarted,
} from './slice'

describe('loading', () => {
  it('starts, finishes, and counts runs', () => {
    const started = loadingReducer(initialLoadingState, loadingStarted())
    expect(started).toMatchObject({ status: 'loading', run: 1 })
    expect(loadingReducer(started, loadingFinished()).status).toBe('finished')
    expect(loadingReducer(loadingReducer(started, loadingStarted()), loadingFinished()).run).toBe(2)
  })

  it('fails only a running load', () => {
    const started = loadingReducer(initialLoadingState, loadingStarted())
    expect(loadingReducer(started, loadingFailed()).status).toBe('failed')
    expect(loadingReducer(initialLoadingState, loadingFailed()).status).toBe('idle')
    expect(loadingReducer(initialLoadingState, loadingFinished()).status).toBe('idle')
  })

  it('tracks the delayed variant separately', () => {
    const state = loadingReducer(initialLoadingState, delayedLoadingStarted())
    expect(state.delayedActive).toBe(true)
    expect(state.status).toBe('idle')
    expect(loadingReducer(state, delayedLoadingFinished()).delayedActive).toBe(false)
  })
})

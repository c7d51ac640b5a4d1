/**
 * The global loading indicator (docs/product-rules.md#errors-and-feedback) and its delayed variant. The state only says what is
 * happening; the timings (200 ms throttle, 5000 ms growth, 500 ms hide, 1000 ms delay with
 * 100 ms ticks) belong to the components in this folder.
 */
import { createSlice } from '@reduxjs/toolkit'

export type LoadingStatus = 'idle' | 'loading' | 'finished' | 'failed'

export interface LoadingState {
  status: LoadingStatus
  /** increases with every start, so the bar restarts even when a start follows a start */
  run: number
  delayedActive: boolean
}

export const LOADING_THROTTLE_MS = 200
export const LOADING_DURATION_MS = 5000
export const LOADING_HIDE_DELAY_MS = 500
export const DELAYED_LOADING_DELAY_MS = 1000
export const DELAYED_LOADING_TICK_MS = 100

export const initialLoadingState: LoadingState = { status: 'idle', run: 0, delayedActive: false }

const loadingSlice = createSlice({
  name: 'loading',
  initialState: initialLoadingState,
  reducers: {
    loadingStarted(state) {
      state.status = 'loading'
      state.run += 1
    },
    loadingFinished(state) {
      if (state.status === 'loading') state.status = 'finished'
    },
    loadingFailed(state) {
      if (state.status === 'loading') state.status = 'failed'
    },
    delayedLoadingStarted(state) {
      state.delayedActive = true
    },
    delayedLoadingFinished(state) {
      state.delayedActive = false
    },
  },
})

export const {
  loadingStarted,
  loadingFinished,
  loadingFailed,
  delayedLoadingStarted,
  delayedLoadingFinished,
} = loadingSlice.actions
export const loadingReducer = loadingSlice.reducer

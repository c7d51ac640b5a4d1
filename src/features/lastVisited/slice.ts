/** Recently viewed products, newest first, kept small because they are persisted in a cookie. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export interface LastVisitedState {
  /** product ids, newest first */
  productIds: string[]
}

export const LAST_VISITED_CAP = 12

export const initialLastVisitedState: LastVisitedState = { productIds: [] }

const lastVisitedSlice = createSlice({
  name: 'lastVisited',
  initialState: initialLastVisitedState,
  reducers: {
    productVisited(state, action: PayloadAction<string | number>) {
      const id = String(action.payload)
      state.productIds = [id, ...state.productIds.filter((existing) => existing !== id)].slice(
        0,
        LAST_VISITED_CAP,
      )
    },
    lastVisitedRestored(state, action: PayloadAction<string[]>) {
      state.productIds = [...new Set(action.payload)].slice(0, LAST_VISITED_CAP)
    },
    lastVisitedCleared(state) {
      state.productIds = []
    },
  },
})

export const { productVisited, lastVisitedRestored, lastVisitedCleared } = lastVisitedSlice.actions
export const lastVisitedReducer = lastVisitedSlice.reducer

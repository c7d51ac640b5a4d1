/** The quickshop overlay panel (docs/product-rules.md#product-page): a product's sizes and add-to-cart without leaving the list. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export interface QuickshopState {
  open: boolean
  /** the product's alias */
  alias: string | null
}

export const initialQuickshopState: QuickshopState = { open: false, alias: null }

const quickshopSlice = createSlice({
  name: 'quickshop',
  initialState: initialQuickshopState,
  reducers: {
    quickshopOpened(state, action: PayloadAction<string>) {
      state.open = true
      state.alias = action.payload
    },
    /** Keeps the alias so the closing animation still shows the product. */
    quickshopClosed(state) {
      state.open = false
    },
  },
})

export const { quickshopOpened, quickshopClosed } = quickshopSlice.actions
export const quickshopReducer = quickshopSlice.reducer

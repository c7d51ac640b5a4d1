/** The product being viewed: its alias, the chosen size (sku), and whether it is shown in the quickshop. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { quickshopClosed, quickshopOpened } from '../quickshop/slice'

export interface ProductState {
  currentAlias: string | null
  selectedSkuId: number | null
  /** true when the current product is the quickshop's, not a product page's */
  inQuickshop: boolean
}

export const initialProductState: ProductState = {
  currentAlias: null,
  selectedSkuId: null,
  inQuickshop: false,
}

const productSlice = createSlice({
  name: 'product',
  initialState: initialProductState,
  reducers: {
    productViewed(state, action: PayloadAction<string>) {
      if (state.currentAlias !== action.payload) state.selectedSkuId = null
      state.currentAlias = action.payload
      state.inQuickshop = false
    },
    skuSelected(state, action: PayloadAction<number | null>) {
      state.selectedSkuId = action.payload
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(quickshopOpened, (state, action) => {
        if (state.currentAlias !== action.payload) state.selectedSkuId = null
        state.currentAlias = action.payload
        state.inQuickshop = true
      })
      .addCase(quickshopClosed, (state) => {
        if (state.inQuickshop) {
          state.currentAlias = null
          state.selectedSkuId = null
          state.inQuickshop = false
        }
      })
  },
})

export const { productViewed, skuSelected } = productSlice.actions
export const productReducer = productSlice.reducer

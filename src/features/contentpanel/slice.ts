/** The content overlay panel (docs/product-rules.md#content): open or closed, and which content it shows. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export interface ContentPanelState {
  open: boolean
  /** the content page's alias */
  alias: string | null
}

export const initialContentPanelState: ContentPanelState = { open: false, alias: null }

const contentPanelSlice = createSlice({
  name: 'contentpanel',
  initialState: initialContentPanelState,
  reducers: {
    contentPanelOpened(state, action: PayloadAction<string>) {
      state.open = true
      state.alias = action.payload
    },
    /** Keeps the alias so the closing animation still shows the content. */
    contentPanelClosed(state) {
      state.open = false
    },
  },
})

export const { contentPanelOpened, contentPanelClosed } = contentPanelSlice.actions
export const contentPanelReducer = contentPanelSlice.reducer

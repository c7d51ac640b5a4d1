/** The toast queue (docs/product-rules.md#errors-and-feedback: hides after 5 s, placement top-right by default). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export type SnackbarType = 'info' | 'success' | 'warning' | 'error'
export type SnackbarPlacement =
  'top-right' | 'top-left' | 'bottom-right' | 'bottom-left' | 'top-center' | 'bottom-center'

/** A button on the toast; choosing it dispatches `snackbarActionChosen` with its name. */
export interface SnackbarAction {
  /** the button's text (already translated) */
  label: string
  /** what a listener looks for, e.g. 'update-app' */
  name: string
}

export interface SnackbarMessage {
  id: number
  /** the text as shown (already translated) */
  message: string
  type: SnackbarType
  placement: SnackbarPlacement
  /** 0: stays until the shopper closes it or chooses its action */
  timeoutMs: number
  action?: SnackbarAction
}

export interface SnackbarState {
  queue: SnackbarMessage[]
  nextId: number
}

export const SNACKBAR_TIMEOUT_MS = 5000
export const SNACKBAR_DEFAULT_PLACEMENT: SnackbarPlacement = 'top-right'
/** The same message many times over helps nobody; older ones beyond this are dropped. */
export const SNACKBAR_MAX_QUEUED = 5

export const initialSnackbarState: SnackbarState = { queue: [], nextId: 1 }

const snackbarSlice = createSlice({
  name: 'snackbar',
  initialState: initialSnackbarState,
  reducers: {
    snackbarShown(
      state,
      action: PayloadAction<{
        message: string
        type?: SnackbarType
        placement?: SnackbarPlacement
        timeoutMs?: number
        action?: SnackbarAction
      }>,
    ) {
      state.queue.push({
        id: state.nextId,
        message: action.payload.message,
        type: action.payload.type ?? 'info',
        placement: action.payload.placement ?? SNACKBAR_DEFAULT_PLACEMENT,
        timeoutMs: action.payload.timeoutMs ?? SNACKBAR_TIMEOUT_MS,
        ...(action.payload.action ? { action: action.payload.action } : {}),
      })
      state.nextId += 1
      if (state.queue.length > SNACKBAR_MAX_QUEUED)
        state.queue.splice(0, state.queue.length - SNACKBAR_MAX_QUEUED)
    },
    snackbarDismissed(state, action: PayloadAction<number>) {
      state.queue = state.queue.filter((item) => item.id !== action.payload)
    },
    /** The shopper chose the toast's action: it closes, and listeners act on the name. */
    snackbarActionChosen(state, action: PayloadAction<{ id: number; name: string }>) {
      state.queue = state.queue.filter((item) => item.id !== action.payload.id)
    },
  },
})

export const { snackbarShown, snackbarDismissed, snackbarActionChosen } = snackbarSlice.actions
export const snackbarReducer = snackbarSlice.reducer

export const selectCurrentSnackbar = (state: { snackbar: SnackbarState }): SnackbarMessage | undefined =>
  state.snackbar.queue[0]

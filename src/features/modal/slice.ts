/** Which modal is open and with which props (plain data, so it can be serialised and replayed). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export type ModalProps = Record<string, string | number | boolean | null>

export interface ModalState {
  id: string | null
  props: ModalProps
}

/** docs/product-rules.md#errors-and-feedback: modals opened after an action wait this long (e.g. the membership success modal). */
export const MODAL_DELAY_MS = 100

export const initialModalState: ModalState = { id: null, props: {} }

const modalSlice = createSlice({
  name: 'modal',
  initialState: initialModalState,
  reducers: {
    modalOpened(state, action: PayloadAction<{ id: string; props?: ModalProps }>) {
      state.id = action.payload.id
      state.props = action.payload.props ?? {}
    },
    modalClosed() {
      return initialModalState
    },
  },
})

export const { modalOpened, modalClosed } = modalSlice.actions
export const modalReducer = modalSlice.reducer

/** Opens a modal after the spec's 100 ms delay (lets a closing panel or a form finish first). */
export function openModalDelayed(id: string, props?: ModalProps, delayMs: number = MODAL_DELAY_MS) {
  return (dispatch: (action: ReturnType<typeof modalOpened>) => unknown): Promise<void> =>
    new Promise((resolve) => {
      setTimeout(() => {
        dispatch(modalOpened(props ? { id, props } : { id }))
        resolve()
      }, delayMs)
    })
}

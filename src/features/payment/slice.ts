/** The payment-provider area: which provider the shopper chose and how the hand-over went. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { PurchaseOrder } from '../../lib/purchase-event'

export type PaymentStatus = 'idle' | 'redirecting' | 'processing' | 'succeeded' | 'failed'

export interface PaymentState {
  selectedProvider: string | null
  status: PaymentStatus
  /** a translation key or the provider's message */
  error: string | null
  /** a confirmed order whose browser-side follow-up (./listeners.ts) has not run yet */
  confirmation: OrderConfirmedPayload | null
}

/** The confirmation page shows a placed order (invoice, or card and paid). */
export interface OrderConfirmedPayload {
  /** the order's public id: the purchase event is sent once per order */
  publicId: string
  /** the cart the order was placed from: completed, so the shopper gets a new one */
  cartId: string
  purchase: PurchaseOrder
}

export const initialPaymentState: PaymentState = {
  selectedProvider: null,
  status: 'idle',
  error: null,
  confirmation: null,
}

const paymentSlice = createSlice({
  name: 'payment',
  initialState: initialPaymentState,
  reducers: {
    providerSelected(state, action: PayloadAction<string | null>) {
      state.selectedProvider = action.payload
      state.status = 'idle'
      state.error = null
    },
    paymentStarted(state) {
      state.status = 'processing'
      state.error = null
    },
    paymentRedirecting(state) {
      state.status = 'redirecting'
    },
    paymentSucceeded(state) {
      state.status = 'succeeded'
      state.error = null
    },
    paymentFailed(state, action: PayloadAction<string>) {
      state.status = 'failed'
      state.error = action.payload
    },
    paymentReset() {
      return initialPaymentState
    },
    /** Side effects (new cart, purchase event once) are in ./listeners.ts. */
    orderConfirmed(state, action: PayloadAction<OrderConfirmedPayload>) {
      state.status = 'succeeded'
      state.error = null
      state.confirmation = action.payload
    },
    orderConfirmationHandled(state) {
      state.confirmation = null
    },
  },
})

export const {
  providerSelected,
  paymentStarted,
  paymentRedirecting,
  paymentSucceeded,
  paymentFailed,
  paymentReset,
  orderConfirmed,
  orderConfirmationHandled,
} = paymentSlice.actions
export const paymentReducer = paymentSlice.reducer

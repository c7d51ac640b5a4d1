/**
 * Checkout (spec §3 Customer form, §4 customer status): the form, the shipping and payment
 * choices, and the customer status derived from order validation.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export type Gender = 'UNSPECIFIED' | 'WOMAN' | 'MAN'

export interface CustomerForm {
  customerType: 'PERSON' | 'ORGANIZATION'
  email: string
  firstName: string
  lastName: string
  phone: string
  gender: Gender
  careOf: string
  address: string
  address2: string
  zip: string
  city: string
  country: string
  newsletter: boolean
  smsConsent: boolean
  personalId: string
  organizationId: string
  company: string
  message: string
  entryCode: string
}

/** 'ok', 'blacklisted', 'invalidemail', 'limited', or the lowercased part after NOCREDIT- */
export type CustomerStatus = string

export interface CheckoutState {
  form: CustomerForm
  customerStatus: CustomerStatus
  shippingId: string | null
  paymentId: string | null
  termsAccepted: boolean
  /** 'validating' while validateOrderCreation runs */
  status: 'idle' | 'validating' | 'placing' | 'error'
}

export function emptyCustomerForm(): CustomerForm {
  return {
    customerType: 'PERSON',
    email: '',
    firstName: '',
    lastName: '',
    phone: '',
    gender: 'UNSPECIFIED',
    careOf: '',
    address: '',
    address2: '',
    zip: '',
    city: '',
    country: '',
    newsletter: false,
    smsConsent: false,
    personalId: '',
    organizationId: '',
    company: '',
    message: '',
    entryCode: '',
  }
}

export const initialCheckoutState: CheckoutState = {
  form: emptyCustomerForm(),
  customerStatus: 'ok',
  shippingId: null,
  paymentId: null,
  termsAccepted: false,
  status: 'idle',
}

export interface OrderValidation {
  isValid?: boolean | null
  message?: string | null
  memberType?: string | null
  paymentType?: string | null
}

const CREDIT_PAYMENT_TYPES = ['DirectInvoice', 'Loan']

/** Spec §4 'Customer status derived from order validation'. */
export function customerStatusFrom(validation: OrderValidation): CustomerStatus {
  if (validation.message === 'Customer is blacklisted') return 'blacklisted'
  if (validation.message === 'Email seems to be invalid') return 'invalidemail'
  const memberType = (validation.memberType ?? '').replace(/\s/g, '')
  if (memberType.startsWith('NOCREDIT') && CREDIT_PAYMENT_TYPES.includes(validation.paymentType ?? '')) {
    const dash = memberType.indexOf('-')
    const suffix = dash >= 0 ? memberType.slice(dash + 1).toLowerCase() : ''
    return suffix || 'limited'
  }
  return 'ok'
}

/** When ok, checkout continues; otherwise it aborts. */
export const customerMayContinue = (status: CustomerStatus): boolean => status === 'ok'

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    formChanged(state, action: PayloadAction<Partial<CustomerForm>>) {
      state.form = { ...state.form, ...action.payload }
    },
    shippingSelected(state, action: PayloadAction<string | null>) {
      state.shippingId = action.payload
    },
    paymentSelected(state, action: PayloadAction<string | null>) {
      state.paymentId = action.payload
    },
    termsAcceptedSet(state, action: PayloadAction<boolean>) {
      state.termsAccepted = action.payload
    },
    validationStarted(state) {
      state.status = 'validating'
    },
    validationFinished(state, action: PayloadAction<OrderValidation>) {
      state.customerStatus = customerStatusFrom(action.payload)
      state.status = 'idle'
    },
    validationFailed(state) {
      state.status = 'error'
    },
    orderPlacing(state) {
      state.status = 'placing'
    },
    checkoutReset() {
      return initialCheckoutState
    },
  },
})

export const {
  formChanged,
  shippingSelected,
  paymentSelected,
  termsAcceptedSet,
  validationStarted,
  validationFinished,
  validationFailed,
  orderPlacing,
  checkoutReset,
} = checkoutSlice.actions
export const checkoutReducer = checkoutSlice.reducer

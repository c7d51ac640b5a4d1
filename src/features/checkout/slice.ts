/**
 * Checkout (docs/product-rules.md#checkout: customer form, customer status): the form, the shipping and payment
 * choices, the customer status derived from order validation, and the latest createOrUpdateCheckout
 * answer (options and priced cart) that the route loader and the thunks (./thunks.ts) put here.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { listItems } from '../../graphql/list-items'
import type { CheckoutData, OrderValidationResult } from './types'
import type { CountryCode } from '../../shared/validation'
import type { BuyerType } from '../../shared/customer-types'

/** The storefront's own pages the API needs for a card payment's return. */
export interface CheckoutUrls {
  redirectUrl: string
  checkoutPageUrl: string
  termsPageUrl: string
}

/** What the shopper chose in the checkout: what createOrUpdateCheckout and placeOrder are sent. */
export interface CheckoutChoices {
  form: CustomerForm
  country: CountryCode
  shippingId: string | null
  /** the pickup point chosen for a pickup shipping option (ADR 0079) */
  pickupPointId?: string | null
  paymentId: string | null
  termsAccepted: boolean
  urls?: CheckoutUrls
}

export type Gender = 'UNSPECIFIED' | 'WOMAN' | 'MAN'

export interface CustomerForm {
  customerType: BuyerType
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
  /** the pickup point chosen in the list near the postcode; null for none or a home delivery */
  pickupPointId: string | null
  paymentId: string | null
  termsAccepted: boolean
  /** 'validating' while validateOrderCreation runs */
  status: 'idle' | 'validating' | 'placing' | 'error'
  /** the latest createOrUpdateCheckout answer: shipping and payment options, the priced cart */
  options: CheckoutData | null
  /** 'empty' when there is no cart to check out (none, emptied, or already an order) */
  load: CheckoutLoad
  /** numbers createOrUpdateCheckout calls, so that an older answer never overwrites a newer one */
  requestSeq: number
  /** docs/product-rules.md#checkout: the payment chosen was taken away for this customer (a restricted customer) */
  paymentsLimited: boolean
}

export type CheckoutLoad = 'loading' | 'ready' | 'empty' | 'failed'

/** A createOrUpdateCheckout answer, and the shipping and payment ids the call was made with. */
export interface CheckoutAnswer {
  seq: number
  data: CheckoutData
  shippingId: string | null
  paymentId: string | null
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
  pickupPointId: null,
  paymentId: null,
  termsAccepted: false,
  status: 'idle',
  options: null,
  load: 'loading',
  requestSeq: 0,
  paymentsLimited: false,
}

/** validateOrderCreation's answer; the rules read any part of it. */
export type OrderValidation = Partial<OrderValidationResult>

const CREDIT_PAYMENT_TYPES = ['DirectInvoice', 'Loan']

/** docs/product-rules.md#checkout. */
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

/** The shopper's choices as the checkout slice holds them, in the market's country. */
export function checkoutChoicesOf(
  checkout: Pick<CheckoutState, 'form' | 'shippingId' | 'paymentId' | 'termsAccepted'> &
    Partial<Pick<CheckoutState, 'pickupPointId'>>,
  country: CountryCode,
): CheckoutChoices {
  const { form, shippingId, paymentId, termsAccepted, pickupPointId } = checkout
  return { form, country, shippingId, pickupPointId: pickupPointId ?? null, paymentId, termsAccepted }
}

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    formChanged(state, action: PayloadAction<Partial<CustomerForm>>) {
      state.form = { ...state.form, ...action.payload }
    },
    shippingSelected(state, action: PayloadAction<string | null>) {
      // a point belongs to its option's carrier: another option (or home delivery) starts without one
      if (state.shippingId !== action.payload) state.pickupPointId = null
      state.shippingId = action.payload
    },
    pickupPointSelected(state, action: PayloadAction<string | null>) {
      state.pickupPointId = action.payload
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
    checkoutRequested(state) {
      state.requestSeq += 1
    },
    /**
     * The options follow the answer; a shipping or payment choice the answer no longer offers
     * falls back to the option the API marks selected.
     */
    checkoutLoaded(state, action: PayloadAction<CheckoutAnswer>) {
      const { seq, data, shippingId, paymentId } = action.payload
      if (seq !== state.requestSeq) return
      state.options = data
      const items = data.cart?.items ?? []
      state.load = data.cart && !data.cart.isCompleted && items.length > 0 ? 'ready' : 'empty'
      const shipping = listItems(data.shippingOptions)
      if (!shipping.some((option) => String(option.id) === shippingId)) {
        const selected = shipping.find((option) => option.isSelected)
        state.shippingId = selected ? String(selected.id) : null
      }
      const payments = listItems(data.paymentOptions)
      if (!payments.some((option) => String(option.id) === paymentId)) {
        // docs/product-rules.md#checkout: a restricted customer gets limited payment options; the one chosen is gone
        if (paymentId !== null && payments.length > 0) state.paymentsLimited = true
        const selected = payments.find((option) => option.isSelected)
        state.paymentId = selected ? String(selected.id) : null
      }
    },
    /** `cartGone`: the API has no such cart or it is already an order, so there is nothing to check out. */
    checkoutLoadFailed(state, action: PayloadAction<{ seq: number; cartGone: boolean }>) {
      if (action.payload.seq !== state.requestSeq) return
      state.load = action.payload.cartGone ? 'empty' : 'failed'
    },
    checkoutEmpty(state) {
      state.load = 'empty'
    },
  },
})

export const {
  formChanged,
  shippingSelected,
  pickupPointSelected,
  paymentSelected,
  termsAcceptedSet,
  validationStarted,
  validationFinished,
  validationFailed,
  orderPlacing,
  checkoutReset,
  checkoutRequested,
  checkoutLoaded,
  checkoutLoadFailed,
  checkoutEmpty,
} = checkoutSlice.actions
export const checkoutReducer = checkoutSlice.reducer

/**
 * The loyalty contact (docs/product-rules.md#loyalty) and membership transitions (docs/product-rules.md#loyalty). The
 * calls to the loyalty service proxy live with the loyalty feature; this is the state they fill.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { loggedOut } from '../auth/slice'
import { LOYALTY_VOUCHER_PREFIX } from '../../shared/loyalty'

export interface LoyaltyVoucher {
  id: string
  amount: number
  /** ISO date */
  expiresAt: string
  minimumPurchase: number
}

export interface RecommendationData {
  customerKey: string | null
  sessionKey: string | null
  market: string | null
  shouldAwardPoints: boolean
}

export interface LoyaltyState {
  id: string | null
  discoveryKey: string | null
  isMember: boolean
  preferences: { acceptsEmail: boolean; acceptsSms: boolean }
  registrationCompleteEvent: boolean
  points: number
  pendingPoints: number
  vouchers: LoyaltyVoucher[]
  membershipLevel: string | null
  searchOrigin: string
  addedToCart: boolean
  recommendationData: RecommendationData
  voucherId: string | null
  softLoginEmail: string | null
}

export const initialLoyaltyState: LoyaltyState = {
  id: null,
  discoveryKey: null,
  isMember: false,
  preferences: { acceptsEmail: false, acceptsSms: false },
  registrationCompleteEvent: false,
  points: 0,
  pendingPoints: 0,
  vouchers: [],
  membershipLevel: null,
  searchOrigin: 'ORGANIC',
  addedToCart: false,
  recommendationData: { customerKey: null, sessionKey: null, market: null, shouldAwardPoints: false },
  voucherId: null,
  softLoginEmail: null,
}

/** Prefix of promo codes that are loyalty bonus vouchers (src/shared/loyalty.ts). */
export { LOYALTY_VOUCHER_PREFIX }

/**
 * docs/product-rules.md#loyalty: the voucher id is kept only while the cart's promo code starts (case-insensitively)
 * with the voucher prefix and matches the voucher data.
 */
export function keepsVoucherId(promoCode: string | null | undefined, voucherId: string | null): boolean {
  if (!promoCode || !voucherId) return false
  return (
    promoCode.toUpperCase().startsWith(LOYALTY_VOUCHER_PREFIX) &&
    promoCode.toUpperCase() === voucherId.toUpperCase()
  )
}

export interface ContactUpdate {
  id?: string | null
  discoveryKey?: string | null
  isMember?: boolean
  registrationCompleteEvent?: boolean
  preferences?: { acceptsEmail: boolean; acceptsSms: boolean }
}

const loyaltySlice = createSlice({
  name: 'loyalty',
  initialState: initialLoyaltyState,
  reducers: {
    contactLoaded(state, action: PayloadAction<ContactUpdate>) {
      const { id, discoveryKey, isMember, registrationCompleteEvent, preferences } = action.payload
      if (id !== undefined) state.id = id
      if (discoveryKey !== undefined) state.discoveryKey = discoveryKey
      if (isMember !== undefined) state.isMember = isMember
      if (registrationCompleteEvent !== undefined) state.registrationCompleteEvent = registrationCompleteEvent
      if (preferences) state.preferences = preferences
    },
    pointsLoaded(
      state,
      action: PayloadAction<{
        points: number
        pendingPoints: number
        vouchers: LoyaltyVoucher[]
        membershipLevel: string | null
      }>,
    ) {
      state.points = action.payload.points
      state.pendingPoints = action.payload.pendingPoints
      state.vouchers = action.payload.vouchers
      state.membershipLevel = action.payload.membershipLevel
    },
    membershipJoined(state) {
      state.isMember = true
    },
    membershipLeft(state) {
      state.isMember = false
      state.membershipLevel = null
    },
    /** Deleting the account removes the loyalty account and membership. */
    loyaltyAccountDeleted(state) {
      state.isMember = false
      state.id = null
      state.membershipLevel = null
      state.points = 0
      state.pendingPoints = 0
      state.vouchers = []
    },
    searchOriginSet(state, action: PayloadAction<string>) {
      state.searchOrigin = action.payload
    },
    addedToCartSet(state, action: PayloadAction<boolean>) {
      state.addedToCart = action.payload
    },
    recommendationDataSet(state, action: PayloadAction<Partial<RecommendationData>>) {
      state.recommendationData = { ...state.recommendationData, ...action.payload }
    },
    voucherIdSet(state, action: PayloadAction<string | null>) {
      state.voucherId = action.payload
    },
    /** Drops the voucher id unless the cart's promo code still is that voucher. */
    voucherIdChecked(state, action: PayloadAction<string | null | undefined>) {
      if (!keepsVoucherId(action.payload, state.voucherId)) state.voucherId = null
    },
    softLoginEmailSet(state, action: PayloadAction<string | null>) {
      state.softLoginEmail = action.payload
    },
    /** Membership known from the persisted-states cookie before the contact is fetched again. */
    membershipRestored(state, action: PayloadAction<{ isMember: boolean; membershipLevel: string | null }>) {
      state.isMember = action.payload.isMember
      state.membershipLevel = action.payload.membershipLevel
    },
  },
  extraReducers: (builder) => {
    // docs/product-rules.md#loyalty logout: the loyalty user, the stored session and the discovery key are reset
    builder.addCase(loggedOut, () => initialLoyaltyState)
  },
})

export const {
  contactLoaded,
  pointsLoaded,
  membershipJoined,
  membershipLeft,
  loyaltyAccountDeleted,
  searchOriginSet,
  addedToCartSet,
  recommendationDataSet,
  voucherIdSet,
  voucherIdChecked,
  softLoginEmailSet,
  membershipRestored,
} = loyaltySlice.actions
export const loyaltyReducer = loyaltySlice.reducer

export const selectIsMember = (state: { loyalty: LoyaltyState }): boolean => state.loyalty.isMember

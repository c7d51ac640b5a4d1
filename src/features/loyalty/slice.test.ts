import { describe, expect, it } from 'vitest'
import { loggedOut } from '../auth/slice'
import {
  contactLoaded,
  initialLoyaltyState,
  keepsVoucherId,
  loyaltyAccountDeleted,
  loyaltyReducer,
  membershipJoined,
  membershipLeft,
  voucherIdChecked,
  voucherIdSet,
} from './slice'

describe('loyalty', () => {
  it('defaults the search origin to ORGANIC', () => {
    expect(initialLoyaltyState.searchOrigin).toBe('ORGANIC')
  })

  it('joins and leaves membership', () => {
    const member = loyaltyReducer(initialLoyaltyState, membershipJoined())
    expect(member.isMember).toBe(true)
    expect(loyaltyReducer(member, membershipLeft()).isMember).toBe(false)
  })

  it('deleting the account removes the loyalty account and membership', () => {
    let state = loyaltyReducer(initialLoyaltyState, contactLoaded({ id: 'c-1', isMember: true }))
    state = loyaltyReducer(state, loyaltyAccountDeleted())
    expect(state).toMatchObject({ id: null, isMember: false })
  })

  it('merges only the contact fields it was given', () => {
    let state = loyaltyReducer(initialLoyaltyState, contactLoaded({ id: 'c-1', discoveryKey: 'dk' }))
    state = loyaltyReducer(state, contactLoaded({ isMember: true }))
    expect(state).toMatchObject({ id: 'c-1', discoveryKey: 'dk', isMember: true })
  })

  it('logout resets the loyalty user and discovery key', () => {
    const state = loyaltyReducer(
      initialLoyaltyState,
      contactLoaded({ id: 'c-1', discoveryKey: 'dk', isMember: true }),
    )
    expect(loyaltyReducer(state, loggedOut())).toEqual(initialLoyaltyState)
  })

  it('keeps a voucher id only while the promo code is that voucher', () => {
    expect(keepsVoucherId('bonus-123', 'BONUS-123')).toBe(true)
    expect(keepsVoucherId('SPRING', 'BONUS-123')).toBe(false)
    expect(keepsVoucherId('BONUS-999', 'BONUS-123')).toBe(false)
    expect(keepsVoucherId(null, 'BONUS-123')).toBe(false)
    const withVoucher = loyaltyReducer(initialLoyaltyState, voucherIdSet('BONUS-123'))
    expect(loyaltyReducer(withVoucher, voucherIdChecked('Bonus-123')).voucherId).toBe('BONUS-123')
    expect(loyaltyReducer(withVoucher, voucherIdChecked('SPRING')).voucherId).toBeNull()
  })
})

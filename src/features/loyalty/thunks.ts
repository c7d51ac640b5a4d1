/**
 * Membership transitions (docs/product-rules.md#loyalty): joining sets isMember and shows the success modal after
 * 100 ms; leaving sets it false and shows the membership-deleted modal; removing the loyalty
 * account drops the contact. After each, the session is refreshed: the new token's member id is
 * what the members-only pages trust (state.auth.user.isMember).
 */
import type { AppDispatch, RootState } from '../../app/store'
import { MARKETS } from '../../shared/markets'
import { refresh } from '../auth/thunks'
import { openModalDelayed } from '../modal/slice'
import { getContact, removeLoyaltyAccount, setMember } from './api'
import { MEMBERSHIP_MODAL_IDS } from './modal-ids'
import { contactLoaded, loyaltyAccountDeleted, membershipJoined, membershipLeft } from './slice'

type Dispatch = AppDispatch
type Thunk<T> = (dispatch: Dispatch, getState: () => RootState) => Promise<T>

/** The customer's contact id: the one the contact sync stored, else asked for now. */
async function contactId(getState: () => RootState, dispatch: Dispatch): Promise<string | null> {
  const state = getState()
  if (state.loyalty.id) return state.loyalty.id
  const user = state.auth.user
  if (!user) return null
  const contact = await getContact({
    email: user.email,
    countryCode: MARKETS[state.channel.currentMarket].countryCode,
  })
  if (contact) dispatch(contactLoaded(contact))
  return contact?.id ?? null
}

export function joinMembership(): Thunk<boolean> {
  return async (dispatch, getState) => {
    const id = await contactId(getState, dispatch)
    const contact = id ? await setMember(id, true) : null
    if (!contact?.isMember) return false
    dispatch(contactLoaded(contact))
    dispatch(membershipJoined())
    await dispatch(refresh())
    await dispatch(openModalDelayed(MEMBERSHIP_MODAL_IDS.joined))
    return true
  }
}

export function leaveMembership(): Thunk<boolean> {
  return async (dispatch, getState) => {
    const id = await contactId(getState, dispatch)
    const contact = id ? await setMember(id, false) : null
    if (!contact || contact.isMember) return false
    dispatch(contactLoaded(contact))
    dispatch(membershipLeft())
    await dispatch(refresh())
    await dispatch(openModalDelayed(MEMBERSHIP_MODAL_IDS.deleted))
    return true
  }
}

export function deleteLoyaltyAccount(): Thunk<boolean> {
  return async (dispatch, getState) => {
    const id = await contactId(getState, dispatch)
    const removed = id ? await removeLoyaltyAccount(id) : null
    if (!removed?.removed) return false
    dispatch(loyaltyAccountDeleted())
    await dispatch(refresh())
    await dispatch(openModalDelayed(MEMBERSHIP_MODAL_IDS.deleted))
    return true
  }
}

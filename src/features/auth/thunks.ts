/**
 * Login, registration, refresh, password change and logout (docs/product-rules.md#accounts-and-auth) through the storefront's
 * session endpoints (./api.ts). A password leaves the browser only as its digest (docs/product-rules.md#accounts-and-auth). The
 * thunks put the outcome into the store (`connected`, `loggedOut`); the refresh timer, the
 * cookies, the other tabs and the cart and loyalty resets follow from those actions in the
 * listeners (./listeners.ts, src/app/client/*), never from here.
 */
import type { AppDispatch, RootState } from '../../app/store'
import { passwordDigest } from '../../shared/password-digest'
import { COOKIES, readCookie } from '../../shared/cookies'
import { shopEventRecorded } from '../events/slice'
import { sendCartEvent } from '../loyalty/api'
import { getSession, postSession, type SessionFailure, type SessionResult } from './api'
import { connected, connectFailed, connectStarted, loggedOut, sessionRestored } from './slice'
import type { SessionGranted } from '../../shared/session'
import type { BuyerType } from '../../shared/customer-types'

/**
 * `check-email`: the registration was taken but the login with the same credentials was not (the
 * e-mail already had an account with another password); the mail tells the owner (ADR 0067).
 */
export type AuthOutcome = { ok: true } | SessionFailure | { ok: false; error: 'check-email' }

export interface Credentials {
  email: string
  password: string
  rememberMe: boolean
}

/** The profile saved with the account right after registration (UserInputType fields). */
export interface RegistrationProfile {
  address?: { firstName?: string; lastName?: string; mobile?: string; zip?: string; city?: string }
  newsletter?: boolean
  sms?: boolean
  customerType?: BuyerType
}

type Dispatch = AppDispatch

/** `connected` for a granted session: the server's expiry, and the max age the timer runs on. */
function connectedWith(granted: SessionGranted) {
  return connected({
    user: granted.user,
    maxAgeSeconds: granted.maxAge,
    now: Date.now(),
    expiresAt: granted.expiresAt,
  })
}

function settle(dispatch: Dispatch, result: SessionResult<SessionGranted | null>): AuthOutcome {
  if (result.ok && result.value) {
    dispatch(connectedWith(result.value))
    return { ok: true }
  }
  dispatch(connectFailed())
  return result.ok ? { ok: false, error: 'auth-unavailable' } : result
}

export function login({ email, password, rememberMe }: Credentials) {
  return async (dispatch: Dispatch): Promise<AuthOutcome> => {
    dispatch(connectStarted())
    const digest = await passwordDigest(password)
    const outcome = settle(
      dispatch,
      await postSession('login', { username: email.trim(), password: digest, rememberMe }),
    )
    if (outcome.ok) dispatch(shopEventRecorded({ type: 'user:login' }))
    return outcome
  }
}

/** Where the registration mail links to, in the shopper's language (the account page's path). */
export interface RegistrationMailPlace {
  language: string
  accountPath: string
}

/**
 * Registration answers the same whether or not the e-mail had an account (ADR 0067), so the
 * shopper is then logged in with the same credentials: a new account's owner is in at once, as
 * is someone who registers again with their right password; anyone else is asked to read the
 * mail, which says what happened.
 */
export function register(
  { email, password, rememberMe }: Credentials,
  user?: RegistrationProfile,
  mail?: RegistrationMailPlace,
) {
  return async (dispatch: Dispatch): Promise<AuthOutcome> => {
    dispatch(connectStarted())
    const digest = await passwordDigest(password)
    const username = email.trim()
    const accepted = await postSession('register', {
      username,
      password: digest,
      rememberMe,
      ...(user ? { user } : {}),
      ...mail,
    })
    if (!accepted.ok) {
      dispatch(connectFailed())
      return accepted
    }
    const outcome = settle(dispatch, await postSession('login', { username, password: digest, rememberMe }))
    if (outcome.ok) dispatch(shopEventRecorded({ type: 'user:register' }))
    else if (outcome.error === 'invalid-credentials') return { ok: false, error: 'check-email' }
    return outcome
  }
}

/**
 * docs/product-rules.md#accounts-and-auth logout: the server revokes the session and clears its cookies, then the user:logout
 * event and `loggedOut` (which resets the loyalty user and the cart in their reducers and
 * listeners, and tells the other tabs). A failed call still logs out this browser's state.
 */
export function logout() {
  return async (dispatch: Dispatch, getState: () => RootState): Promise<void> => {
    // docs/product-rules.md#accounts-and-auth: logout empties the cart for the loyalty analytics, while the session still names
    // the customer (fire and forget: a failure never keeps anyone logged in)
    if (getState().auth.user) await sendCartEvent({ kind: 'empty-cart', reason: 'logout' })
    await postSession('logout')
    dispatch(shopEventRecorded({ type: 'user:logout' }))
    dispatch(loggedOut())
  }
}

/** The Web Locks name that lets one tab at a time refresh (all tabs share the refresh cookie). */
export const REFRESH_LOCK = 'lumo-session-refresh'

function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request(REFRESH_LOCK, run) : run()
}

/**
 * A new token before the old one expires; a refused refresh ends the session (docs/product-rules.md#accounts-and-auth). Tabs
 * take turns (Web Locks), and a tab first asks whether another tab has already refreshed (the
 * cookie then holds a token that outlives the one this tab knows): presenting the same refresh
 * token twice would look like a stolen one and end the session everywhere.
 */
export function refresh() {
  return (dispatch: Dispatch, getState: () => RootState): Promise<AuthOutcome> =>
    withRefreshLock(async () => {
      const current = await getSession()
      const known = getState().auth.tokenExpiresAt ?? 0
      if (current.ok && current.value && current.value.expiresAt > known) {
        dispatch(sessionRestored(current.value))
        return { ok: true }
      }
      return renew(dispatch, getState)
    })
}

async function renew(dispatch: Dispatch, getState: () => RootState): Promise<AuthOutcome> {
  const result = await postSession('refresh')
  if (result.ok && result.value) {
    dispatch(connectedWith(result.value))
    return { ok: true }
  }
  // docs/product-rules.md#accounts-and-auth: a refused refresh leaves the shopper unauthenticated (the server cleared the
  // cookies); a network failure changes nothing, and a guest stays a guest with their cart
  const refused = !result.ok && result.error !== 'network' && result.error !== 'auth-unavailable'
  if (refused && getState().auth.user !== null) dispatch(loggedOut())
  return result.ok ? { ok: false, error: 'auth-unavailable' } : result
}

/** docs/product-rules.md#accounts-and-auth: a wrong current password logs the user out (the server has already). */
export function changePassword({ password, newPassword }: { password: string; newPassword: string }) {
  return async (dispatch: Dispatch): Promise<AuthOutcome> => {
    const [current, next] = await Promise.all([passwordDigest(password), passwordDigest(newPassword)])
    const result = await postSession('password', { password: current, newPassword: next })
    if (!result.ok && (result.error === 'wrong-password' || result.error === 'not-logged-in')) {
      dispatch(shopEventRecorded({ type: 'user:logout' }))
      dispatch(loggedOut())
      return result
    }
    if (result.ok && result.value) {
      dispatch(connectedWith(result.value))
      return { ok: true }
    }
    return result.ok ? { ok: false, error: 'auth-unavailable' } : result
  }
}

/**
 * The session of this browser as the server verifies it (GET /api/session): on pages from the
 * shared cache and when a tab learns of a login elsewhere. When the token has expired but the
 * readable `lumo-user` cookie says a session was there, the refresh token is tried.
 */
export function restoreSession() {
  return async (dispatch: Dispatch): Promise<void> => {
    const result = await getSession()
    if (!result.ok) return
    if (result.value) {
      dispatch(sessionRestored(result.value))
      return
    }
    if (readCookie(COOKIES.user) !== undefined) await dispatch(refresh())
  }
}

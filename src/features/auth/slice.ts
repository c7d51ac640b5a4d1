/**
 * Auth (docs/product-rules.md#accounts-and-auth): logged out or logged in. The token itself never enters the state (it lives in
 * the HttpOnly `lumo-auth` cookie, DESIGN §5); the state keeps the public user of the VERIFIED
 * token (server/ssr/session.ts) and when the token expires, so the client can schedule the
 * refresh at 90% of its max age. The calls are in ./thunks.ts, their effects in ./listeners.ts.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { parseSessionUser, type SessionUser } from '../../shared/session'

export type AuthUser = SessionUser

export type AuthStatus = 'loggedOut' | 'connecting' | 'loggedIn'

export interface AuthState {
  user: AuthUser | null
  /** epoch ms when the session token expires; null when unknown or logged out */
  tokenExpiresAt: number | null
  status: AuthStatus
}

export const initialAuthState: AuthState = { user: null, tokenExpiresAt: null, status: 'loggedOut' }

/** The shape of the `lumo-user` cookie (display data only); anything else is ignored. */
export const parseAuthUser = parseSessionUser

/** Reads the JSON of the `lumo-user` cookie; garbage gives no user. */
export function parseUserCookie(raw: string | undefined): AuthUser | null {
  if (!raw) return null
  try {
    return parseAuthUser(JSON.parse(raw))
  } catch {
    return null
  }
}

/** docs/product-rules.md#accounts-and-auth: the refresh runs at 90% of the token's max age (900 × maxAge ms). */
export function refreshDelayMs(maxAgeSeconds: number): number {
  return Math.max(0, 900 * maxAgeSeconds)
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    userRestored(state, action: PayloadAction<AuthUser | null>) {
      state.user = action.payload
      state.status = action.payload ? 'loggedIn' : 'loggedOut'
      if (!action.payload) state.tokenExpiresAt = null
    },
    /** The verified session of the server render or of GET /api/session (null: none). */
    sessionRestored(state, action: PayloadAction<{ user: AuthUser; expiresAt: number } | null>) {
      state.user = action.payload?.user ?? null
      state.tokenExpiresAt = action.payload?.expiresAt ?? null
      state.status = action.payload ? 'loggedIn' : 'loggedOut'
    },
    connectStarted(state) {
      state.status = 'connecting'
    },
    /** A refused or failed login, register or password change: back to what it was. */
    connectFailed(state) {
      state.status = state.user ? 'loggedIn' : 'loggedOut'
    },
    /**
     * A successful login/refresh: `now` is passed in so the reducer stays pure; `expiresAt` is
     * the server's expiry of the token when it said (compared with GET /api/session's, so the
     * same clock), else now + max age.
     */
    connected(
      state,
      action: PayloadAction<{ user: AuthUser; maxAgeSeconds: number; now: number; expiresAt?: number }>,
    ) {
      state.user = action.payload.user
      state.tokenExpiresAt =
        action.payload.expiresAt ?? action.payload.now + action.payload.maxAgeSeconds * 1000
      state.status = 'loggedIn'
    },
    /** Failed auth calls leave the shopper unauthenticated (docs/product-rules.md#accounts-and-auth); also the logout and the 'no token' path. */
    loggedOut(state) {
      state.user = null
      state.tokenExpiresAt = null
      state.status = 'loggedOut'
    },
  },
})

export const { userRestored, sessionRestored, connectStarted, connectFailed, connected, loggedOut } =
  authSlice.actions
export const authReducer = authSlice.reducer

export const selectUser = (state: { auth: AuthState }): AuthUser | null => state.auth.user
export const selectIsAuthenticated = (state: { auth: AuthState }): boolean => state.auth.user !== null
/** When to refresh: 90% of the remaining life, measured from when it was granted. */
export function selectRefreshAt(state: { auth: AuthState }, grantedAt: number): number | null {
  const expiresAt = state.auth.tokenExpiresAt
  if (expiresAt === null) return null
  return grantedAt + Math.max(0, expiresAt - grantedAt) * 0.9
}

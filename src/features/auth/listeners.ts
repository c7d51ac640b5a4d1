/**
 * The session's effects in the browser (docs/product-rules.md#accounts-and-auth): the token is refreshed at 90% of its max age;
 * a tab that learns of a login from another tab keeps a later fallback timer (95%), so only one
 * tab refreshes while the first is open (two refreshes with one refresh token would look like a
 * stolen token and revoke the session). When the server render found no valid token but the
 * readable `lumo-user` cookie says there was a session, the refresh token is tried at once. A
 * change of user resets Apollo's cache (errors only logged, docs/product-rules.md#accounts-and-auth).
 */
import type { AppStore } from '../../app/store'
import type { GetApollo } from '../../app/apollo-access'
import { COOKIES, readCookie } from '../../shared/cookies'
import { isFromOtherTab } from '../../app/client/broadcast'
import { connected, loggedOut, refreshDelayMs, sessionRestored, userRestored } from './slice'
import { refresh } from './thunks'

/** The share of the max age after which a tab that did not log in refreshes, if no one else did. */
const OTHER_TAB_REFRESH_SHARE = 0.95

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export function startAuthSync(
  store: AppStore,
  getApollo: GetApollo | null = null,
  timers: Timers = realTimers,
): () => void {
  let timer: unknown = null
  const cancel = () => {
    if (timer !== null) timers.clearTimeout(timer)
    timer = null
  }
  const schedule = (delayMs: number) => {
    cancel()
    timer = timers.setTimeout(
      () => {
        timer = null
        void store.dispatch(refresh())
      },
      Math.max(0, delayMs),
    )
  }
  const resetApollo = () => {
    if (!getApollo) return
    getApollo()
      .then((client) => client.resetStore())
      .catch((error: unknown) => console.warn('Apollo cache reset after login/logout failed', error))
  }

  const stops = [
    store.startListening({
      actionCreator: connected,
      effect: (action, api) => {
        const { maxAgeSeconds } = action.payload
        schedule(
          isFromOtherTab(action)
            ? maxAgeSeconds * 1000 * OTHER_TAB_REFRESH_SHARE
            : refreshDelayMs(maxAgeSeconds),
        )
        if (api.getOriginalState().auth.user?.id !== action.payload.user.id) resetApollo()
      },
    }),
    store.startListening({
      actionCreator: sessionRestored,
      effect: (action) => {
        if (!action.payload) return cancel()
        schedule((action.payload.expiresAt - Date.now()) * 0.9)
      },
    }),
    store.startListening({
      actionCreator: userRestored,
      effect: (action) => {
        if (!action.payload) cancel()
      },
    }),
    store.startListening({
      actionCreator: loggedOut,
      effect: (_action, api) => {
        cancel()
        if (api.getOriginalState().auth.user !== null) resetApollo()
      },
    }),
  ]
  function stopAll() {
    cancel()
    stops.forEach((stop) => stop())
  }

  // the page's own session: schedule its refresh, or ask again when the server could not say
  // (a page from the shared cache asks in client/personal-state.ts)
  const { auth, global } = store.getState()
  if (global.sharedPage) return stopAll
  if (auth.user && auth.tokenExpiresAt !== null) schedule((auth.tokenExpiresAt - Date.now()) * 0.9)
  else if (!auth.user && readCookie(COOKIES.user) !== undefined) void store.dispatch(refresh())

  return stopAll
}

/**
 * The Redux store: one per request on the server, one per page in the browser (DESIGN §5).
 * Side effects run in the listener middleware; only the browser registers listeners
 * (src/app/client/listeners.ts), so rendering on the server never talks to the outside.
 */
import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  type TypedStartListening,
  type TypedAddListener,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit'
import { globalReducer } from './global-slice'
import { authReducer } from '../features/auth/slice'
import { paymentReducer } from '../features/payment/slice'
import { cartReducer } from '../features/cart/slice'
import { channelReducer } from '../features/channel/slice'
import { checkoutReducer } from '../features/checkout/slice'
import { contentPanelReducer } from '../features/contentpanel/slice'
import { eventsReducer } from '../features/events/slice'
import { lastVisitedReducer } from '../features/lastVisited/slice'
import { listReducer } from '../features/list/slice'
import { loadingReducer } from '../features/loading/slice'
import { modalReducer } from '../features/modal/slice'
import { productReducer } from '../features/product/slice'
import { quickshopReducer } from '../features/quickshop/slice'
import { snackbarReducer } from '../features/snackbar/slice'
import { loyaltyReducer } from '../features/loyalty/slice'
import { consentReducer } from '../features/consent/slice'
import { sanitiseAction, sanitiseState } from '../features/qa/sanitise'
import { qaSnapshotImported, withSnapshot } from '../features/qa/snapshot'
import { SHOP_NAME } from '../shared/shop'

export const rootReducer = combineReducers({
  global: globalReducer,
  auth: authReducer,
  payment: paymentReducer,
  cart: cartReducer,
  channel: channelReducer,
  checkout: checkoutReducer,
  contentpanel: contentPanelReducer,
  events: eventsReducer,
  lastVisited: lastVisitedReducer,
  list: listReducer,
  loading: loadingReducer,
  modal: modalReducer,
  product: productReducer,
  quickshop: quickshopReducer,
  snackbar: snackbarReducer,
  loyalty: loyaltyReducer,
  consent: consentReducer,
})

export type RootState = ReturnType<typeof rootReducer>

/** The root reducer, plus the QA import: a snapshot's areas replace the store's (snapshot.ts). */
const rootReducerWithSnapshots: typeof rootReducer = (state, action) => {
  const next = rootReducer(state, action)
  return qaSnapshotImported.match(action) ? withSnapshot(next, action.payload) : next
}

/** The store's dispatch (thunks included), named without the store so listener types need no cycle. */
type RootDispatch = ThunkDispatch<RootState, unknown, UnknownAction>
export type AppStartListening = TypedStartListening<RootState, RootDispatch>
export type AppAddListener = TypedAddListener<RootState, RootDispatch>
export type PreloadedRootState = Partial<RootState>

/**
 * Redux DevTools, with personal data and secrets removed from every state and action they show
 * (src/features/qa/sanitise.ts): always in development; in production only when the server
 * enabled the QA console for this page (a QA key presented, ADR 0037), passed in by the caller.
 */
function devToolsOptions(enabled: boolean) {
  if (!enabled) return false
  return {
    name: SHOP_NAME,
    actionSanitizer: sanitiseAction,
    stateSanitizer: sanitiseState,
  }
}

export interface MakeStoreOptions {
  /** connect Redux DevTools; by default only in development */
  devTools?: boolean
}

export function makeStore(preloadedState?: PreloadedRootState, options: MakeStoreOptions = {}) {
  const listeners = createListenerMiddleware()
  const devTools = options.devTools ?? Boolean(import.meta.env?.DEV)
  const store = configureStore({
    reducer: rootReducerWithSnapshots,
    ...(preloadedState ? { preloadedState } : {}),
    devTools: devToolsOptions(devTools),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().prepend(listeners.middleware),
  })
  return Object.assign(store, {
    /** Registers a side effect on this store; returns the unsubscribe function. */
    startListening: listeners.startListening as AppStartListening,
    /** Whether Redux DevTools were enabled for this store. */
    devToolsEnabled: devTools,
  })
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']

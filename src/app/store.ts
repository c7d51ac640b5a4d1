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
/** The store's dispatch (thunks included), named without the store so listener types need no cycle. */
type RootDispatch = ThunkDispatch<RootState, unknown, UnknownAction>
export type AppStartListening = TypedStartListening<RootState, RootDispatch>
export type AppAddListener = TypedAddListener<RootState, RootDispatch>
export type PreloadedRootState = Partial<RootState>

/** Session-storage key that remembers a `?devtools=1` opt-in for the rest of the tab's life. */
export const DEVTOOLS_FLAG_KEY = 'lumo-devtools'

/**
 * Redux DevTools: always in development; in production only after `?devtools=1` was seen in this
 * tab (`?devtools=0` turns it off again). The flag sits in session storage so it survives reloads.
 */
export function devToolsWanted(options: {
  isDev: boolean
  search?: string
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
}): boolean {
  if (options.isDev) return true
  const { storage } = options
  if (!storage) return false
  try {
    const requested = new URLSearchParams(options.search ?? '').get('devtools')
    if (requested === '1') storage.setItem(DEVTOOLS_FLAG_KEY, '1')
    if (requested === '0') storage.removeItem(DEVTOOLS_FLAG_KEY)
    return storage.getItem(DEVTOOLS_FLAG_KEY) === '1'
  } catch {
    // storage can be disabled (privacy mode); DevTools then simply stay off
    return false
  }
}

function defaultDevTools(): boolean {
  const isDev = Boolean(import.meta.env?.DEV)
  if (typeof window === 'undefined') return isDev
  let storage: Storage | undefined
  try {
    storage = window.sessionStorage
  } catch {
    storage = undefined
  }
  return devToolsWanted({ isDev, search: window.location.search, ...(storage ? { storage } : {}) })
}

export interface MakeStoreOptions {
  devTools?: boolean
}

export function makeStore(preloadedState?: PreloadedRootState, options: MakeStoreOptions = {}) {
  const listeners = createListenerMiddleware()
  const devTools = options.devTools ?? defaultDevTools()
  const store = configureStore({
    reducer: rootReducer,
    ...(preloadedState ? { preloadedState } : {}),
    devTools,
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

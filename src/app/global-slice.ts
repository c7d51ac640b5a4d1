/**
 * The root `global` state of docs/product-rules.md#shop-wide-behaviour with its defaults, the viewport/scroll selectors of docs/product-rules.md#shop-wide-behaviour,
 * the customer-type rule and the favourites rules. Side effects of these (local storage, the
 * favourites broadcast, the shop events) live in thunks and listeners, never in the reducers.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ListSort } from '../lib/list-url'
import { shopEventRecorded } from '../features/events/slice'
import {
  CUSTOMER_TYPES,
  DEFAULT_CUSTOMER_TYPE,
  isCustomerType,
  pricesIncludeVat,
  type CustomerType,
} from '../shared/customer-types'

export { CUSTOMER_TYPES, isCustomerType, type CustomerType }

export interface CustomerTypeEntry {
  type: CustomerType
  /** whether prices are shown including VAT for this type */
  vat: boolean
}

export interface Breakpoints {
  tablet: number
  laptop: number
  desktop: number
  desktopBig: number
}

export interface GlobalConfig {
  breakpoints: Breakpoints
  /** base of the auth endpoint as the browser sees it */
  authEndpoint: string
  /** the sign endpoint; the challenge is appended */
  signEndpoint: string
  /** scroll offset (px) up to which the site counts as 'at top' */
  siteTopThreshold: number
  productListDefaultSort: ListSort
  customSortRoutes: { routeName: string; sort: ListSort }[]
  customerTypes: CustomerTypeEntry[]
}

export type FavoriteId = string | number

export interface CategoryNode {
  id: string
  name: string
  url: string
  children: CategoryNode[]
}

export interface GlobalState {
  favorites: FavoriteId[]
  favoritesUserId: string | null
  customerType: CustomerType
  vatIncluded: boolean
  scrollTop: number
  viewportWidth: number
  hostname: string
  config: GlobalConfig
  ancientBrowser: boolean
  categoryTree: CategoryNode[]
  headerHidden: boolean
  currentRouteName: string
  currentPath: string
  /** connectivity (docs/product-rules.md#shop-wide-behaviour); the server cannot know, so it assumes online */
  online: boolean
  /**
   * The server rendered this page for every shopper (the shared page cache): it saw none of the
   * shopper's cookies, so the browser restores the personal parts (cart, user, last visited).
   */
  sharedPage: boolean
}

export const DEFAULT_CONFIG: GlobalConfig = {
  breakpoints: { tablet: 768, laptop: 1024, desktop: 1280, desktopBig: 1536 },
  authEndpoint: '/auth',
  signEndpoint: '/auth/sign/',
  siteTopThreshold: 10,
  productListDefaultSort: 'LATEST',
  customSortRoutes: [],
  // the price-display types of the shop definition and whether their prices include VAT
  customerTypes: CUSTOMER_TYPES.map((type) => ({ type, vat: pricesIncludeVat(type) })),
}

export const initialGlobalState: GlobalState = {
  favorites: [],
  favoritesUserId: null,
  customerType: DEFAULT_CUSTOMER_TYPE,
  vatIncluded: true,
  scrollTop: 0,
  viewportWidth: 0,
  hostname: '',
  config: DEFAULT_CONFIG,
  ancientBrowser: false,
  categoryTree: [],
  headerHidden: false,
  currentRouteName: '',
  currentPath: '',
  online: true,
  sharedPage: false,
}

/** docs/product-rules.md#shop-wide-behaviour: the merged favourites list is capped at 1000 entries. */
export const FAVORITES_CAP = 1000
/** docs/product-rules.md#shop-wide-behaviour: desktop-type devices start with this width before the browser reports its own. */
export const DESKTOP_DEFAULT_VIEWPORT_WIDTH = 1360

/** Numeric-looking ids become numbers, duplicates go (first wins), at most 1000 are kept. */
export function normaliseFavorites(ids: readonly FavoriteId[]): FavoriteId[] {
  const seen = new Set<FavoriteId>()
  const result: FavoriteId[] = []
  for (const raw of ids) {
    const id =
      typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) && Number.isSafeInteger(Number(raw))
        ? Number(raw)
        : raw
    if (typeof id === 'string' && id.trim() === '') continue
    if (seen.has(id)) continue
    seen.add(id)
    result.push(id)
    if (result.length === FAVORITES_CAP) break
  }
  return result
}

/** docs/product-rules.md#shop-wide-behaviour: Internet Explorer is the only 'ancient' browser. */
export function isAncientBrowser(userAgent: string): boolean {
  return /MSIE |Trident\//.test(userAgent)
}

/** Phones and tablets report their own width soon enough; desktops get the 1360 px default on the server. */
export function isDesktopDevice(userAgent: string): boolean {
  if (!userAgent) return false
  return !/Mobi|Android|iPhone|iPad|iPod|Tablet|Silk|Kindle|Opera Mini|IEMobile|BlackBerry/i.test(userAgent)
}

const globalSlice = createSlice({
  name: 'global',
  initialState: initialGlobalState,
  reducers: {
    hostnameSet(state, action: PayloadAction<string>) {
      state.hostname = action.payload
    },
    configSet(state, action: PayloadAction<Partial<GlobalConfig>>) {
      state.config = { ...state.config, ...action.payload }
    },
    routeChanged(state, action: PayloadAction<{ routeName: string; path: string }>) {
      state.currentRouteName = action.payload.routeName
      state.currentPath = action.payload.path
    },
    viewportWidthSet(state, action: PayloadAction<number>) {
      state.viewportWidth = Math.max(0, Math.round(action.payload))
    },
    scrollTopSet(state, action: PayloadAction<number>) {
      state.scrollTop = Math.max(0, action.payload)
    },
    headerHiddenSet(state, action: PayloadAction<boolean>) {
      state.headerHidden = action.payload
    },
    onlineSet(state, action: PayloadAction<boolean>) {
      state.online = action.payload
    },
    ancientBrowserSet(state, action: PayloadAction<boolean>) {
      state.ancientBrowser = action.payload
    },
    sharedPageRendered(state) {
      state.sharedPage = true
    },
    categoryTreeSet(state, action: PayloadAction<CategoryNode[]>) {
      state.categoryTree = action.payload
    },
    /** Picks the configured entry; an unconfigured type changes nothing. */
    customerTypeSet(state, action: PayloadAction<string>) {
      const entry = state.config.customerTypes.find((candidate) => candidate.type === action.payload)
      if (!entry) return
      state.customerType = entry.type
      state.vatIncluded = entry.vat
    },
    favoritesSet(state, action: PayloadAction<readonly FavoriteId[]>) {
      state.favorites = normaliseFavorites(action.payload)
    },
    /** Newest first, so the cap drops the oldest. */
    favoriteAdded(state, action: PayloadAction<{ productId: FavoriteId; product?: unknown }>) {
      state.favorites = normaliseFavorites([action.payload.productId, ...state.favorites])
    },
    favoriteRemoved(state, action: PayloadAction<{ productId: FavoriteId; product?: unknown }>) {
      const [id] = normaliseFavorites([action.payload.productId])
      state.favorites = state.favorites.filter((existing) => existing !== id)
    },
    favoritesCleared(state) {
      state.favorites = []
    },
    favoritesUserIdSet(state, action: PayloadAction<string | null>) {
      state.favoritesUserId = action.payload
    },
  },
})

export const {
  hostnameSet,
  configSet,
  routeChanged,
  viewportWidthSet,
  scrollTopSet,
  headerHiddenSet,
  onlineSet,
  ancientBrowserSet,
  categoryTreeSet,
  sharedPageRendered,
  customerTypeSet,
  favoritesSet,
  favoriteAdded,
  favoriteRemoved,
  favoritesCleared,
  favoritesUserIdSet,
} = globalSlice.actions
export const globalReducer = globalSlice.reducer

type WithGlobal = { global: GlobalState }

export type ViewportClass = 'phone' | 'tablet' | 'laptop' | 'desktop' | 'desktopBig'

export function viewportClassFor(width: number, breakpoints: Breakpoints): ViewportClass {
  if (width < breakpoints.tablet) return 'phone'
  if (width < breakpoints.laptop) return 'tablet'
  if (width < breakpoints.desktop) return 'laptop'
  if (width < breakpoints.desktopBig) return 'desktop'
  return 'desktopBig'
}

export const selectViewportClass = (state: WithGlobal): ViewportClass =>
  viewportClassFor(state.global.viewportWidth, state.global.config.breakpoints)
/** 1024 px (the laptop breakpoint) separates mobile from computer view. */
export const selectIsComputer = (state: WithGlobal): boolean =>
  state.global.viewportWidth >= state.global.config.breakpoints.laptop
export const selectSiteIsAtTop = (state: WithGlobal): boolean =>
  state.global.scrollTop <= state.global.config.siteTopThreshold
export const selectFavorites = (state: WithGlobal): FavoriteId[] => state.global.favorites
export const selectIsFavorite = (state: WithGlobal, productId: FavoriteId): boolean => {
  const [id] = normaliseFavorites([productId])
  return id !== undefined && state.global.favorites.includes(id)
}
export const selectVatIncluded = (state: WithGlobal): boolean => state.global.vatIncluded

type GlobalThunkDispatch = (action: { type: string; payload?: unknown }) => unknown

/**
 * docs/product-rules.md#shop-wide-behaviour customer type: picks the configured entry, sets the type and VAT display from it and
 * emits customer-type:change. An unconfigured type is ignored (no event).
 */
export function changeCustomerType(type: string) {
  return (dispatch: GlobalThunkDispatch, getState: () => WithGlobal): boolean => {
    const entry = getState().global.config.customerTypes.find((candidate) => candidate.type === type)
    if (!entry) return false
    dispatch(customerTypeSet(entry.type))
    dispatch(
      shopEventRecorded({
        type: 'customer-type:change',
        payload: { customerType: entry.type, vatIncluded: entry.vat },
      }),
    )
    return true
  }
}

/** docs/product-rules.md#shop-wide-behaviour favourites: toggling adds or removes the id and emits favorite:add / favorite:remove. */
export function toggleFavorite(productId: FavoriteId, product?: unknown) {
  return (dispatch: GlobalThunkDispatch, getState: () => WithGlobal): 'added' | 'removed' => {
    const payload = product === undefined ? { productId } : { productId, product }
    if (selectIsFavorite(getState(), productId)) {
      dispatch(favoriteRemoved(payload))
      dispatch(shopEventRecorded({ type: 'favorite:remove', payload }))
      return 'removed'
    }
    dispatch(favoriteAdded(payload))
    dispatch(shopEventRecorded({ type: 'favorite:add', payload }))
    return 'added'
  }
}

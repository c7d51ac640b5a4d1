/**
 * Product list query selection (docs/product-rules.md#catalogue-and-lists) and the selections saved per
 * list path, so that coming back to a list restores its filters (docs/product-rules.md#catalogue-and-lists: leaving a list page
 * saves its query selection). The URL form is the one of docs/product-rules.md#catalogue-and-lists: filters as label~id pairs,
 * parameters as `p-{name}`.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { routeChanged } from '../../app/global-slice'

import {
  emptySelection,
  isListSort,
  LIST_SORTS,
  parseListSearch,
  serialiseListSearch,
  type FilterValue,
  type ListSelection,
  type ListSort,
} from '../../lib/list-url'

// The selection's shape and URL format live in src/lib/list-url.ts.
export { emptySelection, isListSort, LIST_SORTS, type FilterValue, type ListSelection, type ListSort }

export interface ListState {
  /** the list page being shown, or null off list pages */
  activePath: string | null
  selection: ListSelection
  /** list path → the selection it had when the shopper left it */
  savedSelections: Record<string, ListSelection>
}

/** Enough to come back to recent lists without letting the state (and the page) grow without bound. */
export const MAX_SAVED_SELECTIONS = 20

export const initialListState: ListState = {
  activePath: null,
  selection: emptySelection(),
  savedSelections: {},
}

export const selectionFromSearchParams = (search: URLSearchParams): ListSelection => parseListSearch(search)
export const selectionToSearchParams = (selection: ListSelection): URLSearchParams =>
  serialiseListSearch(selection)

/** Default sort (docs/product-rules.md#catalogue-and-lists): the configured default, RELEVANCE on search pages, custom sort for configured routes. */
export function defaultSortFor(
  routeName: string,
  config: { productListDefaultSort: ListSort; customSortRoutes: { routeName: string; sort: ListSort }[] },
): ListSort {
  const custom = config.customSortRoutes.find((entry) => entry.routeName === routeName)
  if (custom) return custom.sort
  if (routeName === 'search' || routeName.startsWith('search-')) return 'RELEVANCE'
  return config.productListDefaultSort
}

function saveActive(state: ListState): void {
  if (state.activePath === null) return
  delete state.savedSelections[state.activePath]
  state.savedSelections[state.activePath] = state.selection
  const paths = Object.keys(state.savedSelections)
  // insertion order is age order: drop the oldest beyond the cap
  for (const path of paths.slice(0, Math.max(0, paths.length - MAX_SAVED_SELECTIONS)))
    delete state.savedSelections[path]
}

const listSlice = createSlice({
  name: 'list',
  initialState: initialListState,
  reducers: {
    listPageEntered(state, action: PayloadAction<{ path: string; selection: ListSelection }>) {
      if (state.activePath !== action.payload.path) saveActive(state)
      state.activePath = action.payload.path
      state.selection = action.payload.selection
    },
    selectionChanged(state, action: PayloadAction<Partial<ListSelection>>) {
      state.selection = { ...state.selection, ...action.payload }
    },
    selectionCleared(state) {
      state.selection = emptySelection()
    },
  },
  extraReducers: (builder) => {
    builder.addCase(routeChanged, (state, action) => {
      if (state.activePath !== null && state.activePath !== action.payload.path) {
        saveActive(state)
        state.activePath = null
      }
    })
  },
})

export const { listPageEntered, selectionChanged, selectionCleared } = listSlice.actions
export const listReducer = listSlice.reducer

export function selectSavedSelection(state: { list: ListState }, path: string): ListSelection | undefined {
  return state.list.savedSelections[path]
}

/**
 * Product list query selection (spec §3 'Product list selection') and the selections saved per
 * list path, so that coming back to a list restores its filters (spec §2: leaving a list page
 * saves its query selection). The URL form is the one of spec §9: filters as label~id pairs,
 * parameters as `p-{name}`.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { routeChanged } from '../../app/global-slice'

export const LIST_SORTS = ['LATEST', 'MOST_SOLD', 'PRICE', 'PRICE_DESC', 'RELEVANCE'] as const
export type ListSort = (typeof LIST_SORTS)[number]

export interface FilterValue {
  id: string
  label: string
}

export interface ListSelection {
  categories: FilterValue[]
  brands: FilterValue[]
  skus: FilterValue[]
  price: FilterValue[]
  discount: FilterValue[]
  /** parameter name → chosen values */
  parameters: Record<string, FilterValue[]>
  sort: ListSort | null
  page: number
}

export interface ListState {
  /** the list page being shown, or null off list pages */
  activePath: string | null
  selection: ListSelection
  /** list path → the selection it had when the shopper left it */
  savedSelections: Record<string, ListSelection>
}

/** Enough to come back to recent lists without letting the state (and the page) grow without bound. */
export const MAX_SAVED_SELECTIONS = 20

export function emptySelection(): ListSelection {
  return {
    categories: [],
    brands: [],
    skus: [],
    price: [],
    discount: [],
    parameters: {},
    sort: null,
    page: 1,
  }
}

export const initialListState: ListState = {
  activePath: null,
  selection: emptySelection(),
  savedSelections: {},
}

const FILTER_KEYS = ['categories', 'brands', 'skus', 'price', 'discount'] as const
const PARAMETER_PREFIX = 'p-'

export function isListSort(value: unknown): value is ListSort {
  return typeof value === 'string' && (LIST_SORTS as readonly string[]).includes(value)
}

/** `label~id`; the id is after the last `~` so labels may contain one. */
function parseFilterValue(raw: string): FilterValue | null {
  const cut = raw.lastIndexOf('~')
  if (cut < 0) return raw ? { id: raw, label: raw } : null
  const id = raw.slice(cut + 1)
  return id ? { id, label: raw.slice(0, cut) } : null
}

function parseFilterValues(values: string[]): FilterValue[] {
  const seen = new Set<string>()
  const result: FilterValue[] = []
  for (const raw of values) {
    const value = parseFilterValue(raw)
    if (value && !seen.has(value.id)) {
      seen.add(value.id)
      result.push(value)
    }
  }
  return result
}

export function selectionFromSearchParams(search: URLSearchParams): ListSelection {
  const selection = emptySelection()
  for (const key of FILTER_KEYS) selection[key] = parseFilterValues(search.getAll(key))
  const names = new Set([...search.keys()].filter((k) => k.startsWith(PARAMETER_PREFIX) && k.length > 2))
  for (const key of names) {
    const values = parseFilterValues(search.getAll(key))
    if (values.length > 0) selection.parameters[key.slice(PARAMETER_PREFIX.length)] = values
  }
  const sort = search.get('sort')
  selection.sort = isListSort(sort) ? sort : null
  const page = Number(search.get('page'))
  selection.page = Number.isInteger(page) && page > 1 ? page : 1
  return selection
}

export function selectionToSearchParams(selection: ListSelection): URLSearchParams {
  const search = new URLSearchParams()
  const encode = (value: FilterValue) => `${value.label}~${value.id}`
  for (const key of FILTER_KEYS) for (const value of selection[key]) search.append(key, encode(value))
  for (const [name, values] of Object.entries(selection.parameters)) {
    for (const value of values) search.append(`${PARAMETER_PREFIX}${name}`, encode(value))
  }
  if (selection.sort) search.set('sort', selection.sort)
  if (selection.page > 1) search.set('page', String(selection.page))
  return search
}

/** Default sort (spec §9): the configured default, RELEVANCE on search pages, custom sort for configured routes. */
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

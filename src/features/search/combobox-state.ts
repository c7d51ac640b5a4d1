/**
 * The search combobox's state and keyboard rules (WAI-ARIA 1.2 combobox with a listbox popup,
 * https://www.w3.org/WAI/ARIA/apg/patterns/combobox/): plain data and a reducer, so the rules are
 * tested without a browser and the component only wires events to actions.
 *
 * - Typing opens the popup and leaves no option active: Enter then searches for what was typed.
 * - ArrowDown / ArrowUp move the active option (wrapping), and ArrowDown opens a closed popup;
 *   ArrowUp from the first option returns to the field. Home / End stay in the text field.
 * - Escape closes an open popup, or clears the field when it is already closed.
 * - Focus never leaves the field (aria-activedescendant names the active option), and Tab is
 *   left to the browser: no focus trap.
 */
import type { ProductGroup } from '../../shared/search-api'

export type SuggestionKind = 'recent' | 'trending' | 'phrase' | 'product' | 'content'

export interface SuggestionOption {
  /** unique within one answer; becomes part of the option's element id */
  id: string
  kind: SuggestionKind
  /** the phrase to search for (phrases, recent and trending searches) */
  q?: string
  /** `{…}`-marked highlight of a phrase */
  highlighted?: string
  /** where a product, category or brand lives */
  link?: string
  /** the recommendation ticket, sent with a click */
  ticket?: string
  label: string
  product?: ProductGroup['products'][number]
}

export interface SuggestionGroup {
  kind: SuggestionKind
  options: SuggestionOption[]
}

export interface ComboboxState {
  query: string
  open: boolean
  /** index into the flat option list; -1 when the field itself is active */
  activeIndex: number
  groups: SuggestionGroup[]
  /** the products the service counts for the query (announced) */
  totalHits: number
  /** the query the groups answer (a later answer for an older query is dropped) */
  answeredQuery: string | null
}

export const initialComboboxState: ComboboxState = {
  query: '',
  open: false,
  activeIndex: -1,
  groups: [],
  totalHits: 0,
  answeredQuery: null,
}

export type ComboboxAction =
  | { type: 'typed'; query: string }
  | { type: 'focused' }
  /** the service's answer for `query`, as suggestion-groups.ts groups it */
  | { type: 'answered'; query: string; groups: SuggestionGroup[]; totalHits: number }
  | { type: 'recentRemoved'; q: string }
  | { type: 'key'; key: 'ArrowDown' | 'ArrowUp' | 'Escape' }
  | { type: 'optionHovered'; index: number }
  | { type: 'closed' }

export function flatOptions(state: Pick<ComboboxState, 'groups'>): SuggestionOption[] {
  return state.groups.flatMap((group) => group.options)
}

export function activeOption(state: ComboboxState): SuggestionOption | null {
  if (!state.open || state.activeIndex < 0) return null
  return flatOptions(state)[state.activeIndex] ?? null
}

export function comboboxReducer(state: ComboboxState, action: ComboboxAction): ComboboxState {
  switch (action.type) {
    case 'typed':
      return { ...state, query: action.query, open: true, activeIndex: -1 }
    case 'focused':
      return { ...state, open: true, activeIndex: -1 }
    case 'answered': {
      // an answer for a query the shopper has since changed is stale
      if (action.query !== state.query) return state
      return {
        ...state,
        groups: action.groups,
        totalHits: action.totalHits,
        answeredQuery: action.query,
        activeIndex: -1,
      }
    }
    case 'recentRemoved': {
      const groups = state.groups
        .map((group) =>
          group.kind === 'recent'
            ? { ...group, options: group.options.filter((option) => option.q !== action.q) }
            : group,
        )
        .filter((group) => group.options.length > 0)
      const count = groups.reduce((sum, group) => sum + group.options.length, 0)
      return { ...state, groups, activeIndex: Math.min(state.activeIndex, count - 1) }
    }
    case 'optionHovered':
      return { ...state, activeIndex: action.index }
    case 'closed':
      return { ...state, open: false, activeIndex: -1 }
    case 'key': {
      const count = flatOptions(state).length
      if (action.key === 'Escape') {
        if (state.open) return { ...state, open: false, activeIndex: -1 }
        return { ...state, query: '', activeIndex: -1 }
      }
      if (action.key === 'ArrowDown') {
        if (!state.open) return { ...state, open: true, activeIndex: count > 0 ? 0 : -1 }
        if (count === 0) return state
        return { ...state, activeIndex: state.activeIndex + 1 >= count ? 0 : state.activeIndex + 1 }
      }
      // ArrowUp
      if (!state.open || count === 0) return state
      if (state.activeIndex === -1) return { ...state, activeIndex: count - 1 }
      return { ...state, activeIndex: state.activeIndex - 1 }
    }
  }
}

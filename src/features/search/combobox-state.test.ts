import { describe, expect, it } from 'vitest'
import type { AutocompleteResponse, Product } from '../../shared/search-api'
import {
  activeOption,
  comboboxReducer,
  flatOptions,
  initialComboboxState,
  type ComboboxAction,
  type ComboboxState,
} from './combobox-state'
import { highlightRuns, suggestionGroups } from './suggestion-groups'

/** The action the search field dispatches for an answer. */
function answered(query: string, response: AutocompleteResponse): ComboboxAction {
  return { type: 'answered', query, groups: suggestionGroups(query, response), totalHits: response.totalHits }
}

function product(key: string, title: string): Product {
  return {
    key,
    title,
    brand: 'Aurinko',
    link: `/fi/p/${key}`,
    ticket: `ticket-${key}`,
    inStock: true,
    listPrice: { min: 49.95, max: 49.95 },
    sellingPrice: { min: 49.95, max: 49.95 },
    variants: [],
    badges: { primary: [], secondary: [] },
    imageInfo: { effect: 'NONE', images: [] },
    swatch: { type: 'MISSING_COLORS', colors: [] },
  }
}

function answer(overrides: Partial<AutocompleteResponse> = {}): AutocompleteResponse {
  return {
    phraseSuggestions: [],
    productSuggestions: [],
    contentSuggestions: [],
    recentSearches: [],
    recentlyViewed: [],
    totalHits: 0,
    contentLists: [],
    ...overrides,
  }
}

function run(...actions: ComboboxAction[]): ComboboxState {
  return actions.reduce(comboboxReducer, initialComboboxState)
}

const MEKKO = answer({
  phraseSuggestions: [
    { q: 'mekko', highlighted: '{mekk}o' },
    { q: 'mekot', highlighted: '{mekk}ot' },
  ],
  contentSuggestions: [{ title: 'Mekot', highlightedTitle: '{Mekk}ot', link: '/fi/c/mekot', ticket: 'c1' }],
  productSuggestions: [{ key: 'LU1', remaining: 0, products: [product('LU1', 'Satiinimekko')] }],
  totalHits: 14,
})

describe('the search combobox state', () => {
  it('opens on typing with no option active, so Enter searches for what was typed', () => {
    const state = run({ type: 'typed', query: 'mekk' })
    expect(state.open).toBe(true)
    expect(activeOption(state)).toBeNull()
  })

  it('groups an answer: phrases, then categories and brands, then products', () => {
    const state = run({ type: 'typed', query: 'mekk' }, answered('mekk', MEKKO))
    expect(state.groups.map((group) => group.kind)).toEqual(['phrase', 'content', 'product'])
    expect(flatOptions(state).map((option) => option.label)).toEqual([
      'mekko',
      'mekot',
      'Mekot',
      'Satiinimekko',
    ])
    expect(state.totalHits).toBe(14)
  })

  it('offers recent and trending searches for an empty field', () => {
    const state = run(
      { type: 'focused' },
      answered(
        '',
        answer({
          recentSearches: [{ q: 'villaneule' }],
          phraseSuggestions: [{ q: 'juhlamekko', highlighted: 'juhlamekko' }],
        }),
      ),
    )
    expect(state.groups.map((group) => [group.kind, group.options.map((option) => option.q)])).toEqual([
      ['recent', ['villaneule']],
      ['trending', ['juhlamekko']],
    ])
  })

  it('drops an answer for a query the shopper has since changed', () => {
    const state = run(
      { type: 'typed', query: 'mek' },
      { type: 'typed', query: 'mekko' },
      answered('mek', MEKKO),
    )
    expect(state.groups).toEqual([])
    expect(state.answeredQuery).toBeNull()
  })

  it('moves with ArrowDown and ArrowUp, wrapping at both ends and back to the field', () => {
    const shown = run({ type: 'typed', query: 'mekk' }, answered('mekk', MEKKO))
    const down = (state: ComboboxState) => comboboxReducer(state, { type: 'key', key: 'ArrowDown' })
    const up = (state: ComboboxState) => comboboxReducer(state, { type: 'key', key: 'ArrowUp' })
    expect(activeOption(down(shown))?.label).toBe('mekko')
    expect(activeOption(down(down(down(down(shown)))))?.label).toBe('Satiinimekko')
    expect(activeOption(down(down(down(down(down(shown))))))?.label).toBe('mekko')
    expect(activeOption(up(shown))?.label).toBe('Satiinimekko')
    expect(up(down(shown)).activeIndex).toBe(-1)
  })

  it('opens a closed popup with ArrowDown on the first option', () => {
    const closed = run({ type: 'typed', query: 'mekk' }, answered('mekk', MEKKO), {
      type: 'key',
      key: 'Escape',
    })
    expect(closed.open).toBe(false)
    const reopened = comboboxReducer(closed, { type: 'key', key: 'ArrowDown' })
    expect(reopened.open).toBe(true)
    expect(activeOption(reopened)?.label).toBe('mekko')
  })

  it('Escape closes the popup first, then clears the field', () => {
    const open = run({ type: 'typed', query: 'mekk' }, answered('mekk', MEKKO))
    const closed = comboboxReducer(open, { type: 'key', key: 'Escape' })
    expect(closed).toMatchObject({ open: false, query: 'mekk', activeIndex: -1 })
    expect(comboboxReducer(closed, { type: 'key', key: 'Escape' }).query).toBe('')
  })

  it('removes a recent search and keeps the active option inside the list', () => {
    const state = run(
      { type: 'focused' },
      answered('', answer({ recentSearches: [{ q: 'neule' }, { q: 'kengät' }] })),
      { type: 'key', key: 'ArrowUp' },
      { type: 'recentRemoved', q: 'kengät' },
    )
    expect(flatOptions(state).map((option) => option.q)).toEqual(['neule'])
    expect(activeOption(state)?.q).toBe('neule')
    const empty = comboboxReducer(state, { type: 'recentRemoved', q: 'neule' })
    expect(empty.groups).toEqual([])
    expect(activeOption(empty)).toBeNull()
  })
})

describe('highlightRuns', () => {
  it('splits {…} markers into bold runs', () => {
    expect(highlightRuns('{villa}neule')).toEqual([
      { text: 'villa', strong: true },
      { text: 'neule', strong: false },
    ])
    expect(highlightRuns('musta {mekko} juhliin')).toEqual([
      { text: 'musta ', strong: false },
      { text: 'mekko', strong: true },
      { text: ' juhliin', strong: false },
    ])
    expect(highlightRuns('ilman')).toEqual([{ text: 'ilman', strong: false }])
  })
})

import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { routeChanged } from '../../app/global-slice'
import {
  defaultSortFor,
  emptySelection,
  initialListState,
  listPageEntered,
  listReducer,
  MAX_SAVED_SELECTIONS,
  selectionFromSearchParams,
  selectionToSearchParams,
  type ListSelection,
} from './slice'

describe('list selection in the URL', () => {
  it('reads filters as label~id pairs and parameters as p-{name}', () => {
    const selection = selectionFromSearchParams(
      new URLSearchParams(
        'categories=Dresses~12&categories=Coats~14&brands=A~B~7&p-Color=Red~3&sort=PRICE&page=3',
      ),
    )
    expect(selection.categories).toEqual([
      { id: '12', label: 'Dresses' },
      { id: '14', label: 'Coats' },
    ])
    expect(selection.brands).toEqual([{ id: '7', label: 'A~B' }])
    expect(selection.parameters).toEqual({ Color: [{ id: '3', label: 'Red' }] })
    expect(selection.sort).toBe('PRICE')
    expect(selection.page).toBe(3)
  })

  it('ignores unknown sorts, bad pages and duplicate ids', () => {
    const selection = selectionFromSearchParams(
      new URLSearchParams('sort=RANDOM&page=-2&skus=S~1&skus=S again~1'),
    )
    expect(selection.sort).toBeNull()
    expect(selection.page).toBe(1)
    expect(selection.skus).toEqual([{ id: '1', label: 'S' }])
  })

  it('round-trips through the URL', () => {
    const value = fc.record({
      id: fc.string({ minLength: 1, maxLength: 5 }).filter((s) => !s.includes('~')),
      label: fc.string({ maxLength: 8 }),
    })
    const unique = (values: { id: string; label: string }[]) =>
      values.filter((v, i) => values.findIndex((w) => w.id === v.id) === i)
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 4 }),
        fc.array(value, { maxLength: 4 }),
        fc.integer({ min: 1, max: 40 }),
        (categories, colors, page) => {
          const selection: ListSelection = {
            ...emptySelection(),
            categories: unique(categories),
            parameters: colors.length > 0 ? { Color: unique(colors) } : {},
            sort: 'MOST_SOLD',
            page,
          }
          expect(selectionFromSearchParams(selectionToSearchParams(selection))).toEqual(selection)
        },
      ),
    )
  })
})

describe('saved selections', () => {
  const dresses: ListSelection = { ...emptySelection(), categories: [{ id: '12', label: 'Dresses' }] }

  it('saves a list page selection when leaving it for another page', () => {
    let state = listReducer(initialListState, listPageEntered({ path: '/fi/c/dresses', selection: dresses }))
    state = listReducer(state, routeChanged({ routeName: 'product', path: '/fi/p/red-dress' }))
    expect(state.activePath).toBeNull()
    expect(state.savedSelections['/fi/c/dresses']).toEqual(dresses)
  })

  it('saves when moving straight to another list', () => {
    let state = listReducer(initialListState, listPageEntered({ path: '/fi/c/dresses', selection: dresses }))
    state = listReducer(state, listPageEntered({ path: '/fi/c/coats', selection: emptySelection() }))
    expect(state.activePath).toBe('/fi/c/coats')
    expect(state.savedSelections['/fi/c/dresses']).toEqual(dresses)
  })

  it('does not save when the same list re-enters (a filter change)', () => {
    let state = listReducer(initialListState, listPageEntered({ path: '/fi/c/dresses', selection: dresses }))
    state = listReducer(state, listPageEntered({ path: '/fi/c/dresses', selection: emptySelection() }))
    state = listReducer(state, routeChanged({ routeName: 'category', path: '/fi/c/dresses' }))
    expect(state.savedSelections).toEqual({})
    expect(state.activePath).toBe('/fi/c/dresses')
  })

  it('keeps at most the newest saved selections', () => {
    let state = initialListState
    for (let i = 0; i <= MAX_SAVED_SELECTIONS + 2; i++) {
      state = listReducer(state, listPageEntered({ path: `/fi/c/${i}`, selection: dresses }))
    }
    const paths = Object.keys(state.savedSelections)
    expect(paths).toHaveLength(MAX_SAVED_SELECTIONS)
    expect(paths).not.toContain('/fi/c/0')
    expect(paths).toContain(`/fi/c/${MAX_SAVED_SELECTIONS + 1}`)
  })
})

describe('default sort', () => {
  const config = {
    productListDefaultSort: 'LATEST' as const,
    customSortRoutes: [{ routeName: 'bestsellers', sort: 'MOST_SOLD' as const }],
  }
  it('is the configured default, RELEVANCE on search, custom on configured routes', () => {
    expect(defaultSortFor('category', config)).toBe('LATEST')
    expect(defaultSortFor('search', config)).toBe('RELEVANCE')
    expect(defaultSortFor('bestsellers', config)).toBe('MOST_SOLD')
  })
})

import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  FILTER_KEYS,
  LIST_SORTS,
  MAX_PAGE,
  emptySelection,
  listSearchString,
  parseListSearch,
  serialiseListSearch,
  type FilterValue,
  type ListSelection,
} from './list-url'
import {
  hasFilters,
  priceRangeOf,
  selectedFacetIds,
  toggleValue,
  withPage,
  withPriceRange,
  withSort,
  withoutFilters,
} from './list-selection'

describe('list URL format', () => {
  it('reads comma lists of label~id pairs and p-{name} parameters', () => {
    const selection = parseListSearch(
      'categories=Mekot~c_12,Takit~c_14&brands=A~B~b_7&p-Väri=Musta~p_1_black&price=20-80&sort=PRICE&page=3',
    )
    expect(selection.categories).toEqual([
      { id: 'c_12', label: 'Mekot' },
      { id: 'c_14', label: 'Takit' },
    ])
    expect(selection.brands).toEqual([{ id: 'b_7', label: 'A~B' }])
    expect(selection.parameters).toEqual({ Väri: [{ id: 'p_1_black', label: 'Musta' }] })
    expect(selection.price).toEqual([{ id: '20-80', label: '20-80' }])
    expect(selection.sort).toBe('PRICE')
    expect(selection.page).toBe(3)
  })

  it('reads repeated keys as well as comma lists', () => {
    expect(parseListSearch('skus=S~sk_S&skus=M~sk_M').skus.map((value) => value.id)).toEqual(['sk_S', 'sk_M'])
  })

  it('ignores unknown sorts, bad pages, empty ids and duplicates', () => {
    const selection = parseListSearch('sort=RANDOM&page=-2&skus=S~1,S again~1,Empty~&p-=x~1')
    expect(selection.sort).toBeNull()
    expect(selection.page).toBe(1)
    expect(selection.skus).toEqual([{ id: '1', label: 'S' }])
    expect(selection.parameters).toEqual({})
    expect(parseListSearch('page=2.5').page).toBe(1)
    expect(parseListSearch('page=99999').page).toBe(MAX_PAGE)
  })

  it('writes the canonical form: fixed order, bare ids when the label is the id, no page 1', () => {
    const selection: ListSelection = {
      ...emptySelection(),
      brands: [{ id: 'b_3', label: 'Aurora' }],
      categories: [
        { id: 'c_12', label: 'Mekot, juhla' },
        { id: 'c_14', label: 'Takit' },
      ],
      price: [{ id: '20-80', label: '20-80' }],
      parameters: { Väri: [{ id: 'p_1_black', label: 'Musta' }] },
      sort: 'MOST_SOLD',
      page: 1,
    }
    expect(decodeURIComponent(serialiseListSearch(selection).toString()).replace(/\+/g, ' ')).toBe(
      'categories=Mekot%2C juhla~c_12,Takit~c_14&brands=Aurora~b_3&price=20-80&p-Väri=Musta~p_1_black&sort=MOST_SOLD',
    )
    expect(listSearchString(emptySelection())).toBe('')
  })

  const text = fc.string({
    maxLength: 10,
    unit: fc.constantFrom('a', 'ö', '~', ',', '%', '2', 'C', '7', 'E', ' ', '&', '=', '+'),
  })
  const value: fc.Arbitrary<FilterValue> = fc.record({ id: text.filter((id) => id !== ''), label: text })
  const values = fc.uniqueArray(value, { maxLength: 4, selector: (entry) => entry.id })
  const selectionArbitrary: fc.Arbitrary<ListSelection> = fc.record({
    categories: values,
    brands: values,
    skus: values,
    campaigns: values,
    price: values,
    discount: values,
    parameters: fc.dictionary(
      fc.string({ minLength: 1, maxLength: 6 }),
      fc.uniqueArray(value, { minLength: 1, maxLength: 3, selector: (entry) => entry.id }),
      { maxKeys: 3 },
    ),
    sort: fc.option(fc.constantFrom(...LIST_SORTS), { nil: null }),
    page: fc.integer({ min: 1, max: MAX_PAGE }),
  })

  it('round-trips any selection through the URL (property)', () => {
    fc.assert(
      fc.property(selectionArbitrary, (selection) => {
        const url = `https://shop.test/fi/c/mekot${listSearchString(selection)}`
        expect(parseListSearch(new URL(url).searchParams)).toEqual(selection)
      }),
      { numRuns: 500 },
    )
  })

  it('serialises what it parses unchanged (property)', () => {
    fc.assert(
      fc.property(selectionArbitrary, (selection) => {
        const once = serialiseListSearch(selection).toString()
        expect(serialiseListSearch(parseListSearch(once)).toString()).toBe(once)
      }),
    )
  })
})

describe('selection edits', () => {
  const mekot = { id: 'c_12', label: 'Mekot' }
  const onPage3: ListSelection = { ...emptySelection(), page: 3, sort: 'PRICE' }

  it('a filter change goes back to the first page', () => {
    expect(toggleValue(onPage3, { key: 'categories' }, mekot)).toMatchObject({ categories: [mekot], page: 1 })
    expect(toggleValue(onPage3, { parameter: 'Väri' }, mekot).parameters).toEqual({ Väri: [mekot] })
    expect(withPriceRange(onPage3, { lowest: 20, highest: null })).toMatchObject({
      price: [{ id: '20-', label: '20-' }],
      page: 1,
    })
    expect(withSort(onPage3, 'LATEST')).toMatchObject({ sort: 'LATEST', page: 1 })
  })

  it('toggling twice removes the value (and the emptied parameter)', () => {
    const once = toggleValue(emptySelection(), { parameter: 'Väri' }, mekot)
    expect(toggleValue(once, { parameter: 'Väri' }, mekot).parameters).toEqual({})
    expect(hasFilters(once)).toBe(true)
    expect(hasFilters(withoutFilters(once))).toBe(false)
  })

  it('reads the price range with either end open', () => {
    expect(priceRangeOf(withPriceRange(emptySelection(), { lowest: 20, highest: 80 }))).toEqual({
      lowest: 20,
      highest: 80,
    })
    expect(priceRangeOf(parseListSearch('price=-80'))).toEqual({ lowest: null, highest: 80 })
    expect(priceRangeOf(parseListSearch('price=cheap'))).toBeNull()
    expect(withPriceRange(onPage3, null).price).toEqual([])
  })

  it('keeps the page within bounds and collects every facet id once', () => {
    expect(withPage(emptySelection(), 0).page).toBe(1)
    const selection = parseListSearch(
      'categories=c_1&brands=b_2&discount=di_21-30&p-Väri=p_1_black,p_1_black',
    )
    expect(selectedFacetIds(selection)).toEqual(['c_1', 'b_2', 'di_21-30', 'p_1_black'])
    expect(FILTER_KEYS).toContain('campaigns')
  })
})

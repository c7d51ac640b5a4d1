/**
 * Edits of a list selection (src/lib/list-url.ts) by the list page's controls: a filter or sort
 * change starts again from the first page. Kept apart from the URL format, which the store (and
 * so every page) loads, so that only the list pages carry these.
 */
import {
  emptySelection,
  FILTER_KEYS,
  MAX_PAGE,
  type FilterKey,
  type FilterValue,
  type ListSelection,
  type ListSort,
} from './list-url'

/** Any filter chosen (sort and page aside)? */
export function hasFilters(selection: ListSelection): boolean {
  return (
    FILTER_KEYS.some((key) => selection[key].length > 0) ||
    Object.values(selection.parameters).some((values) => values.length > 0)
  )
}

/** Where a facet's values live in the selection: a filter key or a parameter name. */
export type SelectionSlot = { key: FilterKey } | { parameter: string }

function valuesIn(selection: ListSelection, slot: SelectionSlot): FilterValue[] {
  return 'key' in slot ? selection[slot.key] : (selection.parameters[slot.parameter] ?? [])
}

function withValues(selection: ListSelection, slot: SelectionSlot, values: FilterValue[]): ListSelection {
  if ('key' in slot) return { ...selection, [slot.key]: values, page: 1 }
  const parameters = { ...selection.parameters }
  if (values.length > 0) parameters[slot.parameter] = values
  else delete parameters[slot.parameter]
  return { ...selection, parameters, page: 1 }
}

export function isSelected(selection: ListSelection, slot: SelectionSlot, id: string): boolean {
  return valuesIn(selection, slot).some((value) => value.id === id)
}

/** Adds or removes one value; a filter change starts again from the first page. */
export function toggleValue(
  selection: ListSelection,
  slot: SelectionSlot,
  value: FilterValue,
): ListSelection {
  const current = valuesIn(selection, slot)
  const next = current.some((existing) => existing.id === value.id)
    ? current.filter((existing) => existing.id !== value.id)
    : [...current, value]
  return withValues(selection, slot, next)
}

/** The price range (one value at most); null clears it. Starts again from the first page. */
export function withPriceRange(
  selection: ListSelection,
  range: { lowest: number | null; highest: number | null } | null,
): ListSelection {
  if (!range || (range.lowest === null && range.highest === null)) return { ...selection, price: [], page: 1 }
  const id = `${range.lowest ?? ''}-${range.highest ?? ''}`
  return { ...selection, price: [{ id, label: id }], page: 1 }
}

/** The chosen price range from `price=20-80` (either end may be left out); null when none or unreadable. */
export function priceRangeOf(
  selection: ListSelection,
): { lowest: number | null; highest: number | null } | null {
  const match = /^(\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)?$/.exec(selection.price[0]?.id ?? '')
  if (!match || (match[1] === undefined && match[2] === undefined)) return null
  return {
    lowest: match[1] === undefined ? null : Number(match[1]),
    highest: match[2] === undefined ? null : Number(match[2]),
  }
}

export function withSort(selection: ListSelection, sort: ListSort | null): ListSelection {
  return { ...selection, sort, page: 1 }
}

export function withPage(selection: ListSelection, page: number): ListSelection {
  return { ...selection, page: Math.max(1, Math.min(Math.floor(page), MAX_PAGE)) }
}

/** Clears the filters; the sort stays (it is not a filter). */
export function withoutFilters(selection: ListSelection): ListSelection {
  return { ...emptySelection(), sort: selection.sort }
}

/** Every facet id chosen, for the products query's `filter.facets`. */
export function selectedFacetIds(selection: ListSelection): string[] {
  const ids = [
    ...selection.categories,
    ...selection.brands,
    ...selection.skus,
    ...selection.campaigns,
    ...selection.discount,
    ...Object.values(selection.parameters).flat(),
  ].map((value) => value.id)
  return [...new Set(ids)]
}

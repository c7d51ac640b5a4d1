/**
 * Facet ids, the strings FilterValueType.facetId gives and FilterInputType.facets takes:
 *   c_<categoryId>   category (selecting one includes its subcategories)
 *   b_<brandId>      brand
 *   sk_<size label>  size (SKU name), e.g. sk_M, sk_38
 *   dc_<campaignId>  discount campaign
 *   di_<from>-<to>   discount band in percent, e.g. di_21-30
 *   p_<parameterId>_<value identifier>  parameter value, e.g. p_1_black
 * Values of one group are OR-ed; groups are AND-ed.
 */
import { DISCOUNT_BANDS, type DiscountBand } from '../../../../src/shared/discount-bands'
import { badUserInput } from '../errors'

export const bandId = ([from, to]: DiscountBand) => `di_${from}-${to}`

export interface FacetSelection {
  categoryIds: number[]
  brandIds: number[]
  sizes: string[]
  campaignIds: number[]
  discountBands: DiscountBand[]
  /** parameterId → value identifiers */
  parameters: Map<number, string[]>
}

export function emptySelection(): FacetSelection {
  return {
    categoryIds: [],
    brandIds: [],
    sizes: [],
    campaignIds: [],
    discountBands: [],
    parameters: new Map(),
  }
}

export function isEmptySelection(selection: FacetSelection): boolean {
  return (
    selection.categoryIds.length === 0 &&
    selection.brandIds.length === 0 &&
    selection.sizes.length === 0 &&
    selection.campaignIds.length === 0 &&
    selection.discountBands.length === 0 &&
    selection.parameters.size === 0
  )
}

const positiveInt = (text: string): number | null => (/^[1-9]\d{0,8}$/.test(text) ? Number(text) : null)

function pushUnique<T>(list: T[], value: T): void {
  if (!list.includes(value)) list.push(value)
}

/** Parses facet ids; an id of no known form is a BAD_USER_INPUT error naming it. */
export function parseFacets(ids: readonly (string | null | undefined)[]): FacetSelection {
  const selection = emptySelection()
  for (const raw of ids) {
    const id = raw?.trim()
    if (!id) continue
    const separator = id.indexOf('_')
    const prefix = separator > 0 ? id.slice(0, separator) : ''
    const rest = separator > 0 ? id.slice(separator + 1) : ''
    let ok = false
    if (prefix === 'c' || prefix === 'b' || prefix === 'dc') {
      const value = positiveInt(rest)
      if (value !== null) {
        pushUnique(
          prefix === 'c'
            ? selection.categoryIds
            : prefix === 'b'
              ? selection.brandIds
              : selection.campaignIds,
          value,
        )
        ok = true
      }
    } else if (prefix === 'sk' && rest.length > 0) {
      pushUnique(selection.sizes, rest)
      ok = true
    } else if (prefix === 'di') {
      const band = DISCOUNT_BANDS.find((candidate) => bandId(candidate) === id)
      if (band) {
        if (!selection.discountBands.includes(band)) selection.discountBands.push(band)
        ok = true
      }
    } else if (prefix === 'p') {
      const match = /^(\d{1,9})_(.+)$/.exec(rest)
      const parameterId = match?.[1] ? positiveInt(match[1]) : null
      if (parameterId !== null && match?.[2]) {
        const values = selection.parameters.get(parameterId) ?? []
        pushUnique(values, match[2])
        selection.parameters.set(parameterId, values)
        ok = true
      }
    }
    if (!ok) throw badUserInput(`Unknown facet id '${id.slice(0, 120)}'`, 'filter.facets')
  }
  return selection
}

/** A list's facet counts as the API answers them (`filters`); kept by the catalogue cache. */
export interface FilterValue {
  _id: string
  facetId: string
  parentId: string | null
  label: string
  url: string | null
  order: number
  count: number
  hidden: boolean
}

export interface FilterGroup {
  filterId: string
  type: string
  group: string
  label: string
  order: number
  values: FilterValue[]
}

export interface FilterCollection {
  price: { lowest: number; highest: number }
  facets: FilterGroup[]
}

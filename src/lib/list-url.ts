/**
 * The product list selection in the URL (docs/product-rules.md#catalogue-and-lists, docs/service-contracts.md#lists-and-images):
 *
 *   ?categories=Mekot~c_12,Takit~c_14&brands=Aurora~b_3&skus=38~sk_38&campaigns=Kevätale~dc_2
 *    &price=20-80&discount=21–30 %~di_21-30&p-Väri=Musta~p_1_black&sort=PRICE&page=2
 *
 * - `categories`, `brands`, `skus`, `campaigns`, `price`, `discount` and `p-{parameter name}`
 *   each hold a comma list of `label~id` pairs. The id is the commerce API's facet id
 *   (docs/adr/0003: c_, b_, sk_, dc_, di_, p_), so the selection goes to the products query as is;
 *   the label is what the shopper saw, so the selected filters can be named before the facets load.
 *   A value whose label equals its id is written as the id alone (`price=20-80`).
 * - Inside a label or id, `%`, `,` and `~` are escaped as %25, %2C and %7E, so any text survives.
 *   Repeated keys (`brands=A~1&brands=B~2`) are read too.
 * - `sort` is one of LIST_SORTS; `page` (from 2) is how far the shopper has paged.
 * - `campaigns` is a Lumo addition: the spec lists campaigns among the filters but not among the
 *   selection's keys.
 *
 * Serialising is canonical (fixed key order, duplicates once), so parse(serialise(s)) = s for any
 * selection the parser can produce (property-tested in list-url.test.ts).
 */

export const LIST_SORTS = ['LATEST', 'MOST_SOLD', 'PRICE', 'PRICE_DESC', 'RELEVANCE'] as const
export type ListSort = (typeof LIST_SORTS)[number]

export interface FilterValue {
  id: string
  label: string
}

export const FILTER_KEYS = ['categories', 'brands', 'skus', 'campaigns', 'price', 'discount'] as const
export type FilterKey = (typeof FILTER_KEYS)[number]

export interface ListSelection {
  categories: FilterValue[]
  brands: FilterValue[]
  skus: FilterValue[]
  campaigns: FilterValue[]
  price: FilterValue[]
  discount: FilterValue[]
  /** parameter name → chosen values */
  parameters: Record<string, FilterValue[]>
  sort: ListSort | null
  page: number
}

export const PARAMETER_PREFIX = 'p-'
/** Pages beyond this are not believable (6000 products at most in the API's window). */
export const MAX_PAGE = 250

export function emptySelection(): ListSelection {
  return {
    categories: [],
    brands: [],
    skus: [],
    campaigns: [],
    price: [],
    discount: [],
    parameters: {},
    sort: null,
    page: 1,
  }
}

export function isListSort(value: unknown): value is ListSort {
  return typeof value === 'string' && (LIST_SORTS as readonly string[]).includes(value)
}

const escapePart = (text: string) => text.replace(/%/g, '%25').replace(/,/g, '%2C').replace(/~/g, '%7E')

function unescapePart(text: string): string {
  return text.replace(/%(25|2C|7E)/gi, (_, code: string) =>
    code === '25' ? '%' : code.toUpperCase() === '2C' ? ',' : '~',
  )
}

function encodeValue(value: FilterValue): string {
  const id = escapePart(value.id)
  return value.label === value.id ? id : `${escapePart(value.label)}~${id}`
}

/** `label~id`, or a bare id; the id is after the last `~` (escaped ones are not separators). */
function decodeValue(raw: string): FilterValue | null {
  const cut = raw.lastIndexOf('~')
  if (cut < 0) {
    const id = unescapePart(raw)
    return id ? { id, label: id } : null
  }
  const id = unescapePart(raw.slice(cut + 1))
  return id ? { id, label: unescapePart(raw.slice(0, cut)) } : null
}

function decodeValues(raws: readonly string[]): FilterValue[] {
  const seen = new Set<string>()
  const result: FilterValue[] = []
  for (const raw of raws.flatMap((entry) => entry.split(','))) {
    const value = decodeValue(raw)
    if (value && !seen.has(value.id)) {
      seen.add(value.id)
      result.push(value)
    }
  }
  return result
}

export function parseListSearch(input: URLSearchParams | string): ListSelection {
  const search = typeof input === 'string' ? new URLSearchParams(input) : input
  const selection = emptySelection()
  for (const key of FILTER_KEYS) selection[key] = decodeValues(search.getAll(key))
  const names = new Set(
    [...search.keys()].filter(
      (key) => key.startsWith(PARAMETER_PREFIX) && key.length > PARAMETER_PREFIX.length,
    ),
  )
  for (const key of [...names].sort()) {
    const values = decodeValues(search.getAll(key))
    if (values.length > 0) selection.parameters[key.slice(PARAMETER_PREFIX.length)] = values
  }
  const sort = search.get('sort')
  selection.sort = isListSort(sort) ? sort : null
  const page = Number(search.get('page'))
  selection.page = Number.isInteger(page) && page > 1 ? Math.min(page, MAX_PAGE) : 1
  return selection
}

export function serialiseListSearch(selection: ListSelection): URLSearchParams {
  const search = new URLSearchParams()
  const put = (key: string, values: readonly FilterValue[]) => {
    const seen = new Set<string>()
    const unique = values.filter((value) => value.id !== '' && !seen.has(value.id) && seen.add(value.id))
    if (unique.length > 0) search.set(key, unique.map(encodeValue).join(','))
  }
  for (const key of FILTER_KEYS) put(key, selection[key])
  for (const name of Object.keys(selection.parameters).sort()) {
    if (name !== '') put(`${PARAMETER_PREFIX}${name}`, selection.parameters[name] ?? [])
  }
  if (selection.sort) search.set('sort', selection.sort)
  if (selection.page > 1) search.set('page', String(Math.min(Math.floor(selection.page), MAX_PAGE)))
  return search
}

/** `?…` for a link, or '' for an empty selection. */
export function listSearchString(selection: ListSelection): string {
  const text = serialiseListSearch(selection).toString()
  return text ? `?${text}` : ''
}

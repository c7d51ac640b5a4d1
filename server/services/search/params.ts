/**
 * The query string of every request (docs/service-contracts.md#search-api): `market`, `locale`, `touchpoint`,
 * `customerKey` and `sessionKey` are required and checked; lists are joined with `|`; facets come
 * as `f.{id}` (a list or `true`) and `f.{id}.min` / `f.{id}.max` (a range). Anything wrong is one
 * clear message for a 400 answer.
 */
import { z } from 'zod'
import {
  isLocaleAllowed,
  isMarketAlias,
  LOCALE_CODES,
  localeFromIso,
  MARKETS,
  type LocaleCode,
  type MarketAlias,
} from '../../../src/shared/markets'
import {
  PRODUCT_SORTS,
  SEARCH_ORIGINS,
  type ProductSort,
  type SearchOrigin,
} from '../../../src/shared/search-api'

export class BadRequest extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const MAX_LIMIT = 600
export const DEFAULT_LIMIT = 60
const MAX_QUERY_LENGTH = 200

export type RawQuery = Record<string, unknown>

export interface SessionScope {
  market: MarketAlias
  customerKey: string
  sessionKey: string
}

export interface QueryScope extends SessionScope {
  locale: LocaleCode
  touchpoint: 'desktop' | 'mobile'
  /** false: leave no behaviour data */
  notify: boolean
}

export interface FacetSelection {
  /** `f.brand=a|b` */
  lists: Map<string, string[]>
  /** `f.price.min=10&f.price.max=50` */
  ranges: Map<string, { min?: number; max?: number }>
  /** `f.onSale=true` */
  flags: Set<string>
}

export interface ListOptions {
  limit: number
  skip: number
  sort: ProductSort
  facets: FacetSelection
}

/** One value of a param: repeated params are refused rather than guessed at. */
function single(query: RawQuery, name: string): string | undefined {
  const value = query[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw new BadRequest(`${name} must be given once`)
  return value
}

function required(query: RawQuery, name: string): string {
  const value = single(query, name)
  if (value === undefined || value.trim() === '') throw new BadRequest(`${name} is required`)
  return value.trim()
}

/** `a|b|c` → ['a', 'b', 'c'], empty parts dropped. Repeated params (`cart=a&cart=b`) also count. */
export function splitList(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return parts
    .filter((part): part is string => typeof part === 'string')
    .flatMap((part) => part.split('|'))
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
}

function sessionKeys(query: RawQuery) {
  const customerKey = required(query, 'customerKey')
  const sessionKey = required(query, 'sessionKey')
  if (!UUID.test(customerKey)) throw new BadRequest('customerKey must be a UUID')
  if (!UUID.test(sessionKey)) throw new BadRequest('sessionKey must be a UUID')
  return { customerKey: customerKey.toLowerCase(), sessionKey: sessionKey.toLowerCase() }
}

function market(query: RawQuery): MarketAlias {
  const value = required(query, 'market').toLowerCase()
  if (!isMarketAlias(value)) {
    throw new BadRequest(`market must be one of ${Object.keys(MARKETS).join(', ')}`)
  }
  return value
}

/** Notifications: market and the two keys. */
export function parseSessionScope(query: RawQuery): SessionScope {
  return { market: market(query), ...sessionKeys(query) }
}

/** Queries: the session scope plus locale (ISO tag or code, allowed in the market) and touchpoint. */
export function parseQueryScope(query: RawQuery): QueryScope {
  const scope = parseSessionScope(query)
  const localeText = required(query, 'locale')
  const locale = (LOCALE_CODES as readonly string[]).includes(localeText.toLowerCase())
    ? (localeText.toLowerCase() as LocaleCode)
    : localeFromIso(localeText)
  if (!locale) throw new BadRequest(`locale must be one of ${LOCALE_CODES.join(', ')} or its ISO tag (fi-FI)`)
  if (!isLocaleAllowed(scope.market, locale)) {
    throw new BadRequest(`locale ${localeText} is not offered in market ${scope.market}`)
  }
  const touchpoint = required(query, 'touchpoint').toLowerCase()
  if (touchpoint !== 'desktop' && touchpoint !== 'mobile') {
    throw new BadRequest('touchpoint must be desktop or mobile')
  }
  const notify = single(query, 'notify')
  if (notify !== undefined && notify !== 'true' && notify !== 'false') {
    throw new BadRequest('notify must be true or false')
  }
  return { ...scope, locale, touchpoint, notify: notify !== 'false' }
}

const count = (name: string, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must not be negative`)
    .max(max, `${name} must be at most ${max}`)

function parseCount(query: RawQuery, name: string, max: number, fallback: number): number {
  const value = single(query, name)
  if (value === undefined || value === '') return fallback
  const parsed = count(name, max).safeParse(value)
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]?.message ?? `${name} is invalid`)
  return parsed.data
}

/** The facet selections of the `f.*` params. */
export function parseFacets(query: RawQuery): FacetSelection {
  const facets: FacetSelection = { lists: new Map(), ranges: new Map(), flags: new Set() }
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith('f.')) continue
    const range = /^f\.([\w-]+)\.(min|max)$/.exec(name)
    if (range) {
      const [, id = '', boundText] = range
      const bound = boundText === 'min' ? 'min' : 'max'
      const text = single(query, name) ?? ''
      const number = Number(text)
      if (text.trim() === '' || !Number.isFinite(number)) throw new BadRequest(`${name} must be a number`)
      facets.ranges.set(id, { ...facets.ranges.get(id), [bound]: number })
      continue
    }
    const list = /^f\.([\w-]+)$/.exec(name)
    if (!list?.[1]) throw new BadRequest(`${name} is not a facet parameter (f.{id}, f.{id}.min, f.{id}.max)`)
    const values = splitList(value)
    if (values.length === 1 && values[0] === 'true') facets.flags.add(list[1])
    else if (values.length > 0) facets.lists.set(list[1], values)
  }
  return facets
}

export function parseListOptions(query: RawQuery, fallbackSort: ProductSort = 'RELEVANCE'): ListOptions {
  const sort = single(query, 'sort') ?? fallbackSort
  if (!(PRODUCT_SORTS as readonly string[]).includes(sort)) {
    throw new BadRequest(`sort must be one of ${PRODUCT_SORTS.join(', ')}`)
  }
  return {
    limit: parseCount(query, 'limit', MAX_LIMIT, DEFAULT_LIMIT),
    skip: parseCount(query, 'skip', 100_000, 0),
    sort: sort as ProductSort,
    facets: parseFacets(query),
  }
}

/** The search phrase: `q`, at most 200 characters; absent means empty. */
export function parsePhrase(query: RawQuery, { required: needed }: { required: boolean }): string {
  const q = (single(query, 'q') ?? '').trim()
  if (needed && q === '') throw new BadRequest('q is required')
  if (q.length > MAX_QUERY_LENGTH) throw new BadRequest(`q must be at most ${MAX_QUERY_LENGTH} characters`)
  return q
}

export function parseOrigin(query: RawQuery): SearchOrigin {
  const origin = single(query, 'origin') ?? 'ORGANIC'
  if (!(SEARCH_ORIGINS as readonly string[]).includes(origin)) {
    throw new BadRequest(`origin must be one of ${SEARCH_ORIGINS.join(', ')}`)
  }
  return origin as SearchOrigin
}

export { required as requiredParam, single as singleParam }

/** The JSON page configuration of a POST (text/plain as the Elevate library sends it, or JSON). */
export function parseBody<T>(body: unknown, schema: z.ZodType<T>): T | undefined {
  if (body === undefined || body === null || body === '') return undefined
  let value = body
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body)
    } catch {
      throw new BadRequest('the body must be a JSON page configuration')
    }
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new BadRequest(`body ${issue?.path.join('.') || ''}: ${issue?.message ?? 'invalid'}`.trim())
  }
  return parsed.data
}

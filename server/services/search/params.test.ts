import { describe, expect, it } from 'vitest'
import {
  BadRequest,
  parseBody,
  parseFacets,
  parseListOptions,
  parseQueryScope,
  parseSessionScope,
  splitList,
} from './params'
import { z } from 'zod'

const KEYS = {
  customerKey: '7f0c9d4e-2b1a-4c3d-9e8f-0a1b2c3d4e5f',
  sessionKey: '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b',
}
const scope = { market: 'fi', locale: 'fi-FI', touchpoint: 'desktop', ...KEYS }

describe('the query parser', () => {
  it('splits | lists and repeated params, dropping empty parts', () => {
    expect(splitList('LU000001-M|LU000002-L||')).toEqual(['LU000001-M', 'LU000002-L'])
    expect(splitList(['a|b', 'c'])).toEqual(['a', 'b', 'c'])
    expect(splitList(undefined)).toEqual([])
  })

  it('reads facets: lists, checkboxes and ranges', () => {
    const facets = parseFacets({
      q: 'mekko',
      'f.color': 'black|red',
      'f.brand': 'polaris-knit',
      'f.onSale': 'true',
      'f.price.min': '19.90',
      'f.price.max': '80',
    })
    expect(facets.lists.get('color')).toEqual(['black', 'red'])
    expect(facets.lists.get('brand')).toEqual(['polaris-knit'])
    expect(facets.flags.has('onSale')).toBe(true)
    expect(facets.ranges.get('price')).toEqual({ min: 19.9, max: 80 })
    expect(facets.lists.has('q')).toBe(false)
  })

  it('refuses a range bound that is not a number and a malformed facet name', () => {
    expect(() => parseFacets({ 'f.price.min': 'cheap' })).toThrow('f.price.min must be a number')
    expect(() => parseFacets({ 'f.a.b.c': 'x' })).toThrow(BadRequest)
  })

  it('reads limit, skip and sort with defaults and bounds', () => {
    expect(parseListOptions({})).toMatchObject({ limit: 60, skip: 0, sort: 'RELEVANCE' })
    expect(parseListOptions({ limit: '12', skip: '24', sort: 'PRICE_ASCENDING' })).toMatchObject({
      limit: 12,
      skip: 24,
      sort: 'PRICE_ASCENDING',
    })
    expect(() => parseListOptions({ limit: '601' })).toThrow('limit must be at most 600')
    expect(() => parseListOptions({ limit: '-1' })).toThrow('limit must not be negative')
    expect(() => parseListOptions({ sort: 'CHEAPEST' })).toThrow(/sort must be one of RELEVANCE/)
  })
})

describe('the required params', () => {
  it('accepts the ISO tag or the code of a locale the market offers, in either touchpoint case', () => {
    expect(parseQueryScope(scope)).toMatchObject({
      market: 'fi',
      locale: 'fi',
      touchpoint: 'desktop',
      notify: true,
    })
    expect(parseQueryScope({ ...scope, locale: 'sv', touchpoint: 'MOBILE', notify: 'false' })).toMatchObject({
      locale: 'sv',
      touchpoint: 'mobile',
      notify: false,
    })
  })

  it('says which param is missing or wrong', () => {
    const without = (name: keyof typeof scope) => {
      const copy: Record<string, string> = { ...scope }
      delete copy[name]
      return copy
    }
    expect(() => parseQueryScope(without('market'))).toThrow('market is required')
    expect(() => parseQueryScope(without('locale'))).toThrow('locale is required')
    expect(() => parseQueryScope(without('touchpoint'))).toThrow('touchpoint is required')
    expect(() => parseQueryScope(without('customerKey'))).toThrow('customerKey is required')
    expect(() => parseQueryScope(without('sessionKey'))).toThrow('sessionKey is required')
    expect(() => parseQueryScope({ ...scope, market: 'de' })).toThrow('market must be one of fi, se, no, dk')
    expect(() => parseQueryScope({ ...scope, market: 'se' })).toThrow(
      'locale fi-FI is not offered in market se',
    )
    expect(() => parseQueryScope({ ...scope, touchpoint: 'tablet' })).toThrow(
      'touchpoint must be desktop or mobile',
    )
    expect(() => parseSessionScope({ ...scope, sessionKey: 'abc' })).toThrow('sessionKey must be a UUID')
    expect(() => parseSessionScope({ ...scope, market: ['fi', 'se'] })).toThrow('market must be given once')
  })

  it('reads a text/plain JSON page configuration and names a wrong field', () => {
    const schema = z.object({ limit: z.number() })
    expect(parseBody('{"limit":4}', schema)).toEqual({ limit: 4 })
    expect(parseBody(undefined, schema)).toBeUndefined()
    expect(() => parseBody('{not json', schema)).toThrow('the body must be a JSON page configuration')
    expect(() => parseBody({ limit: 'four' }, schema)).toThrow(/^body limit:/)
  })
})

import { describe, expect, it } from 'vitest'
import { parseFacets } from './facets'

describe('parseFacets', () => {
  it('parses every facet id form and removes duplicates', () => {
    const selection = parseFacets([
      'c_12',
      'b_3',
      'b_3',
      'sk_M',
      'sk_38',
      'dc_2',
      'di_21-30',
      'p_1_black',
      'p_1_white',
      'p_4_cotton',
      null,
      '',
    ])
    expect(selection.categoryIds).toEqual([12])
    expect(selection.brandIds).toEqual([3])
    expect(selection.sizes).toEqual(['M', '38'])
    expect(selection.campaignIds).toEqual([2])
    expect(selection.discountBands).toEqual([[21, 30]])
    expect([...selection.parameters]).toEqual([
      [1, ['black', 'white']],
      [4, ['cotton']],
    ])
  })

  it('takes the first discount band as the spec writes it, 0-5 (the analytics copy had it right)', () => {
    expect(parseFacets(['di_0-5']).discountBands).toEqual([[0, 5]])
    expect(() => parseFacets(['di_1-5'])).toThrow("Unknown facet id 'di_1-5'")
  })

  it.each(['x_1', 'c_abc', 'c_0', 'b_', 'di_1-99', 'di_1-5', 'p_1', 'p_x_black', 'dresses'])(
    'rejects %s with BAD_USER_INPUT',
    (id) => {
      try {
        parseFacets([id])
        expect.unreachable()
      } catch (error) {
        expect((error as { extensions: Record<string, unknown> }).extensions['code']).toBe('BAD_USER_INPUT')
        expect((error as Error).message).toBe(`Unknown facet id '${id}'`)
      }
    },
  )
})

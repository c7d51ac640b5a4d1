import { describe, expect, it } from 'vitest'
import { compareSizes, sortSizes } from './sizes'

describe('sortSizes', () => {
  it('puts letters XXS … 3XL first, then numbers ascending, one-size last (issue 27: the facet read "32 … 44, L, M, S, XL, XS, 46")', () => {
    const shuffled = [
      '46',
      'L',
      '32',
      'One size',
      'XS',
      '3XL',
      '40',
      'M',
      'XXL',
      '50',
      'S',
      'XL',
      'XXS',
      '44',
      '34',
    ]
    expect(sortSizes(shuffled)).toEqual([
      'XXS',
      'XS',
      'S',
      'M',
      'L',
      'XL',
      'XXL',
      '3XL',
      '32',
      '34',
      '40',
      '44',
      '46',
      '50',
      'One size',
    ])
  })

  it('orders numbers by value, not as text', () => {
    expect(sortSizes(['100', '9', '38.5', '38', '39', '38,75'])).toEqual([
      '9',
      '38',
      '38.5',
      '38,75',
      '39',
      '100',
    ])
  })

  it('orders cup sizes by band, then cup', () => {
    expect(sortSizes(['80B', '75D', '70C', '75B', '70B', '90D', '85C'])).toEqual([
      '70B',
      '70C',
      '75B',
      '75D',
      '80B',
      '85C',
      '90D',
    ])
  })

  it('treats 2XL as XXL and reads letters in any case', () => {
    expect(compareSizes('2XL', 'XXL')).not.toBe(0) // distinct names stay distinct …
    expect(sortSizes(['3XL', 'xl', '2XL', 'm'])).toEqual(['m', 'xl', '2XL', '3XL']) // … in the same place
  })

  it('puts names it does not know after the numbers and before one-size', () => {
    expect(sortSizes(['One size', 'Kids', '38', 'M', 'Adult'])).toEqual([
      'M',
      '38',
      'Adult',
      'Kids',
      'One size',
    ])
  })

  it('gives the same order whatever order the names come in', () => {
    const names = ['XS', 'S', 'M', '36', '38', '75B', 'One size', 'Other']
    expect(sortSizes([...names].reverse())).toEqual(sortSizes(names))
  })
})

import { describe, expect, it } from 'vitest'
import { chunks, missingIds, orderedProducts, productIdsOf } from './favourite-products'

describe('favourite products', () => {
  it('looks up only integer product ids', () => {
    expect(productIdsOf([3, 'abc', 1.5, -2, 0, 7])).toEqual([3, 7])
  })

  it('fetches only what is neither loaded nor known to be gone', () => {
    expect(missingIds([1, 2, 3, 4], new Map([[2, {}]]), new Set([4]))).toEqual([1, 3])
  })

  it('splits ids into pages', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(chunks([], 2)).toEqual([])
  })

  it('keeps the favourites order and skips ids without a product', () => {
    const loaded = new Map([
      [1, 'one'],
      [3, 'three'],
    ])
    expect(orderedProducts([3, 2, 1], loaded)).toEqual(['three', 'one'])
  })
})

import { describe, expect, it } from 'vitest'
import { outfitsOf } from './outfits'

const products = (...ids: number[]) => ids.map((productId) => ({ productId }))
const ids = (outfits: { productId: number }[][]) =>
  outfits.map((outfit) => outfit.map((piece) => piece.productId))

describe('outfitsOf', () => {
  it('puts the k-th product of each list in look k', () => {
    const dresses = products(1, 2, 3)
    const coats = products(11, 12, 13)
    const shoes = products(21, 22, 23)
    expect(ids(outfitsOf([dresses, coats, shoes], 2))).toEqual([
      [1, 11, 21],
      [2, 12, 22],
    ])
  })

  it('makes no look that misses a piece: as many looks as the shortest list has products', () => {
    expect(ids(outfitsOf([products(1, 2, 3), products(11), products(21, 22)], 4))).toEqual([[1, 11, 21]])
    expect(outfitsOf([products(1, 2), products()], 4)).toEqual([])
  })

  it('never shows a product twice, even when it is in two lists', () => {
    const looks = outfitsOf([products(1, 2, 3), products(11, 1, 13), products(21, 22, 23)], 3)
    expect(ids(looks)).toEqual([
      [1, 11, 21],
      [3, 13, 23],
    ])
  })

  it('makes no look that would show one product twice', () => {
    expect(ids(outfitsOf([products(1, 2), products(1, 12), products(21, 22)], 2))).toEqual([[2, 12, 22]])
  })

  it('gives nothing without lists', () => {
    expect(outfitsOf([], 4)).toEqual([])
  })
})

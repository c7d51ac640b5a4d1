import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FAVORITES_CAP } from '../../app/global-slice'
import { mergeFavorites, metaDataFavorites, newerFavorites, sameFavorites } from './merge'

describe('mergeFavorites (login of a customer the browser does not follow yet)', () => {
  it('is the union, the more recently changed list first', () => {
    const local = { ids: [3, 2, 1], updatedAt: 2000 }
    const saved = { ids: [9, 2, 8], updatedAt: 1000 }
    expect(mergeFavorites(local, saved)).toEqual([3, 2, 1, 9, 8])
    expect(mergeFavorites({ ...local, updatedAt: 500 }, saved)).toEqual([9, 2, 8, 3, 1])
  })

  it('puts a list of unknown age after one with a known time, and the local copy first on a tie', () => {
    expect(mergeFavorites({ ids: [1], updatedAt: null }, { ids: [2], updatedAt: 5 })).toEqual([2, 1])
    expect(mergeFavorites({ ids: [1], updatedAt: null }, { ids: [2], updatedAt: null })).toEqual([1, 2])
  })

  it('adds the metaData favourites last and normalises numeric strings', () => {
    expect(mergeFavorites({ ids: ['4'], updatedAt: 2 }, { ids: [5], updatedAt: 1 }, ['6', 4])).toEqual([
      4, 5, 6,
    ])
  })

  it('caps at 1,000, dropping the oldest of the list that follows', () => {
    const local = { ids: Array.from({ length: 600 }, (_, i) => i + 1), updatedAt: 2 }
    const saved = { ids: Array.from({ length: 600 }, (_, i) => i + 1001), updatedAt: 1 }
    const merged = mergeFavorites(local, saved)
    expect(merged).toHaveLength(FAVORITES_CAP)
    expect(merged.slice(0, 600)).toEqual(local.ids)
    expect(merged.at(-1)).toBe(1400)
  })

  it('loses no favourite below the cap and never repeats one', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 400 })
    const time = fc.option(fc.integer({ min: 1, max: 10 }), { nil: null })
    fc.assert(
      fc.property(ids, ids, time, time, (a, b, ta, tb) => {
        const merged = mergeFavorites({ ids: a, updatedAt: ta }, { ids: b, updatedAt: tb })
        expect(new Set(merged).size).toBe(merged.length)
        expect(new Set(merged)).toEqual(new Set([...a, ...b]))
      }),
    )
  })
})

describe('newerFavorites (the same customer again)', () => {
  it('takes the copy changed more recently whole', () => {
    expect(newerFavorites({ ids: [1, 2], updatedAt: 10 }, { ids: [2], updatedAt: 20 })).toEqual([2])
    expect(newerFavorites({ ids: [1, 2], updatedAt: 30 }, { ids: [2], updatedAt: 20 })).toEqual([1, 2])
    expect(newerFavorites({ ids: [1], updatedAt: null }, { ids: [], updatedAt: 1 })).toEqual([])
  })
})

describe('metaDataFavorites', () => {
  it.each([
    ['{"favorites":[3,"4",3]}', [3, 4]],
    ['{"favorites":"3"}', []],
    ['{"other":1}', []],
    ['[1,2]', []],
    ['not json', []],
    [null, []],
  ])('%s → %j', (metaData, expected) => {
    expect(metaDataFavorites(metaData)).toEqual(expected)
  })
})

describe('sameFavorites', () => {
  it('compares in order', () => {
    expect(sameFavorites([1, 2], [1, 2])).toBe(true)
    expect(sameFavorites([1, 2], [2, 1])).toBe(false)
    expect(sameFavorites([1], [1, 2])).toBe(false)
  })
})

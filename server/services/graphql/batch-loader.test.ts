import { describe, expect, it } from 'vitest'
import { BatchLoader } from './batch-loader'

describe('BatchLoader', () => {
  it('answers loads made in the same tick with one batch call, deduplicating keys', async () => {
    const calls: number[][] = []
    const loader = new BatchLoader<number, string>(async (keys) => {
      calls.push([...keys])
      return new Map(keys.map((key) => [key, `v${key}`]))
    })
    const values = await Promise.all([loader.load(1), loader.load(2), loader.load(1), loader.load(3)])
    expect(values).toEqual(['v1', 'v2', 'v1', 'v3'])
    expect(calls).toEqual([[1, 2, 3]])
  })

  it('batches loads issued from resolved promises of the same level', async () => {
    const calls: number[][] = []
    const loader = new BatchLoader<number, number>(async (keys) => {
      calls.push([...keys])
      return new Map(keys.map((key) => [key, key * 10]))
    })
    const parents = await Promise.all([1, 2, 3].map(async (id) => id))
    const values = await Promise.all(parents.map(async (id) => loader.load(await Promise.resolve(id))))
    expect(values).toEqual([10, 20, 30])
    expect(calls).toEqual([[1, 2, 3]])
  })

  it('caches values and primed values for later loads', async () => {
    let calls = 0
    const loader = new BatchLoader<number, number>(async (keys) => {
      calls += 1
      return new Map(keys.map((key) => [key, key]))
    })
    loader.prime(7, 70)
    expect(await loader.load(7)).toBe(70)
    expect(await loader.load(1)).toBe(1)
    expect(await loader.load(1)).toBe(1)
    expect(calls).toBe(1)
  })

  it('gives undefined for keys the batch has no value for', async () => {
    const loader = new BatchLoader<number, number>(async () => new Map())
    expect(await loader.load(5)).toBeUndefined()
  })

  it('rejects every waiting load when the batch fails and retries later', async () => {
    let fail = true
    const loader = new BatchLoader<number, number>(async (keys) => {
      if (fail) throw new Error('database down')
      return new Map(keys.map((key) => [key, key]))
    })
    await expect(Promise.all([loader.load(1), loader.load(2)])).rejects.toThrow('database down')
    fail = false
    expect(await loader.load(1)).toBe(1)
  })
})

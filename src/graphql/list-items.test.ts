import { describe, expect, it } from 'vitest'
import { listItems } from './list-items'

describe('listItems', () => {
  it('keeps the items that are there, in order', () => {
    expect(listItems([{ id: 1 }, null, { id: 2 }, undefined])).toEqual([{ id: 1 }, { id: 2 }])
  })

  it('reads a missing list as empty', () => {
    expect(listItems(null)).toEqual([])
    expect(listItems(undefined)).toEqual([])
  })

  it('keeps falsy values that are not null', () => {
    expect(listItems([0, '', false, null])).toEqual([0, '', false])
  })
})

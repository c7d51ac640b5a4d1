import { describe, expect, it } from 'vitest'
import { ChangeCursor, GAP_WAIT_MS, MAX_GAPS } from './change-cursor'

describe('ChangeCursor', () => {
  it('moves past what it read and asks again for the ids it jumped over', () => {
    const cursor = new ChangeCursor(() => 0)
    cursor.advance([1, 2, 5])
    expect(cursor.last).toBe(5)
    expect(cursor.pending()).toEqual([3, 4])
    // the transaction that held 4 commits later: the next read finds it, and it is no gap any more
    cursor.advance([4, 6])
    expect(cursor.last).toBe(6)
    expect(cursor.pending()).toEqual([3])
  })

  it('stops asking for a gap after GAP_WAIT_MS (a rolled-back transaction)', () => {
    let clock = 0
    const cursor = new ChangeCursor(() => clock)
    cursor.advance([1, 3])
    clock = GAP_WAIT_MS
    expect(cursor.pending()).toEqual([2])
    clock = GAP_WAIT_MS + 1
    expect(cursor.pending()).toEqual([])
  })

  it('starts over from a load with the gaps the reader found, and keeps at most MAX_GAPS', () => {
    const cursor = new ChangeCursor(() => 0)
    cursor.advance([1, 9])
    cursor.reset(20, [17, 18])
    expect(cursor.last).toBe(20)
    expect(cursor.pending()).toEqual([17, 18])
    cursor.advance([MAX_GAPS + 100])
    expect(cursor.pending()).toHaveLength(MAX_GAPS)
  })
})

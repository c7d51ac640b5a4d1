import { describe, expect, it } from 'vitest'
import { FAILURE_LIMIT, FAILURE_WINDOW_MS, retryAfterSeconds, subjectHash } from './throttle'

const now = new Date('2026-11-25T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)

describe('retryAfterSeconds', () => {
  it('lets nine failures pass and blocks at ten', () => {
    expect(FAILURE_LIMIT).toBe(10)
    expect(
      retryAfterSeconds(
        Array.from({ length: 9 }, () => ago(1000)),
        now,
      ),
    ).toBeNull()
    expect(
      retryAfterSeconds(
        Array.from({ length: 10 }, () => ago(1000)),
        now,
      ),
    ).toBe(899)
  })

  it('waits until all but nine failures have left the 15-minute window', () => {
    // failures 14, 13, …, 5 minutes ago: the oldest leaves in 1 minute
    const failures = Array.from({ length: 10 }, (_, i) => ago((14 - i) * 60_000))
    expect(retryAfterSeconds(failures, now)).toBe(60)
    // twelve failures: three must leave, the third oldest (12 minutes ago) in 3 minutes
    const twelve = Array.from({ length: 12 }, (_, i) => ago((14 - i) * 60_000))
    expect(retryAfterSeconds(twelve, now)).toBe(180)
  })

  it('ignores failures outside the window and never answers less than a second', () => {
    const old = Array.from({ length: 10 }, () => ago(FAILURE_WINDOW_MS))
    expect(retryAfterSeconds(old, now)).toBeNull()
    const almost = Array.from({ length: 10 }, () => ago(FAILURE_WINDOW_MS - 10))
    expect(retryAfterSeconds(almost, now)).toBe(1)
  })
})

describe('subjectHash', () => {
  it('keeps accounts and addresses apart and stores neither in the clear', () => {
    expect(subjectHash('account', 'a@b.fi')).not.toBe(subjectHash('address', 'a@b.fi'))
    expect(subjectHash('account', 'a@b.fi')).not.toContain('a@b.fi')
    expect(subjectHash('account', 'a@b.fi')).toBe(subjectHash('account', 'a@b.fi'))
  })
})

import { describe, expect, it } from 'vitest'
import { LIVE_RETRY_ATTEMPTS, liveRetryDelayMs, mayRetryLive } from './reconnect'

describe('the live connection retry rule (docs/product-rules.md#shop-wide-behaviour)', () => {
  it('waits 500 ms, doubled for every further attempt', () => {
    expect([0, 1, 2, 3, 4].map(liveRetryDelayMs)).toEqual([500, 1000, 2000, 4000, 8000])
  })

  it('tries 5 times, then gives up', () => {
    expect(LIVE_RETRY_ATTEMPTS).toBe(5)
    expect([0, 1, 2, 3, 4, 5].map(mayRetryLive)).toEqual([true, true, true, true, true, false])
  })
})

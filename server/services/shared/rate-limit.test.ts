import { describe, expect, it } from 'vitest'
import type { Redis } from 'ioredis'
import {
  checkAll,
  createMemoryRateLimiter,
  createRateLimiter,
  createRedisRateLimiter,
  hitAll,
  type LimitRule,
} from './rate-limit'

const rule: LimitRule = { name: 'test', limit: 3, windowMs: 60_000 }

function clock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe('the in-process limiter', () => {
  it('allows the limit per window, then blocks with the seconds until the window ends', async () => {
    const time = clock()
    const limiter = createMemoryRateLimiter({ now: time.now })
    expect(await limiter.hit(rule, 'a')).toEqual({ allowed: true, remaining: 2 })
    await limiter.hit(rule, 'a')
    expect(await limiter.hit(rule, 'a')).toEqual({ allowed: true, remaining: 0 })
    time.advance(15_500)
    expect(await limiter.hit(rule, 'a')).toEqual({ allowed: false, retryAfterSeconds: 45 })
    time.advance(44_500)
    expect(await limiter.hit(rule, 'a')).toEqual({ allowed: true, remaining: 2 })
  })

  it('keeps subjects and rules apart', async () => {
    const limiter = createMemoryRateLimiter()
    for (let i = 0; i < 4; i++) await limiter.hit(rule, 'a')
    expect((await limiter.hit(rule, 'a')).allowed).toBe(false)
    expect((await limiter.hit(rule, 'b')).allowed).toBe(true)
    expect((await limiter.hit({ ...rule, name: 'other' }, 'a')).allowed).toBe(true)
  })

  it('checks without counting: blocked once the limit is used up', async () => {
    const limiter = createMemoryRateLimiter()
    for (let i = 0; i < 5; i++) expect((await limiter.check(rule, 'a')).allowed).toBe(true)
    for (let i = 0; i < 3; i++) await limiter.hit(rule, 'a')
    expect(await limiter.check(rule, 'a')).toMatchObject({ allowed: false, retryAfterSeconds: 60 })
  })

  it('charges a limit by cost: a costly attempt uses up more of the window', async () => {
    const limiter = createMemoryRateLimiter()
    const budget: LimitRule = { name: 'budget', limit: 100, windowMs: 60_000 }
    expect(await limiter.hit(budget, 'a', 60)).toEqual({ allowed: true, remaining: 40 })
    expect(await limiter.hit(budget, 'a', 0.2)).toEqual({ allowed: true, remaining: 39 })
    expect((await limiter.hit(budget, 'a', 40)).allowed).toBe(false)
    expect(await limiter.hit(budget, 'b', 100)).toEqual({ allowed: true, remaining: 0 })
  })

  it('holds a bounded number of counters', async () => {
    const limiter = createMemoryRateLimiter({ maxEntries: 2 })
    for (let i = 0; i < 4; i++) await limiter.hit(rule, 'a')
    await limiter.hit(rule, 'b')
    await limiter.hit(rule, 'c')
    // 'a' was the least recently used: forgotten
    expect((await limiter.hit(rule, 'a')).allowed).toBe(true)
  })

  it('answers the longest wait of several limits', async () => {
    const time = clock()
    const limiter = createMemoryRateLimiter({ now: time.now })
    const long: LimitRule = { name: 'long', limit: 1, windowMs: 600_000 }
    await hitAll(limiter, [
      [rule, 'a'],
      [long, 'a'],
    ])
    expect(
      await checkAll(limiter, [
        [rule, 'a'],
        [long, 'a'],
      ]),
    ).toEqual({
      allowed: false,
      retryAfterSeconds: 600,
    })
    expect(await checkAll(limiter, [[rule, 'a']])).toEqual({ allowed: true, remaining: 1 })
  })
})

describe('the Redis limiter when Redis fails', () => {
  it('counts in process and reports the error', async () => {
    const errors: unknown[] = []
    const broken = { eval: () => Promise.reject(new Error('Connection is closed.')) } as unknown as Redis
    const limiter = createRedisRateLimiter({ redis: broken, onError: (error) => errors.push(error) })
    for (let i = 0; i < 3; i++) expect((await limiter.hit(rule, 'a')).allowed).toBe(true)
    expect((await limiter.hit(rule, 'a')).allowed).toBe(false)
    expect(errors).toHaveLength(4)
  })
})

describe('createRateLimiter', () => {
  it('counts in process without REDIS_URL', async () => {
    expect((await createRateLimiter({})).kind).toBe('memory')
  })

  it('still limits when the configured Redis refuses connections, and says so once', async () => {
    const warnings: string[] = []
    // port 1: nothing listens, the connection is refused at once
    const limiter = await createRateLimiter({
      redisUrl: 'redis://127.0.0.1:1',
      log: { warn: (_object, message) => warnings.push(message) },
    })
    try {
      for (let i = 0; i < 3; i++) expect((await limiter.hit(rule, 'a')).allowed).toBe(true)
      expect(await limiter.hit(rule, 'a')).toMatchObject({ allowed: false })
      expect(warnings).toEqual(['rate limits: Redis failed, counting in this process'])
    } finally {
      await limiter.close()
    }
  })
})

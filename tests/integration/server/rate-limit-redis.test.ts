/**
 * The abuse limits in Redis (ADR 0024): two limiters (two instances of the shop) count into one
 * window, and the log sink of two apps on one Redis shares its limit. Part of the run only when
 * TEST_REDIS_URL points at a Redis server (like the page cache's Redis tests).
 */
import { randomUUID } from 'node:crypto'
import Fastify from 'fastify'
import { afterAll, expect, it } from 'vitest'
import logService, { LOG_REPORT_LIMIT } from '../../../server/services/log'
import {
  createRateLimiter,
  type LimitRule,
  type RateLimiter,
} from '../../../server/services/shared/rate-limit'
import { describeWithServers } from '../helpers/outside-servers'

/**
 * The next database number of TEST_REDIS_URL's server: the page cache's Redis test empties its
 * database (FLUSHDB) while this file may run in another worker.
 */
function neighbourDatabase(url: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${(Number(parsed.pathname.slice(1) || '0') + 1) % 16}`
  return parsed.toString()
}

describeWithServers(['redis'], 'abuse limits in Redis', (urls) => {
  const redisUrl = neighbourDatabase(urls.redis)
  const limiters: RateLimiter[] = []
  afterAll(async () => {
    for (const limiter of limiters) await limiter.close()
  })

  async function instance(): Promise<RateLimiter> {
    const limiter = await createRateLimiter({ redisUrl })
    limiters.push(limiter)
    return limiter
  }

  it('shares one count between two limiters', async () => {
    const [first, second] = [await instance(), await instance()]
    expect([first.kind, second.kind]).toEqual(['redis', 'redis'])
    // a rule of its own: earlier runs' counters on the same Redis do not count
    const rule: LimitRule = { name: `test-${randomUUID()}`, limit: 4, windowMs: 60_000 }
    const answers = []
    for (let i = 0; i < 4; i++) answers.push(await (i % 2 === 0 ? first : second).hit(rule, 'shopper'))
    expect(answers.map((answer) => answer.allowed)).toEqual([true, true, true, true])
    const blocked = await second.hit(rule, 'shopper')
    expect(blocked.allowed).toBe(false)
    expect(await first.check(rule, 'shopper')).toMatchObject({ allowed: false })
    if (!blocked.allowed) expect(blocked.retryAfterSeconds).toBeGreaterThan(55)
    expect((await first.hit(rule, 'someone else')).allowed).toBe(true)
  })

  it("charges a cost-based limit (the image renders' budget) by cost in one shared window", async () => {
    const [first, second] = [await instance(), await instance()]
    const budget: LimitRule = { name: `test-cost-${randomUUID()}`, limit: 1000, windowMs: 60_000 }
    expect(await first.hit(budget, 'shopper', 600)).toMatchObject({ allowed: true, remaining: 400 })
    expect(await second.hit(budget, 'shopper', 399.5)).toMatchObject({ allowed: true, remaining: 0 })
    expect((await first.hit(budget, 'shopper', 1)).allowed).toBe(false)
  })

  it('the log sinks of two apps on one Redis answer 429 with Retry-After after the shared limit', async () => {
    // a documentation address of its own per run (2001:db8::/32)
    const address = `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`
    const apps = []
    for (let i = 0; i < 2; i++) {
      const app = Fastify({ logger: false })
      await app.register(logService, { limiter: await instance() })
      apps.push(app)
    }
    try {
      const statuses: number[] = []
      let retryAfter: string | undefined
      for (let i = 0; i <= LOG_REPORT_LIMIT.limit; i++) {
        const response = await apps[i % 2]!.inject({
          method: 'PUT',
          url: '/api/log-error',
          remoteAddress: address,
          payload: { message: `e${i}` },
        })
        statuses.push(response.statusCode)
        retryAfter = response.headers['retry-after'] as string | undefined
      }
      expect(statuses.slice(0, LOG_REPORT_LIMIT.limit).every((status) => status === 204)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
      expect(Number(retryAfter)).toBeGreaterThan(0)
    } finally {
      for (const app of apps) await app.close()
    }
  })
})

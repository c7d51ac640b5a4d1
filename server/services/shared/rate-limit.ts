/**
 * Abuse limits (issue #15 item 3, docs/adr/0024-abuse-limits.md): fixed-window counters keyed by
 * (limit name, subject). In process by default (an LRU bounded by entries); in Redis when
 * REDIS_URL is set, so every instance counts into the same window. A limit answers "allowed" or
 * "blocked, retry after N seconds".
 *
 * Two ways to count: `hit` counts every attempt (newsletter, reviews, the log sink...); `check`
 * + `hit` counts only failures (promo codes: check before, hit when the code was wrong).
 *
 * When Redis does not answer (down, slow) the limiter counts in process instead and logs it:
 * a limit that fails must neither fail the shop nor open the door completely.
 */
import { LRUCache } from 'lru-cache'
import type { Redis } from 'ioredis'

export interface LimitRule {
  /** Part of the key: one counter per rule and subject. */
  readonly name: string
  /** Attempts allowed per window (or, for a limit charged by cost, the window's budget). */
  readonly limit: number
  readonly windowMs: number
}

export type LimitDecision =
  | { readonly allowed: true; readonly remaining: number }
  | { readonly allowed: false; readonly retryAfterSeconds: number }

export interface RateLimiter {
  /**
   * Counts one attempt of the subject (`cost` of them when given: a limit charged by cost, e.g.
   * the image renders' pixels) and answers whether it is within the limit.
   */
  hit(rule: LimitRule, subject: string, cost?: number): Promise<LimitDecision>
  /** Answers whether one more attempt would be allowed, without counting one. */
  check(rule: LimitRule, subject: string): Promise<LimitDecision>
  /** Where the counters live. */
  readonly kind: 'memory' | 'redis'
  close(): Promise<void>
}

interface Window {
  count: number
  resetAt: number
}

/** Counter state → decision. `counted`: the count includes this attempt (hit) or not (check). */
function decide(
  rule: LimitRule,
  count: number,
  resetAt: number,
  now: number,
  counted: boolean,
): LimitDecision {
  const used = counted ? count : count + 1
  if (used <= rule.limit) return { allowed: true, remaining: rule.limit - used }
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) }
}

/** Counters are whole numbers (Redis INCRBY); an attempt costs at least one. */
function wholeCost(cost: number): number {
  return Number.isFinite(cost) ? Math.max(1, Math.ceil(cost)) : 1
}

function keyOf(rule: LimitRule, subject: string): string {
  return `${rule.name}:${subject}`
}

export interface MemoryLimiterOptions {
  /** Counters kept at most (the least recently used go first); default 100 000. */
  maxEntries?: number
  now?: () => number
}

export function createMemoryRateLimiter({
  maxEntries = 100_000,
  now = Date.now,
}: MemoryLimiterOptions = {}): RateLimiter {
  const windows = new LRUCache<string, Window>({ max: maxEntries })

  function current(rule: LimitRule, subject: string, at: number): Window | undefined {
    const window = windows.get(keyOf(rule, subject))
    return window && window.resetAt > at ? window : undefined
  }

  return {
    kind: 'memory',
    async hit(rule, subject, cost = 1) {
      const at = now()
      const add = wholeCost(cost)
      let window = current(rule, subject, at)
      if (window) window.count += add
      else {
        window = { count: add, resetAt: at + rule.windowMs }
        windows.set(keyOf(rule, subject), window)
      }
      return decide(rule, window.count, window.resetAt, at, true)
    },
    async check(rule, subject) {
      const at = now()
      const window = current(rule, subject, at)
      return decide(rule, window?.count ?? 0, window?.resetAt ?? at + rule.windowMs, at, false)
    },
    async close() {
      windows.clear()
    },
  }
}

/**
 * One round trip, atomic: add ARGV[2] (0 for a check) to the counter, start its window (PEXPIRE)
 * when it has none, answer the count and the window's remaining milliseconds.
 */
const COUNT_SCRIPT = `
local n
if tonumber(ARGV[2]) > 0 then
  n = redis.call('INCRBY', KEYS[1], ARGV[2])
else
  n = tonumber(redis.call('GET', KEYS[1]) or '0')
end
local ttl = redis.call('PTTL', KEYS[1])
if n > 0 and ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`

export interface RedisLimiterOptions {
  redis: Redis
  /** Key prefix; default 'lumo:limit:'. */
  prefix?: string
  /** Counts here while Redis does not answer (default: a fresh in-process limiter). */
  fallback?: RateLimiter
  onError?: (error: unknown) => void
  now?: () => number
}

export function createRedisRateLimiter({
  redis,
  prefix = 'lumo:limit:',
  fallback = createMemoryRateLimiter(),
  onError = () => undefined,
  now = Date.now,
}: RedisLimiterOptions): RateLimiter {
  /** `add`: what this attempt costs (0 for a check). */
  async function count(rule: LimitRule, subject: string, add: number): Promise<LimitDecision> {
    try {
      const [n, ttl] = (await redis.eval(
        COUNT_SCRIPT,
        1,
        prefix + keyOf(rule, subject),
        String(rule.windowMs),
        String(add),
      )) as [number, number]
      const at = now()
      const resetAt = at + (ttl > 0 ? ttl : rule.windowMs)
      return decide(rule, n, resetAt, at, add > 0)
    } catch (error) {
      onError(error)
      return add > 0 ? fallback.hit(rule, subject, add) : fallback.check(rule, subject)
    }
  }
  return {
    kind: 'redis',
    hit: (rule, subject, cost = 1) => count(rule, subject, wholeCost(cost)),
    check: (rule, subject) => count(rule, subject, 0),
    async close() {
      await fallback.close()
    },
  }
}

export interface LimiterFromConfigOptions {
  redisUrl?: string | undefined
  log?: { warn(object: unknown, message: string): void }
}

/**
 * The process's limiter: Redis when a URL is configured, in process otherwise. Commands give up
 * after a short while (and the in-process fallback counts) rather than wait for a lost Redis.
 */
export async function createRateLimiter({ redisUrl, log }: LimiterFromConfigOptions): Promise<RateLimiter> {
  if (!redisUrl) return createMemoryRateLimiter()
  const { Redis } = await import('ioredis')
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: 1000,
    connectTimeout: 2000,
  })
  let lastWarning = 0
  const warn = (error: unknown) => {
    // one line a minute at most: every request would otherwise log it
    if (Date.now() - lastWarning < 60_000) return
    lastWarning = Date.now()
    log?.warn({ err: error }, 'rate limits: Redis failed, counting in this process')
  }
  redis.on('error', warn)
  try {
    await redis.connect()
  } catch (error) {
    warn(error)
  }
  const limiter = createRedisRateLimiter({ redis, onError: warn })
  return {
    ...limiter,
    async close() {
      await limiter.close()
      redis.disconnect()
    },
  }
}

/** Counts one attempt for every (rule, subject) pair; the longest wait of those blocked, if any. */
export async function hitAll(
  limiter: RateLimiter,
  pairs: readonly (readonly [LimitRule, string])[],
): Promise<LimitDecision> {
  return longestWait(await Promise.all(pairs.map(([rule, subject]) => limiter.hit(rule, subject))))
}

/** Checks every (rule, subject) pair without counting; the longest wait of those blocked, if any. */
export async function checkAll(
  limiter: RateLimiter,
  pairs: readonly (readonly [LimitRule, string])[],
): Promise<LimitDecision> {
  return longestWait(await Promise.all(pairs.map(([rule, subject]) => limiter.check(rule, subject))))
}

function longestWait(decisions: readonly LimitDecision[]): LimitDecision {
  let answer: LimitDecision = { allowed: true, remaining: Infinity }
  for (const decision of decisions) {
    if (!decision.allowed) {
      if (answer.allowed || decision.retryAfterSeconds > answer.retryAfterSeconds) answer = decision
    } else if (answer.allowed && decision.remaining < answer.remaining) answer = decision
  }
  return answer
}

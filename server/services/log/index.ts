/**
 * The log service: what browsers report about themselves.
 * - The client error sink (docs/product-rules.md#errors-and-feedback): PUT /api/log-error with {type, message, stack,
 *   component, info, url, userAgent}. Validated, size-limited and rate-limited per address, then
 *   written to the server log where operators already look.
 * - Real-user metrics (issue #13, ADR 0035): POST /api/vitals with a batch of Core Web Vitals
 *   `{ market, metrics: [{ name, value, pageType }] }` from the sampled share of page loads,
 *   validated and rate-limited the same way and stored in `web_vitals`. Their p75 per page type and
 *   market is on /metrics (`lumo_web_vitals_p75`) and at GET /admin/api/vitals (`npm run admin --
 *   vitals`). Samples are kept for VITALS_RETENTION_DAYS, so the table (and the disk) stays bounded.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import type { Database } from '../../db'
import { createMemoryRateLimiter, type LimitRule, type RateLimiter } from '../shared/rate-limit'
import { startPeriodicJob } from '../shared/periodic'
import { MARKET_ALIASES } from '../../../src/shared/markets'
import { vitalsP75, type VitalsP75Row } from './vitals-report'
import { parseAdminInput, registerAdminRoutes } from '../shared/admin'
import type { Config } from '../../config'
import {
  VITAL_NAMES,
  VITALS_BATCH_MAX,
  VITALS_PAGE_TYPE_PATTERN,
  VITALS_PATH,
} from '../../../src/shared/vitals'

const ClientError = z.object({
  type: z.string().max(64).default('error'),
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  component: z.string().max(200).optional(),
  info: z.string().max(2000).optional(),
  url: z.string().max(2000).optional(),
  userAgent: z.string().max(500).optional(),
})

export type ClientErrorReport = z.infer<typeof ClientError>

/** A broken page can loop on an error: what one address may write per minute (ADR 0024). */
export const LOG_REPORT_LIMIT: LimitRule = { name: 'log-error', limit: 30, windowMs: 60_000 }

/** A page sends one batch when it is hidden; a few reloads a minute are fine, a loop is not. */
export const VITALS_REPORT_LIMIT: LimitRule = { name: 'vitals', limit: 30, windowMs: 60_000 }

/** Upper bounds that no real page reaches: a minute for a time, 100 for a layout shift score. */
const MAX_MILLISECONDS = 60_000
const MAX_CLS = 100

const VitalsBatch = z.object({
  // optional: reports from pages built before the market was sent
  market: z.enum(MARKET_ALIASES).optional(),
  metrics: z
    .array(
      z
        .object({
          name: z.enum(VITAL_NAMES),
          value: z.number().finite().min(0),
          pageType: z.string().regex(VITALS_PAGE_TYPE_PATTERN),
        })
        .refine((metric) => metric.value <= (metric.name === 'CLS' ? MAX_CLS : MAX_MILLISECONDS), {
          message: 'value out of range',
          path: ['value'],
        }),
    )
    .min(1)
    .max(VITALS_BATCH_MAX),
})

/** Field data is judged over 28 days (as Google's CrUX does); older samples are deleted. */
export const VITALS_RETENTION_DAYS = 28
const DAY_MS = 24 * 60 * 60 * 1000

/** Deletes the samples older than the retention; returns how many went. Safe in several instances. */
export async function pruneVitals(database: Pick<Database, 'db'>, now: Date = new Date()): Promise<number> {
  const result = await database.db
    .deleteFrom('web_vitals')
    .where('recorded_at', '<', new Date(now.getTime() - VITALS_RETENTION_DAYS * DAY_MS))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export type VitalsReport = z.infer<typeof VitalsBatch>

/** How long /metrics reuses the p75 figures: a percentile over 28 days of samples is not free. */
export const VITALS_GAUGE_TTL_MS = 60_000

/**
 * Field vitals for Prometheus: `lumo_web_vitals_p75{page_type, market, metric}` and
 * `lumo_web_vitals_samples{…}` over the stored samples (the retention is the window), read at most
 * once a minute however often /metrics is scraped.
 */
function registerVitalsGauges(app: FastifyInstance, database: Pick<Database, 'db'>): void {
  if (!app.hasDecorator('metrics')) return
  let cached: { at: number; rows: Promise<VitalsP75Row[]> } | undefined
  const rows = () => {
    const now = Date.now()
    if (!cached || now - cached.at > VITALS_GAUGE_TTL_MS) {
      const fresh = { at: now, rows: vitalsP75(database.db) }
      // a failed read is not kept: the next scrape asks again
      fresh.rows.catch(() => {
        if (cached === fresh) cached = undefined
      })
      cached = fresh
    }
    return cached.rows
  }
  const labelNames = ['page_type', 'market', 'metric'] as const
  const labelsOf = (row: VitalsP75Row) => ({
    page_type: row.pageType,
    market: row.market,
    metric: row.metric,
  })
  app.metrics.labelledGauge(
    'lumo_web_vitals_p75',
    'Field Core Web Vitals: 75th percentile per page type and market over the kept samples (ms; CLS unitless)',
    labelNames,
    async () => (await rows()).map((row) => ({ labels: labelsOf(row), value: row.p75 })),
  )
  app.metrics.labelledGauge(
    'lumo_web_vitals_samples',
    'Field Core Web Vitals samples behind each 75th percentile',
    labelNames,
    async () => (await rows()).map((row) => ({ labels: labelsOf(row), value: row.samples })),
  )
}

export interface LogServiceOptions {
  /** The process's abuse limiter (shared across instances with Redis); in process by default. */
  limiter?: RateLimiter
  /** Where real-user metrics are stored; without it POST /api/vitals is not offered. */
  database?: Pick<Database, 'db'>
  /** How often old samples are pruned (ms; 0 turns the job off). Hourly by default. */
  vitalsPruneIntervalMs?: number
  /** With it, the back office reads the field vitals at GET /admin/api/vitals (`npm run admin -- vitals`). */
  config?: Pick<Config, 'adminKey'>
}

function tooMany(reply: FastifyReply, retryAfterSeconds: number, what: string) {
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({ error: `Too many ${what}` })
}

export default async function logService(app: FastifyInstance, options: LogServiceOptions = {}) {
  const limiter = options.limiter ?? createMemoryRateLimiter()

  app.put('/api/log-error', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    // the browser calls this directly: request.ip (TRUST_PROXY decides what it believes)
    const decision = await limiter.hit(LOG_REPORT_LIMIT, request.ip)
    if (!decision.allowed) return tooMany(reply, decision.retryAfterSeconds, 'error reports')
    const parsed = ClientError.safeParse(request.body)
    if (!parsed.success) {
      return reply.code(400).send({
        error: 'Invalid error report',
        issues: parsed.error.issues.map((i) => i.path.join('.') + ': ' + i.message),
      })
    }
    request.log.warn({ clientError: parsed.data }, 'client error')
    return reply.code(204).send()
  })

  const database = options.database
  if (!database) return
  registerVitalsGauges(app, database)
  if (options.config) {
    const vitalsQuery = z.object({
      days: z.coerce.number().int().min(1).max(VITALS_RETENTION_DAYS).optional(),
    })
    await registerAdminRoutes(app, { area: 'vitals', config: options.config }, (admin) => {
      admin.get('/', async (request) => {
        const { days = VITALS_RETENTION_DAYS } = parseAdminInput(vitalsQuery, request.query)
        const since = new Date(Date.now() - days * DAY_MS)
        return { days, rows: await vitalsP75(database.db, { since }) }
      })
    })
  }
  startPeriodicJob(app, 'web vitals retention', options.vitalsPruneIntervalMs ?? 60 * 60 * 1000, () =>
    pruneVitals(database),
  )
  app.post(VITALS_PATH, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const decision = await limiter.hit(VITALS_REPORT_LIMIT, request.ip)
    if (!decision.allowed) return tooMany(reply, decision.retryAfterSeconds, 'metric reports')
    const parsed = VitalsBatch.safeParse(request.body)
    if (!parsed.success) {
      return reply.code(400).send({
        error: 'Invalid metrics report',
        issues: parsed.error.issues.map((i) => i.path.join('.') + ': ' + i.message),
      })
    }
    await database.db
      .insertInto('web_vitals')
      .values(
        parsed.data.metrics.map((metric) => ({
          page_type: metric.pageType,
          market: parsed.data.market ?? null,
          metric: metric.name,
          value: metric.value,
        })),
      )
      .execute()
    return reply.code(204).send()
  })
}

/**
 * The client error sink (spec §7 "Error log"): PUT /api/log-error with {type, message, stack,
 * component, info, url, userAgent}. Validated, size-limited and rate-limited per address, then
 * written to the server log where operators already look.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { createMemoryRateLimiter, type LimitRule, type RateLimiter } from '../shared/rate-limit'

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

export interface LogServiceOptions {
  /** The process's abuse limiter (shared across instances with Redis); in process by default. */
  limiter?: RateLimiter
}

export default async function logService(app: FastifyInstance, options: LogServiceOptions = {}) {
  const limiter = options.limiter ?? createMemoryRateLimiter()

  app.put('/api/log-error', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    // the browser calls this directly: request.ip (TRUST_PROXY decides what it believes)
    const decision = await limiter.hit(LOG_REPORT_LIMIT, request.ip)
    if (!decision.allowed) {
      return reply
        .code(429)
        .header('retry-after', String(decision.retryAfterSeconds))
        .send({ error: 'Too many error reports' })
    }
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
}

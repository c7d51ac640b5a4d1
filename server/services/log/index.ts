/**
 * The client error sink (spec §7 "Error log"): PUT /api/log-error with {type, message, stack,
 * component, info, url, userAgent}. Validated, size-limited and rate-limited per address, then
 * written to the server log where operators already look.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

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

const WINDOW_MS = 60_000
const MAX_PER_WINDOW = 30

export default async function logService(app: FastifyInstance) {
  // A broken page can loop on an error: cap what one address may write per minute.
  const recent = new Map<string, { count: number; since: number }>()

  app.put('/api/log-error', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const now = Date.now()
    const entry = recent.get(request.ip)
    if (entry && now - entry.since < WINDOW_MS) {
      entry.count += 1
      if (entry.count > MAX_PER_WINDOW) return reply.code(429).send({ error: 'Too many error reports' })
    } else {
      recent.set(request.ip, { count: 1, since: now })
      if (recent.size > 10_000) recent.clear()
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

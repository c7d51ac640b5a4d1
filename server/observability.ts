/**
 * How an operator sees the shop (issue #15 item 7; docs/deploy.md "Runbook"):
 *
 * - every request has an id (a caller's valid `X-Request-Id`, else a new UUID), answered in
 *   `X-Request-Id`, on every log line of the request (Fastify's `reqId`) and passed on to the
 *   services by the service fetch, so one shopper's request is followed through all of them;
 * - `GET /metrics`: Prometheus text (requests, errors and latency per route, calls per service,
 *   page-cache states, database statements and pool, queue depths, the process), for the
 *   operator's network only (METRICS_ALLOW; never through a proxy);
 * - `GET /readyz`: 200 when this instance can serve (the database answers), 503 otherwise, so a
 *   load balancer stops sending it traffic; `GET /healthz` stays the liveness probe (the process
 *   runs), which a restart is the cure for.
 */
import { randomUUID } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { Config } from './config'
import type { Database } from './db'
import { createMetrics } from './services/shared/metrics'
import {
  acceptableRequestId,
  REQUEST_ID_HEADER,
  runInRequestContext,
} from './services/shared/request-context'
import { CACHE_STATE_HEADER } from './ssr/page-cache'

/** Longer than this without the database's answer, and the instance is not ready. */
export const READY_TIMEOUT_MS = 2_000

/** Fastify's `genReqId`: the caller's id when it is a sane one (a proxy's), else a new UUID. */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers[REQUEST_ID_HEADER]
  return acceptableRequestId(given) ? given : randomUUID()
}

/** The addresses METRICS_ALLOW names (addresses and CIDR ranges), as a BlockList to test against. */
export function metricsAllowList(entries: readonly string[]): BlockList {
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/')
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(bits), family)
  }
  return list
}

function peerAllowed(request: FastifyRequest, allow: BlockList): boolean {
  // Prometheus scrapes each instance directly; anything that came through a proxy is a visitor
  if (request.headers['x-forwarded-for'] || request.headers.forwarded) return false
  const peer = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '')
  const family = isIP(peer)
  if (family === 0) return false
  return allow.check(peer, family === 6 ? 'ipv6' : 'ipv4')
}

/** The route label: the matched route's template, so ids and slugs do not make new series. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched'
}

export interface ObservabilityOptions {
  config: Pick<Config, 'metricsAllow'>
  database: Database
  /** default process metrics (CPU, memory, event loop); off in tests that build many apps */
  processMetrics?: boolean
}

export function addObservability(
  app: FastifyInstance,
  { config, database, processMetrics = true }: ObservabilityOptions,
) {
  const metrics = createMetrics({ processMetrics })
  app.decorate('metrics', metrics)
  const allow = metricsAllowList(config.metricsAllow)

  // the request's id travels with everything the request causes
  app.addHook('onRequest', (request, _reply, done) => {
    runInRequestContext({ requestId: request.id }, done)
  })
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, request.id)
    return payload
  })
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request)
    const labels = { method: request.method, route }
    metrics.httpRequests.inc({ ...labels, status: `${Math.floor(reply.statusCode / 100)}xx` })
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000)
    const cacheState = reply.getHeader(CACHE_STATE_HEADER)
    if (typeof cacheState === 'string') metrics.pageCache.inc({ state: cacheState })
  })

  const stopListening = database.onQuery((event) => {
    metrics.dbQueries.inc({ outcome: event.error ? 'error' : 'ok' })
    metrics.dbDuration.observe(event.durationMs / 1000)
  })
  app.addHook('onClose', async () => {
    stopListening()
  })
  const pool = () => database.poolStats()
  metrics.gauge('lumo_db_pool_connections', 'Database connections open', () => pool().total)
  metrics.gauge('lumo_db_pool_idle', 'Database connections idle', () => pool().idle)
  metrics.gauge('lumo_db_pool_waiting', 'Statements waiting for a database connection', () => pool().waiting)
  metrics.gauge(
    'lumo_db_share_waiting',
    "Shoppers' statements waiting for their share of the database (ADR 0060)",
    () => pool().waitingForShare,
  )

  app.get('/metrics', async (request, reply) => {
    if (!peerAllowed(request, allow)) return reply.code(404).send({ error: 'not found' })
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics())
  })

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      await Promise.race([
        sql`SELECT 1`.execute(database.db),
        new Promise((_resolve, reject) =>
          setTimeout(
            () => reject(new Error(`no answer in ${READY_TIMEOUT_MS} ms`)),
            READY_TIMEOUT_MS,
          ).unref(),
        ),
      ])
      return { status: 'ready', database: database.kind }
    } catch (error) {
      return reply.code(503).send({ status: 'unavailable', database: (error as Error).message })
    }
  })
}

/**
 * The process's Prometheus metrics (issue #15 item 7, served at /metrics by
 * server/observability.ts). One registry per app, so tests can build many apps; services add
 * their own gauges to `app.metrics.registry` (queue depths) and record calls to other services
 * through the service fetch.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

export interface Metrics {
  registry: Registry
  httpRequests: Counter<'method' | 'route' | 'status'>
  httpDuration: Histogram<'method' | 'route'>
  serviceCalls: Counter<'service' | 'outcome'>
  serviceDuration: Histogram<'service'>
  pageCache: Counter<'state'>
  dbQueries: Counter<'outcome'>
  dbDuration: Histogram
  /** A gauge read at scrape time: a queue's depth, a pool's size. */
  gauge(name: string, help: string, read: () => number | Promise<number>): void
  /** A gauge with labels read at scrape time: one value per label set the reader returns. */
  labelledGauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => Promise<readonly { labels: Record<L, string>; value: number }[]>,
  ): void
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export function createMetrics({ processMetrics = true }: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry()
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: 'lumo_' })
  const registers = [registry]
  return {
    registry,
    httpRequests: new Counter({
      name: 'lumo_http_requests_total',
      help: 'HTTP requests answered, by route template and status class',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'lumo_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route template',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    serviceCalls: new Counter({
      name: 'lumo_service_calls_total',
      help: 'Calls from this process to a service (in process or outside), by outcome',
      labelNames: ['service', 'outcome'],
      registers,
    }),
    serviceDuration: new Histogram({
      name: 'lumo_service_call_duration_seconds',
      help: 'Time a call to a service took',
      labelNames: ['service'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    pageCache: new Counter({
      name: 'lumo_page_cache_requests_total',
      help: 'Pages answered by the page cache, by state (hit, stale, miss, bypass)',
      labelNames: ['state'],
      registers,
    }),
    dbQueries: new Counter({
      name: 'lumo_db_queries_total',
      help: 'Database statements run, by outcome',
      labelNames: ['outcome'],
      registers,
    }),
    dbDuration: new Histogram({
      name: 'lumo_db_query_duration_seconds',
      help: 'Time a database statement took',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5, 15],
      registers,
    }),
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(await read())
        },
      })
    },
    labelledGauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers,
        async collect() {
          const values = await read()
          // a label set that is gone from the data is gone from the scrape
          this.reset()
          for (const { labels, value } of values) this.set(labels, value)
        },
      })
    },
  }
}

/**
 * A `fetch` for server-side calls to the services. A URL on this process's own base URL (the
 * embedded services, config.services.* by default) is answered by `app.inject`: the same HTTP
 * contract, no socket. Any other URL (a service configured elsewhere) goes to the global fetch.
 */
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { Config } from '../../config'
import { currentRequestId, REQUEST_ID_HEADER } from './request-context'
import { CircuitOpenError, createCircuitBreakers, type CircuitBreakers } from './circuit-breaker'
import { callerSignal, deadline } from '../../../src/shared/deadline'

/** `http://{host}:{port}` exactly as server/config.ts builds the default service URLs. */
export function selfOrigin(config: Pick<Config, 'host' | 'port'>): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
  return new URL(`http://${host.includes(':') ? `[${host}]` : host}:${config.port}`).origin
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError')
}

async function injectFetch(app: FastifyInstance, request: Request): Promise<Response> {
  const url = new URL(request.url)
  const headers: Record<string, string> = {}
  request.headers.forEach((value, key) => {
    headers[key] = value
  })
  // fetch never exposes Host; a service may read it (e.g. to build absolute URLs)
  headers.host ??= url.host
  const method = request.method.toUpperCase() as NonNullable<InjectOptions['method']>
  const payload = method === 'GET' || method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer())
  const injected = await app.inject({ method, url: url.pathname + url.search, headers, payload })

  const responseHeaders = new Headers()
  for (const [key, value] of Object.entries(injected.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(item))
  }
  const body =
    NULL_BODY_STATUSES.has(injected.statusCode) || method === 'HEAD'
      ? null
      : new Uint8Array(injected.rawPayload)
  return new Response(body, {
    status: injected.statusCode,
    statusText: injected.statusMessage,
    headers: responseHeaders,
  })
}

/**
 * A service that accepts a connection and never answers must not hold a page forever (issue #15,
 * finding 4): every call ends after this long unless the caller's own signal ends it sooner
 * (SERVICE_TIMEOUT_MS, config.serviceTimeoutMs; this is its default).
 */
export const SERVICE_TIMEOUT_MS = 10_000

export interface ServiceFetchOptions {
  /** config.serviceTimeoutMs, else SERVICE_TIMEOUT_MS */
  timeoutMs?: number
  /** the circuits of the services this fetch calls (one set per app by default) */
  breakers?: CircuitBreakers
}

/** Methods that may be sent again when the first try never reached the service. */
const RETRIABLE_METHODS = new Set(['GET', 'HEAD'])

/** A connection that was refused or reset before any answer: nothing was done, a GET may retry. */
function neverAnswered(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause
  return error instanceof TypeError && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(cause?.code ?? '')
}

/** The metrics label of a call: the configured service whose base URL the URL is under, or its host. */
export function serviceOf(url: string, services: Partial<Record<string, string>> = {}): string {
  let best: [string, number] | undefined
  for (const [name, base] of Object.entries(services)) {
    if (!base) continue
    const prefix = base.split('?')[0]!
    if (url.startsWith(prefix) && (!best || prefix.length > best[1])) best = [name, prefix.length]
  }
  return best?.[0] ?? new URL(url).host
}

function isTimeout(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'TimeoutError'
}

export function createServiceFetch(
  app: FastifyInstance,
  config: Pick<Config, 'host' | 'port'> & Partial<Pick<Config, 'services' | 'serviceTimeoutMs'>>,
  options: ServiceFetchOptions = {},
): typeof fetch {
  const origin = selfOrigin(config)
  const timeoutMs = options.timeoutMs ?? config.serviceTimeoutMs ?? SERVICE_TIMEOUT_MS
  const services = { ...config.services }
  const breakers = options.breakers ?? createCircuitBreakers()
  const call = serviceCall(app, origin)
  return async (input, init) => {
    const started = performance.now()
    const given = new Request(input, init)
    // followed directly, never through `given.signal`: a Request's signal is weakly held on
    // Node 20 and lost to a garbage collection (src/shared/deadline.ts)
    const caller = callerSignal(input, init)
    const service = serviceOf(given.url, services)
    const metrics = app.hasDecorator('metrics') ? app.metrics : undefined
    let circuit
    try {
      circuit = breakers.enter(service)
    } catch (error) {
      metrics?.serviceCalls.inc({ service, outcome: 'open' })
      throw error
    }
    // one deadline for the call, a retry included
    const limit = deadline(timeoutMs, [caller], `${service} did not answer within ${timeoutMs} ms`)
    try {
      let response: Response
      try {
        response = await call(given.clone(), limit)
      } catch (error) {
        // one more try, only when the first never reached the service and repeating is harmless
        if (!RETRIABLE_METHODS.has(given.method) || !neverAnswered(error)) throw error
        response = await call(given, limit)
      }
      if (response.status >= 500) circuit.failure()
      else circuit.success()
      metrics?.serviceCalls.inc({ service, outcome: response.status >= 500 ? 'error' : 'ok' })
      return response
    } catch (error) {
      limit.done()
      // the caller ending its own call says nothing about the service (a half-open trial ended
      // that way lets the next call be the trial, rather than leaving the circuit stuck); nor
      // does a page's deadline (PAGE_DEADLINE_MS): one operation that hangs would otherwise open
      // the circuit of the whole API for the pages whose own data comes
      if (caller?.aborted) circuit.release()
      else circuit.failure()
      metrics?.serviceCalls.inc({ service, outcome: isTimeout(error) ? 'timeout' : 'failed' })
      throw error
    } finally {
      metrics?.serviceDuration.observe({ service }, (performance.now() - started) / 1000)
    }
  }
}

export { CircuitOpenError }

function serviceCall(app: FastifyInstance, origin: string) {
  return async (given: Request, limit: ReturnType<typeof deadline>): Promise<Response> => {
    const requestId = currentRequestId()
    const headers = new Headers(given.headers)
    // the services' logs carry the id of the shopper's request that caused the call
    if (requestId && !headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, requestId)
    const request = new Request(given, { headers })
    const { signal } = limit
    // the deadline stays on while the body is read (it ends a service that stalls mid-answer)
    if (new URL(request.url).origin !== origin) return fetch(request, { signal })

    if (signal.aborted) throw abortError(signal)
    // inject cannot be cancelled; an abort (a caller's timeout) settles the promise at once
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal))
      signal.addEventListener('abort', onAbort, { once: true })
      injectFetch(app, request)
        .then(resolve, reject)
        .finally(() => {
          signal.removeEventListener('abort', onAbort)
          // the answer is whole in memory: nothing left to wait for
          limit.done()
        })
    })
  }
}

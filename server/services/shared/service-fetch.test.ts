import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import { createServiceFetch, selfOrigin } from './service-fetch'
import { CircuitOpenError, createCircuitBreakers } from './circuit-breaker'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { deadline } from '../../../src/shared/deadline'

// the process's own base URL; nothing listens on it: answers can only come from app.inject
const SELF = { host: '127.0.0.1', port: 39_917 }

let app: FastifyInstance
let outside: FastifyInstance
let outsideUrl: string
let releaseSlow: () => void = () => undefined

beforeAll(async () => {
  app = Fastify()
  app.all('/echo', async (request) => ({
    method: request.method,
    url: request.url,
    host: request.headers.host,
    contentType: request.headers['content-type'] ?? null,
    apiKey: request.headers['x-apikey'] ?? null,
    body: request.body ?? null,
  }))
  app.get('/empty', async (_request, reply) => reply.code(204).send())
  app.get('/cookies', async (_request, reply) => {
    reply.header('set-cookie', ['a=1; Path=/', 'b=2; Path=/'])
    return reply.code(201).type('text/plain').send('made')
  })
  app.get('/slow', () => new Promise((resolve) => (releaseSlow = () => resolve({ late: true }))))
  await app.ready()

  outside = Fastify()
  outside.get('/who', async () => ({ server: 'outside' }))
  // accepts the request and never answers (a hanging upstream)
  outside.route({ method: ['GET', 'POST'], url: '/hang', handler: () => new Promise(() => undefined) })
  outsideUrl = await outside.listen({ host: '127.0.0.1', port: 0 })
})

afterAll(async () => {
  releaseSlow()
  await app.close()
  // a call the client gave up on may leave its socket for undici to close later: close won't wait
  outside.server.closeAllConnections()
  await outside.close()
})

describe('createServiceFetch', () => {
  it('ends a call to an outside service that never answers with a TimeoutError (issue #15, finding 4)', async () => {
    const serviceFetch = createServiceFetch(app, SELF, { timeoutMs: 50 })
    await expect(serviceFetch(`${outsideUrl}/hang`)).rejects.toMatchObject({ name: 'TimeoutError' })
  })

  it('stops calling a service that keeps failing, and fails fast meanwhile (issue #15 item 4)', async () => {
    const breakers = createCircuitBreakers({ failureThreshold: 2, openMs: 60_000 })
    const serviceFetch = createServiceFetch(app, SELF, { timeoutMs: 50, breakers })
    await expect(serviceFetch(`${outsideUrl}/hang`)).rejects.toMatchObject({ name: 'TimeoutError' })
    await expect(serviceFetch(`${outsideUrl}/hang`)).rejects.toMatchObject({ name: 'TimeoutError' })
    // the third call does not wait for a timeout: the circuit of that host is open
    await expect(serviceFetch(`${outsideUrl}/who`)).rejects.toBeInstanceOf(CircuitOpenError)
    // another service's circuit is its own
    const own = await serviceFetch(`http://127.0.0.1:${SELF.port}/empty`)
    expect(own.status).toBe(204)
  })

  it('lets the next call try a half-open circuit when the caller gave up on the trial', async () => {
    let clock = 0
    const breakers = createCircuitBreakers({ failureThreshold: 1, openMs: 1000 }, () => clock)
    const serviceFetch = createServiceFetch(app, SELF, { timeoutMs: 50, breakers })
    await expect(serviceFetch(`${outsideUrl}/hang`)).rejects.toMatchObject({ name: 'TimeoutError' })
    await expect(serviceFetch(`${outsideUrl}/who`)).rejects.toBeInstanceOf(CircuitOpenError)
    clock = 1000
    const controller = new AbortController()
    const trial = serviceFetch(`${outsideUrl}/hang`, { signal: controller.signal })
    controller.abort(new Error('the page moved on'))
    await expect(trial).rejects.toThrow('the page moved on')
    // not stuck half-open: this call is the next trial, and its answer closes the circuit
    expect(await (await serviceFetch(`${outsideUrl}/who`)).json()).toEqual({ server: 'outside' })
    expect(breakers.state(new URL(outsideUrl).host)).toBe('closed')
  })

  it('tries a GET once more when the connection was refused, but never a POST', async () => {
    const closed = Fastify()
    const closedUrl = await closed.listen({ host: '127.0.0.1', port: 0 })
    await closed.close()
    let attempts = 0
    const original = globalThis.fetch
    globalThis.fetch = (input, init) => {
      attempts++
      return original(input, init)
    }
    try {
      const serviceFetch = createServiceFetch(app, SELF)
      await expect(serviceFetch(`${closedUrl}/x`)).rejects.toThrow()
      expect(attempts).toBe(2)
      attempts = 0
      await expect(serviceFetch(`${closedUrl}/x`, { method: 'POST', body: '{}' })).rejects.toThrow()
      expect(attempts).toBe(1)
    } finally {
      globalThis.fetch = original
    }
  })

  it('ends an in-process call that never answers the same way', async () => {
    const serviceFetch = createServiceFetch(app, SELF, { timeoutMs: 50 })
    await expect(serviceFetch(`http://127.0.0.1:${SELF.port}/slow`)).rejects.toMatchObject({
      name: 'TimeoutError',
    })
  })

  it('answers requests to its own origin with app.inject, keeping method, path, query, headers and body', async () => {
    const serviceFetch = createServiceFetch(app, SELF)
    const response = await serviceFetch(`http://127.0.0.1:${SELF.port}/echo?x=1&y=2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-ApiKey': 'k' },
      body: JSON.stringify({ hello: 'wörld' }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/echo?x=1&y=2',
      host: `127.0.0.1:${SELF.port}`,
      contentType: 'application/json',
      apiKey: 'k',
      body: { hello: 'wörld' },
    })
  })

  it('accepts a Request object and a URL', async () => {
    const serviceFetch = createServiceFetch(app, SELF)
    const fromRequest = await serviceFetch(
      new Request(`http://127.0.0.1:${SELF.port}/echo`, { method: 'DELETE' }),
    )
    expect(await fromRequest.json()).toMatchObject({ method: 'DELETE', url: '/echo' })
    const fromUrl = await serviceFetch(new URL(`http://127.0.0.1:${SELF.port}/echo`))
    expect(await fromUrl.json()).toMatchObject({ method: 'GET' })
  })

  it('maps status, bodiless responses and repeated headers', async () => {
    const serviceFetch = createServiceFetch(app, SELF)
    const empty = await serviceFetch(`http://127.0.0.1:${SELF.port}/empty`)
    expect(empty.status).toBe(204)
    expect(await empty.text()).toBe('')
    const cookies = await serviceFetch(`http://127.0.0.1:${SELF.port}/cookies`)
    expect(cookies.status).toBe(201)
    expect(await cookies.text()).toBe('made')
    expect(cookies.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/'])
  })

  it('sends any other origin to the global fetch', async () => {
    const serviceFetch = createServiceFetch(app, SELF)
    const response = await serviceFetch(`${outsideUrl}/who`)
    expect(await response.json()).toEqual({ server: 'outside' })
    // the same path on its own origin is this app's (404 here: no /who route)
    expect((await serviceFetch(`http://127.0.0.1:${SELF.port}/who`)).status).toBe(404)
  })

  it('rejects when the caller aborts', async () => {
    const serviceFetch = createServiceFetch(app, SELF)
    const controller = new AbortController()
    const pending = serviceFetch(`http://127.0.0.1:${SELF.port}/slow`, { signal: controller.signal })
    controller.abort(new Error('gave up'))
    await expect(pending).rejects.toThrow('gave up')
    releaseSlow()
  })

  it('ends a hanging call at its deadline or the caller’s, garbage collections meanwhile (issue 31 row 3)', async () => {
    // Node 20 loses a signal handed on through `new Request` or AbortSignal.any to a collection,
    // and the call then waits for ever: the first search after a production start did (a busy
    // heap). Collect throughout; the test's own timeout is the only clock.
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const collecting = setInterval(gc, 10)
    try {
      const own = createServiceFetch(app, SELF, { timeoutMs: 100 })
      await expect(own(`${outsideUrl}/hang`)).rejects.toMatchObject({ name: 'TimeoutError' })
      // the search page's way: the caller's deadline, the service fetch's own far off
      const callers = createServiceFetch(app, SELF, { timeoutMs: 600_000 })
      await expect(callers(`${outsideUrl}/hang`, { signal: AbortSignal.timeout(100) })).rejects.toMatchObject(
        { name: 'TimeoutError' },
      )
      await expect(
        callers(
          new Request(`${outsideUrl}/hang`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(100) }),
        ),
      ).rejects.toMatchObject({ name: 'TimeoutError' })
    } finally {
      clearInterval(collecting)
    }
  })

  it('takes its deadline from the configuration (SERVICE_TIMEOUT_MS)', async () => {
    const serviceFetch = createServiceFetch(app, { ...SELF, serviceTimeoutMs: 50 })
    await expect(serviceFetch(`${outsideUrl}/hang`)).rejects.toMatchObject({ name: 'TimeoutError' })
  })

  it('leaves the circuit alone when a page’s deadline ends its calls: one hanging operation does not close the API', async () => {
    const breakers = createCircuitBreakers({ failureThreshold: 2, openMs: 60_000 })
    const serviceFetch = createServiceFetch(app, SELF, { timeoutMs: 600_000, breakers })
    for (let i = 0; i < 3; i++) {
      const page = deadline(20)
      await expect(serviceFetch(`${outsideUrl}/hang`, { signal: page.signal })).rejects.toMatchObject({
        name: 'TimeoutError',
      })
    }
    expect(breakers.state(new URL(outsideUrl).host)).toBe('closed')
  })

  it('computes its origin the way server/config.ts builds the service URLs', () => {
    expect(selfOrigin({ host: '0.0.0.0', port: 3000 })).toBe('http://127.0.0.1:3000')
    expect(selfOrigin({ host: 'localhost', port: 80 })).toBe('http://localhost')
    expect(selfOrigin({ host: '::1', port: 3000 })).toBe('http://[::1]:3000')
  })
})

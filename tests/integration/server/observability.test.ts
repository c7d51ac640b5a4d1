/**
 * What an operator sees (issue #15 item 7): a request id that follows a request into the services,
 * Prometheus metrics for the operator's network only, and readiness that follows the database.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { addObservability, requestIdOf } from '../../../server/observability'
import { createServiceFetch } from '../../../server/services/shared/service-fetch'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

let database: TestDatabase
let app: FastifyInstance

beforeAll(async () => {
  database = await createTestDatabase()
  const config = loadConfig({ DATA_DIR: '/tmp/lumo-observability-test', PORT: '3999' })
  app = Fastify({ genReqId: requestIdOf })
  addObservability(app, { config, database, processMetrics: false })
  const serviceFetch = createServiceFetch(app, {
    ...config,
    services: { ...config.services, likes: 'http://127.0.0.1:3999/echo' },
  })
  // a "service" that tells which request id reached it
  app.get('/echo/id', async (request) => ({ seen: request.headers['x-request-id'], own: request.id }))
  // a page that calls it, as the SSR calls the services
  app.get('/page/:slug', async () => {
    const response = await serviceFetch('http://127.0.0.1:3999/echo/id')
    return response.json()
  })
}, 120_000)
afterAll(async () => {
  await app?.close()
  await database?.close()
})

describe('request ids', () => {
  it('answers every request with an id and passes it to the services it calls', async () => {
    const response = await app.inject({ method: 'GET', url: '/page/dress' })
    const id = response.headers['x-request-id']
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(response.json()).toEqual({ seen: id, own: id })
  })

  it("keeps a proxy's sane id, and replaces one a log line could be forged with", async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/page/a',
      headers: { 'x-request-id': 'edge-1234abcd' },
    })
    expect(kept.headers['x-request-id']).toBe('edge-1234abcd')
    expect(kept.json()).toMatchObject({ seen: 'edge-1234abcd' })
    const forged = await app.inject({
      method: 'GET',
      url: '/page/a',
      headers: { 'x-request-id': 'x\n{"level":60,"msg":"forged"}' },
    })
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('/metrics', () => {
  it('counts requests per route template, service calls and database statements', async () => {
    await app.inject({ method: 'GET', url: '/page/one' })
    await app.inject({ method: 'GET', url: '/page/two' })
    const response = await app.inject({ method: 'GET', url: '/metrics' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
    const text = response.body
    // both slugs are one series: the route's template, not the URL
    expect(text).toMatch(/lumo_http_requests_total\{method="GET",route="\/page\/:slug",status="2xx"\} \d+/)
    expect(text).not.toContain('route="/page/one"')
    expect(text).toMatch(/lumo_service_calls_total\{service="likes",outcome="ok"\} \d+/)
    expect(text).toMatch(/lumo_service_call_duration_seconds_count\{service="likes"\} \d+/)
    expect(text).toMatch(/lumo_db_pool_connections \d+/)
    expect(text).toMatch(/lumo_db_pool_waiting 0/)
  })

  it('counts database statements', async () => {
    await app.inject({ method: 'GET', url: '/readyz' })
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body
    const match = /lumo_db_queries_total\{outcome="ok"\} (\d+)/.exec(text)
    expect(Number(match?.[1])).toBeGreaterThan(0)
  })

  it('is not for visitors: another network, or anything that came through a proxy, gets 404', async () => {
    const outside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })
    expect(outside.statusCode).toBe(404)
    const proxied = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '10.0.0.5' },
    })
    expect(proxied.statusCode).toBe(404)
    const privateNet = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' })
    expect(privateNet.statusCode).toBe(200)
  })
})

describe('/readyz', () => {
  it('is ready while the database answers, and 503 once it does not', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toMatchObject({ status: 'ready' })
    await database.close()
    const gone = await app.inject({ method: 'GET', url: '/readyz' })
    expect(gone.statusCode).toBe(503)
    expect(gone.json()).toMatchObject({ status: 'unavailable' })
  })
})

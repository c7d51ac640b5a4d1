import { afterEach, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import logService from './index'
import { fastifyTrustProxy, parseTrustProxy } from '../../config'

describe('client error sink', () => {
  let app: FastifyInstance
  const lines: unknown[] = []
  afterEach(async () => {
    await app.close()
    lines.length = 0
  })

  async function start() {
    app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    })
    await app.register(logService)
    return app
  }

  it('logs a valid report and answers 204', async () => {
    await start()
    const response = await app.inject({
      method: 'PUT',
      url: '/api/log-error',
      payload: { type: 'error', message: 'boom', stack: 'at x', url: '/fi/', userAgent: 'test' },
    })
    expect(response.statusCode).toBe(204)
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'client error',
        clientError: expect.objectContaining({ message: 'boom' }),
      }),
    )
  })

  it('rejects a report without a message', async () => {
    await start()
    const response = await app.inject({ method: 'PUT', url: '/api/log-error', payload: { type: 'error' } })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe('Invalid error report')
    expect(lines).toHaveLength(0)
  })

  it('rate-limits one address', async () => {
    await start()
    const statuses: number[] = []
    for (let i = 0; i < 32; i++) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/log-error',
        payload: { message: `e${i}` },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true)
    expect(statuses.slice(30)).toEqual([429, 429])
    const blocked = await app.inject({ method: 'PUT', url: '/api/log-error', payload: { message: 'again' } })
    expect(blocked.headers['retry-after']).toMatch(/^[1-9]\d*$/)
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60)
  })
})

describe('client error sink behind the configured proxy trust (issue #15, finding 11)', () => {
  let app: FastifyInstance | undefined
  afterEach(async () => {
    await app?.close()
  })

  async function statusesWithForgedAddresses(trustProxy: ReturnType<typeof parseTrustProxy>) {
    const server = Fastify({ logger: false, trustProxy: fastifyTrustProxy(trustProxy) })
    app = server
    await server.register(logService)
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const response = await server.inject({
        method: 'PUT',
        url: '/api/log-error',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { message: `e${i}` },
      })
      statuses.push(response.statusCode)
    }
    return statuses
  }

  it('counts the socket address when no proxy is trusted: a forged X-Forwarded-For does not escape the limit', async () => {
    const statuses = await statusesWithForgedAddresses(parseTrustProxy(undefined))
    expect(statuses.at(-1)).toBe(429)
  })

  it('counts the forwarded address when the request comes from a trusted proxy', async () => {
    const statuses = await statusesWithForgedAddresses(parseTrustProxy('127.0.0.1'))
    expect(statuses.every((status) => status === 204)).toBe(true)
  })

  it('trusts a hop count: one proxy in front', async () => {
    const statuses = await statusesWithForgedAddresses(parseTrustProxy('1'))
    expect(statuses.every((status) => status === 204)).toBe(true)
  })
})

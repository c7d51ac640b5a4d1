/**
 * The operator's log (issue 29) on a real socket: one JSON line per request, written when the
 * answer is complete, with the request id; a browser that goes away mid-answer is a 499 at info,
 * never an error-level line or a stack; an expected 404 carries no stack; a real 500 does, inside
 * the JSON object.
 */
import http from 'node:http'
import { PassThrough } from 'node:stream'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { requestIdOf } from '../../../server/observability'
import { RequestLog } from '../../../server/request-log'

interface Line {
  level: number
  msg: string
  reqId?: string
  req?: { method: string; url: string }
  res?: { statusCode: number }
  responseTime?: number
  err?: { stack?: string }
  stack?: string
}

let app: FastifyInstance
let origin: string
let lines: Line[] = []
let waiters: { match: (line: Line) => boolean; resolve: (line: Line) => void }[] = []
/** The streaming route's body, held open until the test lets it end. */
let streaming: PassThrough | undefined
let clientGone: Promise<void> = Promise.resolve()

/** Resolves with the first line (already written or still to come) that matches. */
function lineWhere(match: (line: Line) => boolean): Promise<Line> {
  const found = lines.find(match)
  if (found) return Promise.resolve(found)
  return new Promise((resolve) => waiters.push({ match, resolve }))
}

beforeAll(async () => {
  app = Fastify({
    logger: {
      level: 'info',
      stream: {
        write(text: string) {
          const line = JSON.parse(text) as Line
          lines.push(line)
          for (const waiter of waiters.filter((candidate) => candidate.match(line))) waiter.resolve(line)
          waiters = waiters.filter((candidate) => !candidate.match(line))
        },
      },
    },
    logController: new RequestLog(),
    genReqId: requestIdOf,
  })
  app.get('/page', async (request) => {
    request.log.info('rendering')
    return 'page'
  })
  // a page that streams: its first part goes out, the rest waits
  app.get('/stream', async (_request, reply) => {
    streaming = new PassThrough()
    streaming.write('<!doctype html><p>first part</p>')
    return reply.type('text/html').send(streaming)
  })
  // a render that is ready only after the browser left (its body stream ends early)
  app.get('/late', async (request, reply) => {
    clientGone = new Promise((resolve) => request.raw.socket.once('close', () => resolve()))
    await clientGone
    const body = new PassThrough()
    setImmediate(() =>
      body.destroy(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })),
    )
    return reply.type('text/html').send(body)
  })
  app.get('/missing', async () => {
    throw Object.assign(new Error('No product with alias x'), { statusCode: 404 })
  })
  app.get('/bug', async () => {
    throw new Error('a real bug')
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  origin = `http://127.0.0.1:${address.port}`
})
afterAll(async () => {
  await app?.close()
})
beforeEach(() => {
  lines = []
  waiters = []
})

/** Sends a GET and destroys the socket once the first body bytes (or the request) went out. */
function abortAfter(path: string, when: 'first-byte' | 'sent'): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(`${origin}${path}`, (response) => {
      response.once('data', () => {
        if (when === 'first-byte') request.destroy()
      })
    })
    request.on('error', () => {})
    request.on('close', () => resolve())
    if (when === 'sent')
      request.on('socket', (socket) => socket.once('connect', () => setImmediate(() => request.destroy())))
  })
}

describe('one line per request', () => {
  it('writes one completion line with the request id, method, URL, status and time', async () => {
    const response = await fetch(`${origin}/page?token=secret-value&size=m`)
    expect(response.status).toBe(200)
    const id = response.headers.get('x-request-id') ?? ''
    const completion = await lineWhere((line) => line.msg === 'request completed')
    const ofRequest = lines.filter((line) => line.reqId !== undefined && line.reqId === completion.reqId)
    // the route's own line and the completion line; no "incoming request"
    expect(ofRequest.map((line) => line.msg)).toEqual(['rendering', 'request completed'])
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false)
    expect(completion).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/page?token=[redacted]&size=m' },
      res: { statusCode: 200 },
    })
    expect(typeof completion.responseTime).toBe('number')
    expect(id === '' || completion.reqId === id).toBe(true)
  })

  it('ten requests write ten lines', async () => {
    for (let i = 0; i < 10; i++) await (await fetch(`${origin}/page`)).text()
    await lineWhere(() => lines.filter((line) => line.msg === 'request completed').length === 10)
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(10)
    expect(lines.filter((line) => line.msg !== 'rendering' && line.msg !== 'request completed')).toEqual([])
  })
})

describe('a browser that goes away', () => {
  it('mid-stream: one info line with status 499, no error-level line, no stack', async () => {
    await abortAfter('/stream', 'first-byte')
    const closed = await lineWhere((line) => line.msg === 'client closed request')
    streaming?.end('<p>rest</p>')
    expect(closed).toMatchObject({
      level: 30,
      res: { statusCode: 499 },
      req: { method: 'GET', url: '/stream' },
    })
    expect(lines.filter((line) => line.level >= 40)).toEqual([])
    expect(JSON.stringify(lines)).not.toContain('"stack"')
    expect(lines.filter((line) => line.reqId === closed.reqId)).toHaveLength(1)
  })

  it('before the answer was ready (its stream closes early): a 499 at info, not a 500 at error', async () => {
    await abortAfter('/late', 'sent')
    await clientGone
    const closed = await lineWhere((line) => line.msg === 'client closed request')
    expect(closed).toMatchObject({ level: 30, res: { statusCode: 499 } })
    expect(lines.filter((line) => line.level >= 40)).toEqual([])
    expect(JSON.stringify(lines)).not.toContain('Premature close')
  })
})

describe('errors', () => {
  it('an expected 404 is one line at info without a stack', async () => {
    expect((await fetch(`${origin}/missing`)).status).toBe(404)
    const completion = await lineWhere((line) => line.msg === 'request completed')
    expect(completion).toMatchObject({ level: 30, res: { statusCode: 404 } })
    expect(lines).toHaveLength(1)
    expect(JSON.stringify(lines)).not.toContain('stack')
  })

  it('a real bug is logged at error with its stack inside the JSON object', async () => {
    expect((await fetch(`${origin}/bug`)).status).toBe(500)
    const completion = await lineWhere((line) => line.msg === 'request completed')
    const error = lines.find((line) => line.level === 50)
    expect(error?.err?.stack).toContain('a real bug')
    expect(error?.reqId).toBe(completion.reqId)
    expect(completion.res?.statusCode).toBe(500)
  })
})

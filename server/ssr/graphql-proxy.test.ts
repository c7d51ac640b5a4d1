import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import graphqlProxy, { GRAPHQL_PROXY_BODY_LIMIT, type GraphqlProxyOptions } from './graphql-proxy'
import { createServiceFetch } from '../services/shared/service-fetch'

const SELF = { host: '127.0.0.1', port: 39_918 }
const config: GraphqlProxyOptions['config'] = {
  apiKey: 'test-api-key-123',
  publicUrl: 'https://shop.example',
  originFromRequest: false,
  ...SELF,
  services: {
    api: `http://127.0.0.1:${SELF.port}/graphql`,
    auth: '',
    sign: '',
    likes: '',
    loyalty: '',
    pickupPoints: '',
    search: '',
    images: '',
    payments: '',
  },
}

interface UpstreamCall {
  headers: Record<string, string | string[] | undefined>
  body: unknown
}

/** The proxy and a fake GraphQL upstream in one process, joined by the service fetch, as in production. */
let app: FastifyInstance
let calls: UpstreamCall[] = []
let upstreamAnswer: { status: number; body: unknown; headers?: Record<string, string> } = {
  status: 200,
  body: { data: { ok: true } },
}

beforeAll(async () => {
  app = Fastify()
  app.post('/graphql', async (request, reply) => {
    calls.push({ headers: request.headers, body: request.body })
    reply.header('set-cookie', 'upstream=secret; Path=/')
    reply.headers(upstreamAnswer.headers ?? {})
    return reply.code(upstreamAnswer.status).send(upstreamAnswer.body)
  })
  await app.register(graphqlProxy, { config, serviceFetch: createServiceFetch(app, SELF) })
  await app.ready()
})

afterAll(() => app.close())

beforeEach(() => {
  calls = []
  upstreamAnswer = { status: 200, body: { data: { ok: true } } }
})

const query = {
  operationName: 'product',
  query: 'query product { product { name } }',
  variables: { alias: 'a' },
}
const goodHeaders = { 'content-type': 'application/json', 'x-lumo-csrf': '1', host: 'shop.example' }

describe('POST /api/graphql', () => {
  it('forwards the operation with the API key and the bearer token from the auth cookie', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { ...goodHeaders, cookie: 'other=1; lumo-auth=jwt.token.value; lumo-cart=c1' },
      payload: query,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { ok: true } })
    expect(calls).toHaveLength(1)
    expect(calls[0]?.body).toEqual(query)
    expect(calls[0]?.headers['x-apikey']).toBe('test-api-key-123')
    expect(calls[0]?.headers.authorization).toBe('Bearer jwt.token.value')
    expect(calls[0]?.headers.cookie).toBeUndefined()
  })

  it("forwards the shopper's address, and passes an abuse limit's 429 and Retry-After back (ADR 0024)", async () => {
    upstreamAnswer = {
      status: 429,
      body: {
        data: null,
        errors: [{ message: 'Too many', extensions: { code: 'TOO_MANY_REQUESTS', retryAfter: 42 } }],
      },
      headers: { 'retry-after': '42' },
    }
    const response = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: goodHeaders,
      payload: query,
      remoteAddress: '203.0.113.77',
    })
    expect(calls[0]?.headers['x-forwarded-for']).toBe('203.0.113.77')
    expect(response.statusCode).toBe(429)
    expect(response.headers['retry-after']).toBe('42')
    expect(response.json().errors[0].extensions.code).toBe('TOO_MANY_REQUESTS')
  })

  it('sends no authorization without the auth cookie', async () => {
    await app.inject({ method: 'POST', url: '/api/graphql', headers: goodHeaders, payload: query })
    expect(calls[0]?.headers.authorization).toBeUndefined()
    expect(calls[0]?.headers['x-apikey']).toBe('test-api-key-123')
  })

  it('passes the upstream status and JSON body back, without its cookies, uncached', async () => {
    upstreamAnswer = { status: 400, body: { errors: [{ message: 'Syntax Error' }] } }
    const response = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: goodHeaders,
      payload: [query, query],
    })
    expect(calls[0]?.body).toEqual([query, query])
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ errors: [{ message: 'Syntax Error' }] })
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    // none of the upstream's cookies; only the proxy's own browser id (a first request has none;
    // Secure: the test config's PUBLIC_URL is https)
    expect([response.headers['set-cookie']].flat()).toEqual([
      expect.stringMatching(
        /^lumo-shopper=[\w-]{24}; Max-Age=31536000; Path=\/api\/graphql; HttpOnly; Secure; SameSite=Lax$/,
      ),
    ])
    expect(response.headers['cache-control']).toBe('private, no-store')
  })

  it("tells shoppers behind one address apart: forwards the browser's id, kept in its cookie (ADR 0024)", async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: goodHeaders,
      payload: query,
    })
    const cookie = String([first.headers['set-cookie']].flat()[0]).split(';')[0]!
    const id = cookie.split('=')[1]!
    expect(calls[0]?.headers['x-lumo-shopper']).toBe(id)

    // the browser sends it back: the same id, no new cookie
    const again = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { ...goodHeaders, cookie },
      payload: query,
    })
    expect(calls[1]?.headers['x-lumo-shopper']).toBe(id)
    expect(again.headers['set-cookie']).toBeUndefined()

    // another browser gets another id; a forged value is replaced, not forwarded
    await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { ...goodHeaders, cookie: 'lumo-shopper=<script>' },
      payload: query,
    })
    expect(calls[2]?.headers['x-lumo-shopper']).toMatch(/^[\w-]{24}$/)
    expect(calls[2]?.headers['x-lumo-shopper']).not.toBe(id)
  })

  it('refuses a request without the CSRF header (403), before reading it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json', cookie: 'lumo-auth=t' },
      payload: query,
    })
    expect(response.statusCode).toBe(403)
    expect(calls).toHaveLength(0)
  })

  it.each([
    ['https://evil.example', 403],
    ['null', 403],
    ['http://shop.example.evil.example', 403],
    ['http://shop.example', 200],
    ['https://shop.example', 200],
  ])('with Origin %s answers %s', async (origin, status) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { ...goodHeaders, origin },
      payload: query,
    })
    expect(response.statusCode).toBe(status)
    expect(calls).toHaveLength(status === 200 ? 1 : 0)
  })

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses %s with 415',
    async (contentType) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: { ...goodHeaders, 'content-type': contentType },
        payload: JSON.stringify(query),
      })
      expect(response.statusCode).toBe(415)
      expect(calls).toHaveLength(0)
    },
  )

  it('accepts application/json with a charset', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { ...goodHeaders, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(query),
    })
    expect(response.statusCode).toBe(200)
  })

  it('limits the body to 256 kB', async () => {
    const big = { ...query, variables: { text: 'x'.repeat(GRAPHQL_PROXY_BODY_LIMIT) } }
    const response = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: goodHeaders,
      payload: big,
    })
    expect(response.statusCode).toBe(413)
    expect(calls).toHaveLength(0)
  })

  it('refuses a JSON body that is not a request object', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: goodHeaders,
      payload: '"query"',
    })
    expect(response.statusCode).toBe(400)
    expect(calls).toHaveLength(0)
  })

  it('takes no query text in a GET (only a persisted-query hash)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/graphql?query={x}', headers: goodHeaders })
    expect(response.statusCode).toBe(400)
    expect(calls).toHaveLength(0)
  })
})

describe('upstream failures', () => {
  async function proxyWith(serviceFetch: typeof fetch, upstreamTimeoutMs?: number) {
    const proxy = Fastify()
    await proxy.register(graphqlProxy, { config, serviceFetch, upstreamTimeoutMs })
    return proxy
  }

  it('answers 502 when the upstream cannot be reached', async () => {
    const proxy = await proxyWith(async () => {
      throw new TypeError('fetch failed')
    })
    const response = await proxy.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: goodHeaders,
      payload: query,
    })
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({ errors: [{ message: 'GraphQL service unavailable' }] })
    await proxy.close()
  })

  it('answers 504 when the upstream does not answer in time', async () => {
    // an upstream that only ever ends by the proxy's abort signal
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )
    const proxy = await proxyWith(hanging, 1)
    const response = await proxy.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: goodHeaders,
      payload: query,
    })
    expect(response.statusCode).toBe(504)
    await proxy.close()
  })
})

import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import {
  addSecurityHeaders,
  HSTS,
  isPersonalPath,
  NON_HTML_CSP,
  PRIVATE_NO_STORE,
  SERVICE_WORKER_CSP,
  STATIC_HTML_CSP,
  secureCookies,
} from './security-headers'

let app: FastifyInstance | undefined
afterEach(() => app?.close())

async function appFor(publicUrl: string, dev = false) {
  app = Fastify({ logger: false })
  addSecurityHeaders(app, { config: { publicUrl }, dev })
  app.get('/json', async () => ({ ok: true }))
  app.get('/page', (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "script-src 'nonce-abc'")
      .header('referrer-policy', 'no-referrer')
      .send('<p>page</p>'),
  )
  app.get('/offline.html', (_request, reply) => reply.type('text/html').send('<p>offline</p>'))
  app.get('/sw.js', (_request, reply) => reply.type('text/javascript').send('self'))
  app.get('/api/session', (_request, reply) => reply.header('cache-control', 'public, max-age=600').send({}))
  app.get('/auth/.well-known/jwks.json', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=60').send({ keys: [] }),
  )
  app.get('/boom', async () => {
    throw new Error('boom')
  })
  await app.ready()
  return app
}

describe('security headers', () => {
  it('gives a JSON answer, a 404 and a 500 the headers and a policy that allows nothing', async () => {
    const shop = await appFor('http://localhost:3000')
    for (const url of ['/json', '/nowhere', '/boom']) {
      const response = await shop.inject(url)
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-opener-policy': 'same-origin',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'content-security-policy': NON_HTML_CSP,
      })
      expect(response.headers['permissions-policy']).toContain('camera=()')
      expect(response.headers['strict-transport-security']).toBeUndefined()
    }
  })

  it("keeps a handler's own CSP and Referrer-Policy", async () => {
    const response = await (await appFor('http://localhost:3000')).inject('/page')
    expect(response.headers['content-security-policy']).toBe("script-src 'nonce-abc'")
    expect(response.headers['referrer-policy']).toBe('no-referrer')
  })

  it('gives static HTML and the service worker the policies they can work under', async () => {
    const shop = await appFor('http://localhost:3000')
    expect((await shop.inject('/offline.html')).headers['content-security-policy']).toBe(STATIC_HTML_CSP)
    expect((await shop.inject('/sw.js')).headers['content-security-policy']).toBe(SERVICE_WORKER_CSP)
  })

  it('adds no CSP to HTML in development (Vite injects its scripts)', async () => {
    const response = await (await appFor('http://localhost:3000', true)).inject('/offline.html')
    expect(response.headers['content-security-policy']).toBeUndefined()
  })

  it('sends HSTS only when the public URL is https', async () => {
    const response = await (await appFor('https://shop.example')).inject('/json')
    expect(response.headers['strict-transport-security']).toBe(HSTS)
  })

  it('makes a personal path private even when its handler said public; the public keys stay public', async () => {
    const shop = await appFor('http://localhost:3000')
    expect((await shop.inject('/api/session')).headers['cache-control']).toBe(PRIVATE_NO_STORE)
    expect((await shop.inject('/auth/.well-known/jwks.json')).headers['cache-control']).toBe(
      'public, max-age=60',
    )
  })

  it('makes an answer without Cache-Control private when the request carries a session, cart or bearer', async () => {
    const shop = await appFor('http://localhost:3000')
    expect((await shop.inject('/json')).headers['cache-control']).toBeUndefined()
    for (const headers of [
      { cookie: 'lumo-auth=x' },
      { cookie: 'a=1; lumo-cart=c' },
      { authorization: 'Bearer x' },
    ])
      expect((await shop.inject({ url: '/json', headers })).headers['cache-control']).toBe(PRIVATE_NO_STORE)
  })
})

describe('isPersonalPath', () => {
  it.each([
    ['/api/graphql', true],
    ['/api/session/login', true],
    ['/api/likes/users/1/products', true],
    ['/api/loyalty/overview', true],
    ['/graphql?query=x', true],
    ['/auth/login', true],
    ['/likes/users/1/migrated', true],
    ['/auth/.well-known/jwks.json', false],
    ['/graphqlx', false],
    ['/fi/', false],
    ['/img/product/400f500/a.svg', false],
  ])('%s → %s', (url, personal) => {
    expect(isPersonalPath(url)).toBe(personal)
  })
})

describe('secureCookies', () => {
  const request = (protocol: 'http' | 'https') => ({ protocol }) as Parameters<typeof secureCookies>[0]
  it('is on when the public URL is https, whatever the hop to this server', () => {
    expect(secureCookies(request('http'), 'https://shop.example')).toBe(true)
  })
  it('is on for a request that came over https (directly or through a trusted proxy)', () => {
    expect(secureCookies(request('https'), 'http://localhost:3000')).toBe(true)
  })
  it('is off for plain http to an http shop (local development)', () => {
    expect(secureCookies(request('http'), 'http://localhost:3000')).toBe(false)
  })
})

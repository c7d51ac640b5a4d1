/**
 * The abuse limits through the storefront's /api/graphql on the production app (ADR 0024): the
 * proxy forwards the shopper's address, so the API counts each shopper on their own, answers the
 * one over the limit 429 with Retry-After, and a forged X-Forwarded-For does not escape the limit
 * (no TRUST_PROXY: the socket address counts). A client that trickles its headers is cut off
 * (HEADERS_TIMEOUT_MS, 1 s here) while a normal request on the same server is answered.
 */
import { connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { createIntl } from 'react-intl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ABUSE_LIMITS } from '../../../server/services/graphql/abuse-limits'
import { createApolloClient } from '../../../src/app/apollo'
import { subscribeToNewsletter } from '../../../src/features/newsletter/subscribe'
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../../src/lib/too-many-attempts'
import fi from '../../../locales/fi.json'
import { startProductionApp, type ProductionApp } from './production-app'

let shop: ProductionApp
beforeAll(async () => {
  shop = await startProductionApp({ HEADERS_TIMEOUT_MS: '1000' })
}, 300_000)
afterAll(async () => {
  await shop?.close()
})

const SUBSCRIBE = 'mutation ($email: String!) { subscribeToNewsletter(email: $email) }'

function subscribe(remoteAddress: string, email: string, headers: Record<string, string> = {}) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'x-lumo-csrf': '1', 'content-type': 'application/json', ...headers },
    payload: { query: SUBSCRIBE, variables: { email } },
    remoteAddress,
  })
}

describe('abuse limits through /api/graphql', () => {
  it("counts each shopper's own address; a forged X-Forwarded-For does not escape", async () => {
    const shopper = '203.0.113.50'
    const { limit } = ABUSE_LIMITS.newsletter
    for (let i = 0; i < limit; i++) {
      const response = await subscribe(shopper, `bff${i}@example.fi`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ data: { subscribeToNewsletter: true } })
    }
    const blocked = await subscribe(shopper, 'bff-again@example.fi', { 'x-forwarded-for': '198.51.100.99' })
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(blocked.json().errors[0].extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS' })

    const neighbour = await subscribe('203.0.113.51', 'neighbour@example.fi')
    expect(neighbour.statusCode).toBe(200)
    expect(neighbour.json()).toEqual({ data: { subscribeToNewsletter: true } })
  })
})

describe('what the shopper reads at the limit', () => {
  /** The storefront's own Apollo client, its requests answered by the production app. */
  function storefrontApollo(remoteAddress: string) {
    const fetchThroughApp: typeof fetch = async (input, init) => {
      const request = new Request(input, init)
      const answer = await shop.app.inject({
        method: 'POST',
        url: new URL(request.url).pathname,
        headers: Object.fromEntries(request.headers),
        payload: await request.text(),
        remoteAddress,
      })
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: answer.headers as Record<string, string>,
      })
    }
    return createApolloClient({
      uri: 'http://localhost:3000/api/graphql',
      fetch: fetchThroughApp,
      ssrMode: false,
      getScope: () => ({ market: 'fi', locale: 'fi' }),
    })
  }

  it('says how many minutes to wait instead of the generic error (newsletter sign-up)', async () => {
    const apollo = storefrontApollo('203.0.113.60')
    const { limit } = ABUSE_LIMITS.newsletter
    for (let i = 0; i < limit; i++)
      expect(await subscribeToNewsletter(apollo, `limit${i}@example.fi`)).toBe('subscribed')

    const refused = await subscribeToNewsletter(apollo, 'one-more@example.fi')
    expect(refused).toEqual({ minutes: expect.any(Number) })
    const { minutes } = refused as { minutes: number }
    // the window is an hour: the wait is within it, in whole minutes
    expect(minutes).toBeGreaterThanOrEqual(1)
    expect(minutes).toBeLessThanOrEqual(60)
    const text = createIntl({ locale: 'fi', messages: fi }).formatMessage(
      { id: TOO_MANY_ATTEMPTS_MESSAGE },
      { minutes },
    )
    expect(text).toBe(`Liian monta yritystä. Yritä uudelleen ${minutes} min kuluttua.`)
  })
})

describe('a client that sends its headers slowly', () => {
  /** Sends a header line every 200 ms (at most 100) until the server closes the socket. */
  function trickle(port: number): Promise<{ linesSent: number; answer: string }> {
    return new Promise((resolve, reject) => {
      const socket: Socket = connect(port, '127.0.0.1')
      let linesSent = 0
      let answer = ''
      let timer: NodeJS.Timeout | undefined
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => (answer += chunk))
      socket.on('error', () => undefined)
      socket.on('close', () => {
        clearInterval(timer)
        resolve({ linesSent, answer })
      })
      socket.on('connect', () => {
        socket.write('GET /fi/ HTTP/1.1\r\nHost: 127.0.0.1\r\n')
        timer = setInterval(() => {
          if (linesSent >= 100) {
            clearInterval(timer)
            socket.destroy()
            reject(new Error('the server kept a trickling socket open for 100 header lines'))
            return
          }
          linesSent += 1
          if (!socket.destroyed) socket.write(`X-Slow-${linesSent}: 1\r\n`)
        }, 200)
      })
    })
  }

  it('is cut off after the headers timeout, while a normal request is answered', async () => {
    await shop.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = shop.app.server.address() as AddressInfo
    const slow = trickle(port)
    const normal = await fetch(`http://127.0.0.1:${port}/healthz`)
    expect(normal.status).toBe(200)
    const { linesSent, answer } = await slow
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    // closed by the server long before the test's own bound of 100 lines
    expect(linesSent).toBeLessThan(100)
  }, 60_000)
})

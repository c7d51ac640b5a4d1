/**
 * The abuse limits through the storefront's /api/graphql on the production app (ADR 0024): the
 * proxy forwards the shopper's address, so the API counts each shopper on their own, answers the
 * one over the limit 429 with Retry-After, and a forged X-Forwarded-For does not escape the limit
 * (no TRUST_PROXY: the socket address counts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ABUSE_LIMITS } from '../../../server/services/graphql/abuse-limits'
import { startProductionApp, type ProductionApp } from './production-app'

let shop: ProductionApp
beforeAll(async () => {
  shop = await startProductionApp()
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

import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GraphQLContext } from '../context'
import {
  CARD_PAYMENT_MINUTES,
  callbackUrl,
  paymentMinutesLeft,
  returnUrls,
  shopOrigins,
} from './card-payment'
import { cardProviderReachable, PROVIDER_STATUS_TTL_MS } from './card-provider'

const PATH_MODE = { publicUrl: 'https://shop.example', marketDomains: {}, urlMode: 'path' as const }
const DOMAIN_MODE = {
  publicUrl: 'https://lumo.fi',
  marketDomains: { fi: 'lumo.fi', se: 'lumo.se' },
  urlMode: 'domain' as const,
}

describe('return pages of a card payment', () => {
  it('takes the storefront confirm page and derives the failure page beside it', () => {
    expect(
      returnUrls(
        PATH_MODE,
        { market: 'se', language: 'sv' },
        {
          redirectUrl: 'https://shop.example/se/sv/checkout/confirm?x=1#top',
          checkoutPageUrl: 'https://shop.example/se/sv/kassan',
        },
      ),
    ).toEqual({
      successUrl: 'https://shop.example/se/sv/checkout/confirm',
      failureUrl: 'https://shop.example/se/sv/checkout/lumopay-fail',
      cancelUrl: 'https://shop.example/se/sv/kassan',
    })
  })

  it('falls back to the order market and language when the URL is foreign or not a confirm page', () => {
    for (const redirectUrl of [
      'https://evil.example/se/sv/checkout/confirm',
      'https://shop.example.evil.example/checkout/confirm',
      'javascript:alert(1)//checkout/confirm',
      'https://user:pw@shop.example/checkout/confirm',
      'https://shop.example/se/sv/kassan',
      42,
    ]) {
      expect(returnUrls(PATH_MODE, { market: 'fi', language: 'fi' }, { redirectUrl })).toEqual({
        successUrl: 'https://shop.example/fi/checkout/confirm',
        failureUrl: 'https://shop.example/fi/checkout/lumopay-fail',
      })
    }
    expect(returnUrls(PATH_MODE, { market: 'fi', language: 'sv' }, undefined).successUrl).toBe(
      'https://shop.example/fi/sv/checkout/confirm',
    )
  })

  it('returns to the host the shopper came from, and to no other (ADR 0057)', () => {
    const local = { publicUrl: 'http://localhost:3000', marketDomains: {}, urlMode: 'path' as const }
    const fromLoopback = { ...local, shopUrl: 'http://127.0.0.1:3000' }
    expect(
      returnUrls(
        fromLoopback,
        { market: 'fi', language: 'fi' },
        {
          redirectUrl: 'http://127.0.0.1:3000/fi/checkout/confirm',
        },
      ).successUrl,
    ).toBe('http://127.0.0.1:3000/fi/checkout/confirm')
    // none sent: the default confirm page is on the shopper's host too, not PUBLIC_URL's default
    expect(returnUrls(fromLoopback, { market: 'se', language: 'sv' }, {})).toEqual({
      successUrl: 'http://127.0.0.1:3000/se/sv/checkout/confirm',
      failureUrl: 'http://127.0.0.1:3000/se/sv/checkout/lumopay-fail',
    })
    expect(
      returnUrls(
        fromLoopback,
        { market: 'fi', language: 'fi' },
        {
          redirectUrl: 'http://127.0.0.1:4444/fi/checkout/confirm',
        },
      ).successUrl,
    ).toBe('http://127.0.0.1:3000/fi/checkout/confirm')
  })

  it('accepts the market domains and uses the market domain by default in domain mode', () => {
    expect(shopOrigins(DOMAIN_MODE)).toEqual([
      'https://lumo.fi',
      'http://lumo.fi',
      'https://lumo.se',
      'http://lumo.se',
    ])
    expect(
      returnUrls(
        DOMAIN_MODE,
        { market: 'se', language: 'sv' },
        { redirectUrl: 'https://lumo.se/checkout/confirm' },
      ).failureUrl,
    ).toBe('https://lumo.se/checkout/lumopay-fail')
    expect(returnUrls(DOMAIN_MODE, { market: 'se', language: 'sv' }, {}).successUrl).toBe(
      'https://lumo.se/checkout/confirm',
    )
    expect(returnUrls(DOMAIN_MODE, { market: 'fi', language: 'sv' }, {}).successUrl).toBe(
      'https://lumo.fi/sv/checkout/confirm',
    )
  })

  it('posts callbacks to the commerce API origin', () => {
    expect(callbackUrl({ services: { api: 'https://api.lumo.fi/graphql' } as never })).toBe(
      'https://api.lumo.fi/payments/lumopay/callback',
    )
  })
})

describe('paymentMinutesLeft', () => {
  const placed = new Date('2026-01-01T12:00:00Z')
  const at = (minutes: number) => new Date(placed.getTime() + minutes * 60_000)

  it('ends a session with the order window, never before the provider minimum', () => {
    expect(paymentMinutesLeft(placed, at(0))).toBe(CARD_PAYMENT_MINUTES)
    expect(paymentMinutesLeft(placed, at(10.5))).toBe(CARD_PAYMENT_MINUTES - 10)
    expect(paymentMinutesLeft(placed, at(CARD_PAYMENT_MINUTES + 3))).toBe(1)
  })
})

describe('whether the card provider is reachable', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  // no app in the context: the probe goes through the global fetch, stubbed here per test
  const ctx = { config: { services: { payments: 'http://pay.example/pay' } } } as unknown as GraphQLContext

  it('asks the health endpoint once per period and shares the answer', async () => {
    const answers = [new Response('{}', { status: 200 }), new Response('{}', { status: 503 })]
    const probe = vi.fn(async (_input: RequestInfo | URL) => answers.shift()!)
    vi.stubGlobal('fetch', probe)
    const start = 1_000_000
    expect(await cardProviderReachable(ctx, start)).toBe(true)
    expect(await cardProviderReachable(ctx, start + PROVIDER_STATUS_TTL_MS - 1)).toBe(true)
    expect(probe).toHaveBeenCalledTimes(1)
    expect(String(probe.mock.calls[0]![0])).toBe('http://pay.example/pay/api/health')
    expect(await cardProviderReachable(ctx, start + PROVIDER_STATUS_TTL_MS)).toBe(false)
    expect(probe).toHaveBeenCalledTimes(2)
  })

  it('takes a provider without a health page (404) as reachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('not found', { status: 404 })),
    )
    expect(await cardProviderReachable(ctx, 9_000_000)).toBe(true)
  })

  it('takes a failed call as unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed')
      }),
    )
    expect(await cardProviderReachable(ctx, 5_000_000)).toBe(false)
  })
})

/**
 * The search service's notifications are limited per address (ADR 0024): past the limit a 429
 * with Retry-After and a message in the market's language; another address is not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOTIFICATION_LIMIT } from '../../../server/services/search'
import { notificationUrl, shopper, startSearchApp, type SearchApp } from './search-harness'

describe('search notifications rate limit', () => {
  let search: SearchApp

  beforeAll(async () => {
    search = await startSearchApp('pglite', 400)
  }, 300_000)
  afterAll(() => search?.close())

  const notify = (remoteAddress: string, who = shopper()) =>
    search.app.inject({
      method: 'POST',
      url: notificationUrl('remove-recent-searches', who),
      remoteAddress,
      payload: { removeAll: true },
    })

  it('answers 429 with Retry-After past the limit, for that address only', async () => {
    const who = shopper('fi', 'fi-FI')
    for (let i = 0; i < NOTIFICATION_LIMIT.limit; i++) {
      expect((await notify('203.0.113.7', who)).statusCode).toBe(204)
    }
    const refused = await notify('203.0.113.7', who)
    expect(refused.statusCode).toBe(429)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(NOTIFICATION_LIMIT.windowMs / 1000)
    expect(refused.json()).toEqual({ message: 'Liian monta ilmoitusta: yritä hetken päästä uudelleen.' })

    const swedish = await notify('203.0.113.7', shopper('se', 'sv-SE'))
    expect(swedish.json()).toEqual({ message: 'För många meddelanden: försök igen om en stund.' })

    expect((await notify('203.0.113.8')).statusCode).toBe(204)
  })
})

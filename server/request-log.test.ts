import { describe, expect, it } from 'vitest'
import { completionFields, loggableUrl, CLIENT_CLOSED_STATUS } from './request-log'

describe('loggableUrl', () => {
  it('keeps the path and ordinary parameters as asked', () => {
    expect(loggableUrl('/fi/c/mekot')).toBe('/fi/c/mekot')
    expect(loggableUrl('/fi/search?q=dress&page=2')).toBe('/fi/search?q=dress&page=2')
  })

  it('replaces the value of every parameter whose name looks secret', () => {
    expect(loggableUrl('/api/reset?token=abc123&lang=fi')).toBe('/api/reset?token=[redacted]&lang=fi')
    expect(loggableUrl('/unsubscribe?email=a%40b.fi&sig=zz&x=1')).toBe(
      '/unsubscribe?email=[redacted]&sig=[redacted]&x=1',
    )
    expect(loggableUrl('/pay/return?orderId=7&session_id=s&apiKey=k')).toBe(
      '/pay/return?orderId=7&session_id=[redacted]&apiKey=[redacted]',
    )
    expect(loggableUrl('/?qa=on&%70assword=x')).toBe('/?qa=on&%70assword=[redacted]')
    // an order's public id opens its confirmation page
    expect(loggableUrl('/fi/checkout/confirm?oid=6f1c0a52&order=7')).toBe(
      '/fi/checkout/confirm?oid=[redacted]&order=7',
    )
  })

  it('leaves a parameter without a value alone', () => {
    expect(loggableUrl('/fi/?token')).toBe('/fi/?token')
  })
})

describe('completionFields', () => {
  const reply = (statusCode: number, headers: Record<string, string> = {}) => ({
    statusCode,
    elapsedTime: 12.345,
    getHeader: (name: string) => headers[name],
  })

  it('names the method, the loggable URL, the status, the time and the cache state', () => {
    expect(
      completionFields({ method: 'GET', url: '/fi/?token=t' }, reply(200, { 'x-lumo-cache': 'hit' })),
    ).toEqual({
      req: { method: 'GET', url: '/fi/?token=[redacted]' },
      res: { statusCode: 200 },
      responseTime: 12.3,
      cache: 'hit',
    })
  })

  it('leaves the cache state out when the page cache set none', () => {
    expect(completionFields({ method: 'POST', url: '/graphql' }, reply(200))).not.toHaveProperty('cache')
  })

  it('says 499 for a request the client closed, whatever status was set', () => {
    const fields = completionFields({ method: 'GET', url: '/fi/' }, reply(200), { clientClosed: true })
    expect(fields.res.statusCode).toBe(CLIENT_CLOSED_STATUS)
    expect(CLIENT_CLOSED_STATUS).toBe(499)
  })
})

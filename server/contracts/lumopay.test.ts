import { describe, expect, it } from 'vitest'
import { sign, signedHeaders, verifySignature } from './lumopay'

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters'
const BODY = JSON.stringify({ id: 'x', type: 'payment.paid' })
const NOW = Date.UTC(2026, 10, 23, 12)

describe('signed requests', () => {
  it('verifies its own signature over timestamp and body', () => {
    expect(verifySignature(SECRET, signedHeaders(SECRET, BODY, NOW), BODY, NOW)).toEqual({ ok: true })
  })

  it('refuses a changed body, another secret, a missing header and a stale timestamp', () => {
    const headers = signedHeaders(SECRET, BODY, NOW)
    expect(verifySignature(SECRET, headers, `${BODY} `, NOW)).toEqual({ ok: false, error: 'forged' })
    expect(verifySignature(`${SECRET}x`, headers, BODY, NOW)).toEqual({ ok: false, error: 'forged' })
    expect(verifySignature(SECRET, { ...headers, 'lumopay-signature': undefined }, BODY, NOW)).toEqual({
      ok: false,
      error: 'missing',
    })
    expect(verifySignature(SECRET, headers, BODY, NOW + 5 * 60_000 + 1000)).toEqual({
      ok: false,
      error: 'stale',
    })
    expect(verifySignature(SECRET, headers, BODY, NOW + 4 * 60_000)).toEqual({ ok: true })
    const t = Math.floor(NOW / 1000)
    expect(sign(SECRET, t, BODY)).toMatch(/^v1=[0-9a-f]{64}$/)
  })
})

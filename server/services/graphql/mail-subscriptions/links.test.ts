import { describe, expect, it } from 'vitest'
import { mailLinkPageUrl, productPageUrl, signMailLink, verifyMailLink } from './links'

const config = { sessionSecret: 'links-test-secret-0123456789abcdef' }
const urls = { urlMode: 'path' as const, marketDomains: {}, publicUrl: 'https://shop.example' }

describe('mail link tokens', () => {
  it('verify what they were signed for, and only that', () => {
    const token = signMailLink(config, { p: 'newsletter-unsubscribe', e: 'anna@example.fi' })
    expect(verifyMailLink(config, token, ['newsletter-unsubscribe'])).toEqual({
      ok: true,
      claims: { p: 'newsletter-unsubscribe', e: 'anna@example.fi' },
    })
    expect(verifyMailLink(config, token, ['back-in-stock-unsubscribe'])).toEqual({
      ok: false,
      reason: 'invalid',
    })
    expect(
      verifyMailLink({ sessionSecret: 'another-secret-0123456789abcdef' }, token, ['newsletter-unsubscribe']),
    ).toEqual({
      ok: false,
      reason: 'invalid',
    })
  })

  it('refuse a changed address, a changed signature and garbage', () => {
    const token = signMailLink(config, { p: 'back-in-stock-unsubscribe', e: 'anna@example.fi' })
    const [, mac] = token.split('.') as [string, string]
    const forgedBody = Buffer.from(
      JSON.stringify({ p: 'back-in-stock-unsubscribe', e: 'eve@example.fi' }),
    ).toString('base64url')
    const purposes = ['back-in-stock-unsubscribe'] as const
    expect(verifyMailLink(config, `${forgedBody}.${mac}`, purposes).ok).toBe(false)
    // every character of the signature counts, also the two unused bits of the last one: the
    // characters that differ from it only there decode to the same bytes
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const lastIndex = alphabet.indexOf(token.at(-1)!)
    const sameBytes = [0, 1, 2, 3]
      .map((low) => alphabet[(lastIndex & ~3) | low]!)
      .filter((c) => c !== token.at(-1))
    for (const last of sameBytes) {
      expect(Buffer.from(`${mac.slice(0, -1)}${last}`, 'base64url')).toEqual(Buffer.from(mac, 'base64url'))
      expect(verifyMailLink(config, `${token.slice(0, -1)}${last}`, purposes).ok).toBe(false)
    }
    const otherFirst = `${token.split('.')[0]}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`
    expect(verifyMailLink(config, otherFirst, purposes).ok).toBe(false)
    for (const garbage of ['', 'abc', `${'a'.repeat(20)}.${'b'.repeat(43)}`]) {
      expect(verifyMailLink(config, garbage, purposes).ok).toBe(false)
    }
  })

  it('expire a confirm link after its time', () => {
    const now = new Date('2026-11-25T12:00:00Z')
    const token = signMailLink(config, { p: 'newsletter-confirm', e: 'a@example.fi', r: 1, x: now.getTime() })
    expect(verifyMailLink(config, token, ['newsletter-confirm'], now).ok).toBe(true)
    expect(verifyMailLink(config, token, ['newsletter-confirm'], new Date(now.getTime() + 1))).toEqual({
      ok: false,
      reason: 'expired',
    })
  })
})

describe('mail link URLs', () => {
  it("point at the subscriber's market and language", () => {
    expect(productPageUrl(urls, { market: 'fi', language: 'fi' }, 'musta-mekko-1')).toBe(
      'https://shop.example/fi/p/musta-mekko-1',
    )
    expect(mailLinkPageUrl(urls, { market: 'se', language: 'sv' }, 'unsubscribe', 'a.b')).toBe(
      'https://shop.example/se/sv/newsletter/unsubscribe?token=a.b',
    )
    expect(
      mailLinkPageUrl(
        { ...urls, urlMode: 'domain', marketDomains: { dk: 'lumo.dk' } },
        { market: 'dk', language: 'da' },
        'newsletter-confirm',
        't',
      ),
    ).toBe('https://lumo.dk/newsletter/confirm?token=t')
  })
})

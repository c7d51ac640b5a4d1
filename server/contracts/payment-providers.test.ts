import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  providerBaseUrl,
  providerKey,
  readSignedJson,
  signedHeaders,
  verifySignature,
} from './payment-providers'
import { signedHeaders as lumopayHeaders } from './lumopay'

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters'
const BODY = JSON.stringify({ id: 'x' })
const NOW = Date.UTC(2026, 11, 2, 12)

describe('the payment providers’ signed requests', () => {
  it('signs each provider with its own key and its own headers; Lumopay keeps the secret and its headers', () => {
    const wallet = signedHeaders('wallet-a', SECRET, BODY, NOW)
    expect(Object.keys(wallet).sort()).toEqual(['content-type', 'wallet-a-signature', 'wallet-a-timestamp'])
    expect(verifySignature('wallet-a', SECRET, wallet, BODY, NOW)).toEqual({ ok: true })
    // the same bytes signed for one provider are forged for another
    const renamed = {
      'wallet-b-timestamp': wallet['wallet-a-timestamp'],
      'wallet-b-signature': wallet['wallet-a-signature'],
    }
    expect(verifySignature('wallet-b', SECRET, renamed, BODY, NOW)).toEqual({ ok: false, error: 'forged' })
    expect(providerKey(SECRET, 'lumopay')).toBe(SECRET)
    expect(providerKey(SECRET, 'wallet-a')).not.toBe(SECRET)
    expect(signedHeaders('lumopay', SECRET, BODY, NOW)).toEqual(lumopayHeaders(SECRET, BODY, NOW))
  })

  it('reads a signed JSON request: 401 for the signature, 400 for JSON and the schema', () => {
    const schema = z.object({ id: z.string() })
    const headers = signedHeaders('wallet-a', SECRET, BODY, NOW)
    expect(readSignedJson('wallet-a', SECRET, { headers, body: BODY }, schema, NOW)).toEqual({
      ok: true,
      data: { id: 'x' },
    })
    expect(readSignedJson('wallet-a', SECRET, { headers: {}, body: BODY }, schema, NOW)).toEqual({
      ok: false,
      status: 401,
      error: 'signature missing',
    })
    const notJson = signedHeaders('wallet-a', SECRET, '{', NOW)
    expect(readSignedJson('wallet-a', SECRET, { headers: notJson, body: '{' }, schema, NOW)).toMatchObject({
      status: 400,
    })
    const wrong = JSON.stringify({ id: 1 })
    const wrongHeaders = signedHeaders('wallet-a', SECRET, wrong, NOW)
    expect(
      readSignedJson('wallet-a', SECRET, { headers: wrongHeaders, body: wrong }, schema, NOW),
    ).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^id: /),
    })
  })

  it('places Lumopay at the payments service root and every other provider under its name', () => {
    expect(providerBaseUrl('https://shop.example/pay', 'lumopay')).toBe('https://shop.example/pay')
    expect(providerBaseUrl('https://shop.example/pay', 'wallet-a')).toBe('https://shop.example/pay/wallet-a')
  })
})

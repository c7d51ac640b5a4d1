import { describe, expect, it } from 'vitest'
import { newNonce } from './nonce'

describe('newNonce', () => {
  it('gives 16 random bytes in base64, different every time, across pool refills', () => {
    const nonces = Array.from({ length: 1000 }, () => newNonce())
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
    expect(nonces.every((nonce) => /^[A-Za-z0-9+/]{22}==$/.test(nonce))).toBe(true)
    expect(new Set(nonces).size).toBe(nonces.length)
  })
})

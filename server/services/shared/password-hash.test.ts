import { describe, expect, it } from 'vitest'
import { createPasswordHasher, parsePasswordHash, SCRYPT_PARAMS } from './password-hash'

// Cheap parameters: these tests are about the format and the rules, not the cost.
const FAST = { N: 2 ** 10, r: 8, p: 1 }
const DIGEST = 'q1aZ3mN8v0QnT2m1xWc7yYp4Hk9Lr6Sd5Fg3Jh2Kl1Zx0Cv9Bn8Mm7Nn6Bb5Vv4C'

describe('password hash', () => {
  it('uses the tuned scrypt parameters by default', () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 1 })
    expect(createPasswordHasher().params).toEqual(SCRYPT_PARAMS)
  })

  it('stores scrypt$N$r$p$salt$hash with a fresh salt each time and verifies only the same secret', async () => {
    const hasher = createPasswordHasher(FAST)
    const a = await hasher.hash(DIGEST)
    const b = await hasher.hash(DIGEST)
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(a).not.toBe(b)
    expect(await hasher.verify(DIGEST, a)).toBe(true)
    expect(await hasher.verify(`${DIGEST.slice(1)}x`, a)).toBe(false)
  })

  it('verifies a hash made with other parameters and asks for a re-hash', async () => {
    const old = await createPasswordHasher({ N: 2 ** 9, r: 8, p: 1 }).hash(DIGEST)
    const hasher = createPasswordHasher(FAST)
    expect(await hasher.verify(DIGEST, old)).toBe(true)
    expect(hasher.needsRehash(old)).toBe(true)
    expect(hasher.needsRehash(await hasher.hash(DIGEST))).toBe(false)
  })

  it('runs the KDF once even when there is no stored hash, and answers false', async () => {
    let runs = 0
    const hasher = createPasswordHasher(FAST, { onDerive: () => void runs++ })
    expect(await hasher.verify(DIGEST, null)).toBe(false)
    expect(await hasher.verify(DIGEST, undefined)).toBe(false)
    expect(await hasher.verify(DIGEST, 'not-a-hash')).toBe(false)
    expect(runs).toBe(3)
    const stored = await hasher.hash(DIGEST)
    runs = 0
    await hasher.verify(DIGEST, stored)
    expect(runs).toBe(1)
  })

  it('refuses malformed stored hashes', () => {
    expect(parsePasswordHash('argon2id$...')).toBeNull()
    expect(parsePasswordHash('scrypt$1000$8$1$c2FsdA$aGFzaA')).toBeNull() // N not a power of two
    expect(parsePasswordHash('scrypt$1024$8$1$c2FsdA$aGFzaA')).toBeNull() // short key
    expect(parsePasswordHash('scrypt$1024$8$1$$' + 'A'.repeat(43))).toBeNull() // no salt
    expect(parsePasswordHash(`scrypt$${2 ** 24}$8$1$c2FsdA$${'A'.repeat(43)}`)).toBeNull() // too costly
    expect(parsePasswordHash(`scrypt$1024$8$1$c2FsdA$${'A'.repeat(43)}`)).not.toBeNull()
  })
})

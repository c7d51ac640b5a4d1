import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { PASSWORD_DIGEST_SALT, passwordDigest } from './password-digest'

describe('passwordDigest', () => {
  it('is base64 of SHA-384 over the password and the fixed salt (a known vector)', async () => {
    expect(await passwordDigest('salasana1')).toBe(
      'NZAmaDYPguLrnvrqOEyQWF3PNqPYTEfflAhwDflcxoc0Hd/7m47JGLIFzeXkTtQP',
    )
  })

  it('agrees with Node for text beyond ASCII (UTF-8 before hashing)', async () => {
    const password = 'Äiti-öljy 🌲'
    const expected = createHash('sha384')
      .update(password + PASSWORD_DIGEST_SALT, 'utf8')
      .digest('base64')
    expect(await passwordDigest(password)).toBe(expected)
  })

  it('differs for different passwords and is 64 characters of base64', async () => {
    const [a, b] = await Promise.all([passwordDigest('salasana1'), passwordDigest('salasana2')])
    expect(a).not.toBe(b)
    expect(a).toMatch(/^[A-Za-z0-9+/]{64}$/)
  })
})

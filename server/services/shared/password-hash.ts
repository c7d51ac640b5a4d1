/**
 * The slow hash of a password digest (the client's base64 SHA-384 of the password, see
 * src/shared/password-digest.ts): scrypt with a random salt, stored as
 * `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`. Owned by the auth service (feat/auth); the user API's
 * commitReset writes the same format. This file is the user API's stand-in until feat/auth's
 * module is merged, with the export that module promises (`hashPassword`).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const
const KEY_LENGTH = 32

function derive(digest: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 }
  return new Promise((resolve, reject) =>
    scrypt(digest, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

export async function hashPassword(digest: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(digest, salt, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(digest: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await derive(digest, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

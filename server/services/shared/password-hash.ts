/**
 * The one slow hash of passwords (docs/adr/0018-auth-service.md). The shop never sees a
 * password: the client sends its digest (src/shared/password-digest.ts) and the server keeps only
 * scrypt of that digest, as `scrypt$N$r$p$salt$hash` (base64url), so a hash made with older
 * parameters still verifies after they change and is re-hashed at the next login.
 *
 * Cost: N = 2^15, r = 8, p = 1 (32 MiB, one hash ≈ 100 ms on the 2-core build machine; measured
 * by `npm run bench -- auth`). Used by the auth service and the user API's password reset.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number
  r: number
  p: number
}

export const SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 15, r: 8, p: 1 })

const KEY_LENGTH = 32
const SALT_LENGTH = 16

function derive(secret: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // scrypt needs 128·N·r·p bytes; Node's default ceiling (32 MiB) is exactly N = 2^15, r = 8
    maxmem: 256 * params.N * params.r * params.p,
  }
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

interface ParsedHash {
  params: ScryptParams
  salt: Buffer
  key: Buffer
}

export function parsePasswordHash(stored: string): ParsedHash | null {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  // Bounded: a stored hash must not be able to ask for gigabytes of memory.
  const valid =
    [N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) &&
    N > 1 &&
    N <= 2 ** 20 &&
    (N & (N - 1)) === 0 &&
    r <= 32 &&
    p <= 16
  if (!valid) return null
  const salt = Buffer.from(parts[4] ?? '', 'base64url')
  const key = Buffer.from(parts[5] ?? '', 'base64url')
  if (salt.length === 0 || key.length !== KEY_LENGTH) return null
  return { params: { N, r, p }, salt, key }
}

export interface PasswordHasher {
  readonly params: Readonly<ScryptParams>
  /** A new `scrypt$…` string for the secret (the client's digest). */
  hash(secret: string): Promise<string>
  /**
   * Whether the secret matches the stored hash. With no stored hash (unknown user, no password
   * yet) it runs one hash all the same and answers false, so both cost the same time.
   */
  verify(secret: string, stored: string | null | undefined): Promise<boolean>
  /** Whether a stored hash was made with other parameters than the current ones. */
  needsRehash(stored: string): boolean
}

export interface PasswordHasherOptions {
  /** Called at every run of the KDF (tests count them: an unknown user costs one too). */
  onDerive?: () => void
}

export function createPasswordHasher(
  params: ScryptParams = SCRYPT_PARAMS,
  options: PasswordHasherOptions = {},
): PasswordHasher {
  const current = Object.freeze({ ...params })
  const run = (secret: string, salt: Buffer, p: ScryptParams) => {
    options.onDerive?.()
    return derive(secret, salt, p)
  }
  // A fixed dummy salt: the decoy hash only has to cost what a real one costs.
  const dummySalt = Buffer.alloc(SALT_LENGTH, 0x5a)
  const encode = (p: ScryptParams, salt: Buffer, key: Buffer) =>
    `scrypt$${p.N}$${p.r}$${p.p}$${salt.toString('base64url')}$${key.toString('base64url')}`

  return {
    params: current,
    async hash(secret) {
      const salt = randomBytes(SALT_LENGTH)
      return encode(current, salt, await run(secret, salt, current))
    },
    async verify(secret, stored) {
      const parsed = stored ? parsePasswordHash(stored) : null
      if (!parsed) {
        await run(secret, dummySalt, current)
        return false
      }
      const key = await run(secret, parsed.salt, parsed.params)
      return timingSafeEqual(key, parsed.key)
    },
    needsRehash(stored) {
      const parsed = parsePasswordHash(stored)
      return (
        !parsed ||
        parsed.params.N !== current.N ||
        parsed.params.r !== current.r ||
        parsed.params.p !== current.p
      )
    },
  }
}

/** The shop's hasher with the tuned parameters. */
export const passwordHasher: PasswordHasher = createPasswordHasher()

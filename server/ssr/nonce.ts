/**
 * The CSP nonce of a page response: 16 random bytes, base64. Drawn from a pool the CSPRNG fills
 * 4 KiB at a time, as crypto.randomBytes does for its own small requests, because a call per
 * response was 4 % of a page-cache hit (issue #9). Each nonce is its own 16 bytes of the pool,
 * never handed out twice.
 */
import { randomFillSync } from 'node:crypto'

const NONCE_BYTES = 16
const pool = Buffer.alloc(256 * NONCE_BYTES)
let offset = pool.length

export function newNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    randomFillSync(pool)
    offset = 0
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES)
  offset += NONCE_BYTES
  return nonce
}

/**
 * The API key check shared by the services (docs/quality-bars.md#service-hygiene): compared in constant time, over
 * hashes of equal length, so the key cannot be guessed byte by byte from response times.
 */
import { createHash, timingSafeEqual } from 'node:crypto'

export function isValidApiKey(presented: string | undefined, expected: string): boolean {
  if (!presented) return false
  const a = createHash('sha256').update(presented).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

/**
 * API access and user identity.
 * - X-ApiKey: every HTTP request to the API needs the configured key (DESIGN.md §6). Compared in
 *   constant time so the key cannot be guessed byte by byte from response times.
 * - Authorization: Bearer <JWT>, signed HS256 with config.sessionSecret by the auth service
 *   (claims: sub = user id, customerType, memberType, email, exp). A missing, expired or forged
 *   token means an anonymous request, the way the Geins API treats it; operations that need a
 *   user answer UNAUTHENTICATED themselves.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { jwtVerify } from 'jose'
import type { Config } from '../../config'
import type { CustomerType, RequestUser } from './context'

interface HeaderSource {
  headers: Record<string, string | string[] | undefined>
}

function headerValue(request: HeaderSource, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

export function apiKeyFromRequest(request: HeaderSource): string | undefined {
  return headerValue(request, 'x-apikey')?.trim() || undefined
}

/** Constant-time comparison of the presented key with the configured one. */
export function isValidApiKey(presented: string | undefined, expected: string): boolean {
  if (!presented) return false
  const a = createHash('sha256').update(presented).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

const secretKeys = new Map<string, Uint8Array>()

function secretKey(secret: string): Uint8Array {
  let key = secretKeys.get(secret)
  if (!key) {
    key = new TextEncoder().encode(secret)
    secretKeys.set(secret, key)
  }
  return key
}

function asCustomerType(value: unknown): CustomerType {
  return value === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON'
}

/** The user of a bearer token, or null when there is none or it does not verify. */
export async function userFromToken(
  token: string,
  config: Pick<Config, 'sessionSecret'>,
): Promise<RequestUser | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(config.sessionSecret), {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp'],
    })
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) return null
    return {
      id: payload.sub,
      customerType: asCustomerType(payload['customerType']),
      email: typeof payload['email'] === 'string' ? payload['email'] : null,
      memberType: typeof payload['memberType'] === 'string' ? payload['memberType'] : null,
    }
  } catch {
    return null
  }
}

export async function userFromRequest(
  request: HeaderSource,
  config: Pick<Config, 'sessionSecret'>,
): Promise<RequestUser | null> {
  const authorization = headerValue(request, 'authorization')
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null
  if (!match?.[1]) return null
  return userFromToken(match[1], config)
}

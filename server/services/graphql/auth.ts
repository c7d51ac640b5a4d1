/**
 * API access and user identity.
 * - X-ApiKey: every HTTP request to the API needs the configured key (docs/quality-bars.md#service-hygiene), compared in
 *   constant time (server/services/shared/api-key.ts).
 * - Authorization: Bearer <JWT>, an access token of the auth service, verified by the one
 *   verifier (server/services/shared/auth-tokens.ts: ES256 against the auth service's JWKS).
 *   A missing, expired or forged token means an anonymous request, the way the Geins API treats
 *   it; operations that need a user answer UNAUTHENTICATED themselves.
 */
import type { TokenVerifier, VerifiedUser } from '../shared/auth-tokens'
import type { RequestUser } from './context'

export { isValidApiKey } from '../shared/api-key'

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

export function requestUserOf(user: VerifiedUser): RequestUser {
  return {
    id: user.id,
    customerType: user.customerType,
    email: user.email || null,
    memberType: user.memberType || null,
  }
}

/** The verified claims of the request's bearer token, or null when there is none or it does not verify. */
export async function verifiedUserFromRequest(
  request: HeaderSource,
  verifier: TokenVerifier,
): Promise<VerifiedUser | null> {
  const authorization = headerValue(request, 'authorization')
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null
  if (!match?.[1]) return null
  return verifier.verify(match[1])
}

/** The user of the request's bearer token, or null when there is none or it does not verify. */
export async function userFromRequest(
  request: HeaderSource,
  verifier: TokenVerifier,
): Promise<RequestUser | null> {
  const user = await verifiedUserFromRequest(request, verifier)
  return user ? requestUserOf(user) : null
}

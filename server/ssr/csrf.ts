/**
 * CSRF protection of the storefront's same-origin endpoints (the BFF: /api/graphql,
 * /api/session/*, /api/likes/*): a custom header is required (a cross-site form or simple request
 * cannot send one without a CORS preflight, which is never granted) and a present Origin must be
 * our own. Also where a proxy reads the session token it attaches as the bearer.
 */
import type { FastifyRequest } from 'fastify'
import { COOKIES, parseCookies } from '../../src/shared/cookies'
import { CSRF_HEADER } from '../../src/shared/storefront-api'

/** The shopper's session token from a Cookie header (works with or without @fastify/cookie). */
export function sessionToken(header: string | undefined): string | undefined {
  return parseCookies(header)[COOKIES.auth] || undefined
}

export function isJsonContentType(value: string | undefined): boolean {
  const mediaType = value?.split(';')[0]?.trim().toLowerCase()
  return mediaType === 'application/json'
}

export function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return true
  const ownOrigins = new Set([
    `${request.protocol}://${request.host}`.toLowerCase(),
    new URL(publicUrl).origin,
  ])
  return ownOrigins.has(origin.toLowerCase())
}

/** Why a request is refused as possibly cross-site, or null when it may go on. */
export function csrfRefusal(request: FastifyRequest, publicUrl: string): string | null {
  if (request.headers[CSRF_HEADER] === undefined) return `Missing ${CSRF_HEADER} header`
  if (!sameOrigin(request, publicUrl)) return 'Cross-origin request refused'
  return null
}

/**
 * The checks every same-origin endpoint of the storefront (the BFF: /api/graphql, /api/likes)
 * makes before it acts for the shopper's session cookie: a custom header is required (a
 * cross-site form or simple request cannot send one without a CORS preflight, which is never
 * granted) and a present Origin must be our own. Also where the session token is read from the
 * Cookie header.
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

export function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return true
  const ownOrigins = new Set([
    `${request.protocol}://${request.host}`.toLowerCase(),
    new URL(publicUrl).origin,
  ])
  return ownOrigins.has(origin.toLowerCase())
}

/** Why a request may not act for the shopper (answer 403 with it), or null when it may. */
export function csrfRefusal(request: FastifyRequest, publicUrl: string): string | null {
  if (request.headers[CSRF_HEADER] === undefined) return `Missing ${CSRF_HEADER} header`
  if (!isSameOrigin(request, publicUrl)) return 'Cross-origin request refused'
  return null
}

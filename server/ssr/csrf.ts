/**
 * CSRF protection of the storefront's same-origin endpoints (the BFF: /api/graphql,
 * /api/session/*): a custom header is required (a cross-site form or simple request cannot send
 * one without a CORS preflight, which is never granted) and a present Origin must be our own.
 */
import type { FastifyRequest } from 'fastify'
import { CSRF_HEADER } from '../../src/shared/storefront-api'

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

/** Why a state-changing request is refused as possibly cross-site, or null when it may go on. */
export function csrfRefusal(request: FastifyRequest, publicUrl: string): string | null {
  if (request.headers[CSRF_HEADER] === undefined) return `Missing ${CSRF_HEADER} header`
  if (!sameOrigin(request, publicUrl)) return 'Cross-origin request refused'
  return null
}

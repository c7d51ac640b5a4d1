/**
 * The QA console's key check (ADR 0037, docs/qa.md). In production Redux DevTools and the QA
 * panel are off; a QA person opens any page once with `?qa={QA_KEY}` and gets an HttpOnly cookie
 * holding an HMAC of the key (never the key itself), which every later page request presents:
 * the server then renders the page with the console on. `?qa=off` removes the cookie. Either way
 * the answer is a redirect to the same address without the parameter, so the key does not stay
 * in the address bar, the history or a shared link. A wrong key changes nothing.
 *
 * Pages with the cookie are rendered for that browser only (the page cache is bypassed) and never
 * kept by the service worker.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { COOKIES, parseCookies } from '../../src/shared/cookies'
import { PRIVATE_NO_STORE, secureCookies } from '../security-headers'

export const QA_PARAM = 'qa'
export const QA_OFF = 'off'
/** A QA session lasts a working day; then the key is presented again. */
export const QA_COOKIE_MAX_AGE_S = 12 * 60 * 60

/** The cookie's value for a key: an HMAC, so the cookie never carries the key itself. */
export function qaCookieValue(qaKey: string): string {
  return createHmac('sha256', qaKey).update('lumo-qa-console').digest('base64url')
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Whether this request may have the QA console: a QA key is configured and its cookie matches. */
export function qaConsoleEnabled(cookieHeader: string | undefined, qaKey: string | undefined): boolean {
  if (!qaKey) return false
  const presented = parseCookies(cookieHeader)[COOKIES.qa]
  return presented !== undefined && sameSecret(presented, qaCookieValue(qaKey))
}

function withoutQaParam(request: FastifyRequest): string {
  const url = new URL(request.url, 'http://placeholder')
  url.searchParams.delete(QA_PARAM)
  return `${url.pathname}${url.search}`
}

/**
 * Answers a page request that carries `?qa=`: sets or clears the cookie and redirects to the
 * address without it. Returns false (and does nothing) for any other request.
 */
export function handleQaParam(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { qaKey: string | undefined; publicUrl: string },
): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  // most pages have no query at all: no URL to parse on the way to the page cache
  if (!request.url.includes('?')) return false
  const presented = new URL(request.url, 'http://placeholder').searchParams.get(QA_PARAM)
  if (presented === null) return false
  const cookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: secureCookies(request, options.publicUrl),
  }
  if (presented === QA_OFF) {
    void reply.clearCookie(COOKIES.qa, cookie)
  } else if (options.qaKey && sameSecret(presented, options.qaKey)) {
    void reply.setCookie(COOKIES.qa, qaCookieValue(options.qaKey), { ...cookie, maxAge: QA_COOKIE_MAX_AGE_S })
  }
  void reply
    .code(303)
    .header('location', withoutQaParam(request))
    .header('cache-control', PRIVATE_NO_STORE)
    .send()
  return true
}

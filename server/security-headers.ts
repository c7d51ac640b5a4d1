/**
 * The security headers of every answer the app gives (docs/adr/0026-security-headers.md), in one
 * onSend hook: pages, the API and its BFF endpoints, images, static files, the payment page,
 * Fastify's own 404 and error answers and /healthz. A Content-Security-Policy or Referrer-Policy
 * the handler chose stays (the pages' nonce policy, server/ssr/render.ts; the payment page's own,
 * server/services/payments/page.ts); every other answer gets a policy that allows nothing.
 * Personalised answers are never cacheable by anyone but the shopper's own browser, and not even
 * there; session cookies are Secure when the shop is served over https.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from './config'
import { PRIVATE_NO_STORE } from './services/shared/cache-control'
import { COOKIES, parseCookies } from '../src/shared/cookies'
import { SESSION_PATH } from '../src/shared/session'
import { BROWSER_LIKES_URI, BROWSER_LOYALTY_URI } from '../src/shared/storefront-api'

export { PRIVATE_NO_STORE }

/** Nothing to load, run or frame: JSON, images, scripts, styles, text. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'"
/** Static HTML of public/ (offline.html): its inline style and the shop's own icons, no script. */
export const STATIC_HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
/** The service worker's script: its policy governs the worker, which fetches from the shop itself. */
export const SERVICE_WORKER_CSP = "default-src 'self'; frame-ancestors 'none'"
const SERVICE_WORKER_PATH = '/sw.js'

export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(self), usb=()'
export const HSTS = 'max-age=31536000'

/**
 * Paths whose answers depend on who asks (the session token, the cart, a bearer token): the BFF
 * endpoints and the services behind them. Each is matched as the path itself or a path under it.
 */
export const PERSONAL_PATHS = [
  '/api/graphql',
  SESSION_PATH,
  BROWSER_LIKES_URI,
  BROWSER_LOYALTY_URI,
  '/graphql',
  '/auth',
  '/likes',
  '/api/log-error',
  '/api/vitals',
] as const
/** Under a personal path but the same for everyone: the auth service's public keys. */
export const PUBLIC_EXCEPTIONS = ['/auth/.well-known/jwks.json'] as const

/** Cookies that make any answer personal (a safety net for answers outside PERSONAL_PATHS). */
const PERSONAL_COOKIES = [COOKIES.auth, COOKIES.authRefresh, COOKIES.cart] as const

function pathOf(url: string): string {
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`)
}

/** Whether the answer to this path is personal (see PERSONAL_PATHS). */
export function isPersonalPath(url: string): boolean {
  const path = pathOf(url)
  if (PUBLIC_EXCEPTIONS.some((exception) => path === exception)) return false
  return PERSONAL_PATHS.some((prefix) => under(path, prefix))
}

function carriesIdentity(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true
  const cookies = parseCookies(request.headers.cookie)
  return PERSONAL_COOKIES.some((name) => cookies[name] !== undefined)
}

export function isHttpsUrl(url: string): boolean {
  return new URL(url).protocol === 'https:'
}

/**
 * Whether cookies set on this answer get `Secure`: the shop's public URL is https, or this request
 * came over https (directly, or through a proxy the operator trusts: TRUST_PROXY).
 */
export function secureCookies(request: FastifyRequest, publicUrl: string): boolean {
  return isHttpsUrl(publicUrl) || request.protocol === 'https'
}

function setIfAbsent(reply: FastifyReply, name: string, value: string) {
  if (!reply.hasHeader(name)) reply.header(name, value)
}

function fallbackCsp(request: FastifyRequest, reply: FastifyReply, dev: boolean): string | null {
  const type = String(reply.getHeader('content-type') ?? '')
  if (type.startsWith('text/html')) return dev ? null : STATIC_HTML_CSP
  if (pathOf(request.url) === SERVICE_WORKER_PATH) return SERVICE_WORKER_CSP
  return NON_HTML_CSP
}

export interface SecurityHeadersOptions {
  config: Pick<Config, 'publicUrl'>
  /** development: Vite's pages carry no CSP (its client injects scripts), so none is added */
  dev?: boolean
}

/** Adds the hook to the app; call before any route or plugin is registered. */
export function addSecurityHeaders(app: FastifyInstance, { config, dev = false }: SecurityHeadersOptions) {
  const hsts = isHttpsUrl(config.publicUrl)
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('x-frame-options', 'DENY')
    reply.header('cross-origin-opener-policy', 'same-origin')
    reply.header('permissions-policy', PERMISSIONS_POLICY)
    setIfAbsent(reply, 'referrer-policy', 'strict-origin-when-cross-origin')
    if (!reply.hasHeader('content-security-policy')) {
      const csp = fallbackCsp(request, reply, dev)
      if (csp) reply.header('content-security-policy', csp)
    }
    if (hsts) reply.header('strict-transport-security', HSTS)
    if (isPersonalPath(request.url)) reply.header('cache-control', PRIVATE_NO_STORE)
    else if (!reply.hasHeader('cache-control') && carriesIdentity(request))
      reply.header('cache-control', PRIVATE_NO_STORE)
    return payload
  })
}

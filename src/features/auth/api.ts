/**
 * The browser's calls to the session endpoints (server/ssr/session.ts): same origin, JSON, with
 * the CSRF header. Answers are checked before they are believed; a network failure is a
 * `network` error, never an exception.
 */
import { CSRF_HEADER } from '../../shared/storefront-api'
import {
  parseSessionUser,
  SESSION_ENDPOINTS,
  type SessionError,
  type SessionGranted,
  type SessionUser,
} from '../../shared/session'

export type SessionFailure = { ok: false; error: SessionError | 'network'; retryAfter?: number }
export type SessionResult<T> = { ok: true; value: T } | SessionFailure

type Endpoint = Exclude<keyof typeof SESSION_ENDPOINTS, 'session'>

const KNOWN_ERRORS: ReadonlySet<string> = new Set<SessionError>([
  'invalid-request',
  'invalid-credentials',
  'too-many-attempts',
  'account-exists',
  'wrong-password',
  'not-logged-in',
  'session-expired',
  'auth-unavailable',
])

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json()
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function failure(body: Record<string, unknown>): SessionFailure {
  const error =
    typeof body.error === 'string' && KNOWN_ERRORS.has(body.error)
      ? (body.error as SessionError)
      : 'auth-unavailable'
  const retryAfter = typeof body.retryAfter === 'number' ? body.retryAfter : undefined
  return retryAfter === undefined ? { ok: false, error } : { ok: false, error, retryAfter }
}

/** POSTs to one of the session endpoints; a success carries the granted user and max age. */
export async function postSession(
  endpoint: Endpoint,
  body: Record<string, unknown> = {},
  fetchImpl: typeof fetch = fetch,
): Promise<SessionResult<SessionGranted | null>> {
  let response: Response
  try {
    response = await fetchImpl(SESSION_ENDPOINTS[endpoint], {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', [CSRF_HEADER]: '1' },
      body: JSON.stringify(body),
    })
  } catch {
    return { ok: false, error: 'network' }
  }
  const json = await readJson(response)
  if (!response.ok) return failure(json)
  const user = parseSessionUser(json.user)
  const maxAge = typeof json.maxAge === 'number' && json.maxAge > 0 ? json.maxAge : null
  const expiresAt = typeof json.expiresAt === 'number' ? json.expiresAt : Date.now() + (maxAge ?? 0) * 1000
  return { ok: true, value: user && maxAge ? { user, maxAge, expiresAt } : null }
}

/** GET /api/session: the user of the verified token, or null. */
export async function getSession(
  fetchImpl: typeof fetch = fetch,
): Promise<SessionResult<{ user: SessionUser; expiresAt: number } | null>> {
  try {
    const response = await fetchImpl(SESSION_ENDPOINTS.session, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
    const json = await readJson(response)
    if (!response.ok) return failure(json)
    const user = parseSessionUser(json.user)
    const expiresAt = typeof json.expiresAt === 'number' ? json.expiresAt : null
    return { ok: true, value: user && expiresAt ? { user, expiresAt } : null }
  } catch {
    return { ok: false, error: 'network' }
  }
}

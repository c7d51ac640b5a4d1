/**
 * The contract between the browser and the storefront's session endpoints (the BFF,
 * server/ssr/session.ts; docs/adr/0019-sessions.md): where they are, what they answer, and the
 * public user both sides show. The token itself never appears here: it stays in the HttpOnly
 * `lumo-auth` cookie.
 */
import { isCustomerType, type CustomerType } from './customer-types'

export const SESSION_PATH = '/api/session'
export const SESSION_ENDPOINTS = {
  session: SESSION_PATH,
  login: `${SESSION_PATH}/login`,
  register: `${SESSION_PATH}/register`,
  refresh: `${SESSION_PATH}/refresh`,
  logout: `${SESSION_PATH}/logout`,
  password: `${SESSION_PATH}/password`,
} as const

/** docs/product-rules.md#accounts-and-auth: unchecked remember-me sends this session lifetime (minutes) to the auth service. */
export const SHORT_SESSION_MINUTES = 30

/** The logged-in user as the storefront shows it (also the `lumo-user` cookie's JSON). */
export interface SessionUser {
  id: string
  email: string
  customerType: CustomerType
  memberType: string | null
  /** a loyalty member: the verified token carries a member id (the members-only pages decide from it) */
  isMember: boolean
}

/** What login, register, refresh and password answer on success. */
export interface SessionGranted {
  user: SessionUser
  /** seconds the access token lives (the refresh runs at 90 % of it) */
  maxAge: number
  /** when the token expires, epoch ms by the server's clock */
  expiresAt: number
}

/**
 * What POST /api/session/register answers (202) whether the e-mail was new or already had an
 * account, so that registering tells no stranger which addresses have accounts (ADR 0067). The
 * mail says which: a welcome to a new account, "someone tried to register" to an existing one.
 * The form then logs in with the same credentials; only the owner of the password gets in.
 */
export const REGISTRATION_ACCEPTED = { checkEmail: true } as const
export type RegistrationAccepted = typeof REGISTRATION_ACCEPTED

/** GET /api/session: the user of the verified token, or none. */
export type SessionAnswer = { user: SessionUser; expiresAt: number } | { user: null }

/** The `error` of a refused call; the browser maps each to a message in the shopper's language. */
export type SessionError =
  | 'invalid-request'
  | 'invalid-credentials'
  | 'too-many-attempts'
  | 'account-exists'
  | 'wrong-password'
  | 'not-logged-in'
  | 'session-expired'
  | 'auth-unavailable'

/**
 * A public user from untrusted JSON (the `lumo-user` cookie, another tab, an answer); anything
 * else gives null. Checked by hand rather than with a schema library, because this ships in every
 * page's JavaScript.
 */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null
  const { id, email, customerType, memberType, isMember } = value as Record<string, unknown>
  const validId = (typeof id === 'string' && id.length > 0) || (typeof id === 'number' && Number.isFinite(id))
  if (!validId) return null
  if (typeof email !== 'string' || email.length < 3 || email.length > 320 || !email.includes('@')) return null
  return {
    id: String(id),
    email,
    customerType: isCustomerType(customerType) ? customerType : 'PERSON',
    memberType: typeof memberType === 'string' ? memberType : null,
    isMember: isMember === true,
  }
}

/**
 * Where to go after login: only a path on this site (`/…`, not `//host` or `/\host`, no scheme,
 * no control characters), else null, so `returnTo` can never send the shopper elsewhere.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null
  try {
    const url = new URL(value, 'https://lumo.invalid')
    if (url.origin !== 'https://lumo.invalid') return null
    return url.pathname + url.search + url.hash
  } catch {
    return null
  }
}

/**
 * The session's cookies: the token and the refresh token HttpOnly, the device token kept after
 * logout (ADR 0067), and two readable ones for display only.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { DEVICE_TOKEN_HEADER, DEVICE_TOKEN_MAX_AGE } from '../../contracts/auth'
import { COOKIE_MAX_AGE, COOKIES, parseCookies, userCookieMaxAge } from '../../../src/shared/cookies'
import { SESSION_PATH, type SessionUser } from '../../../src/shared/session'

export function setSessionCookies(
  reply: FastifyReply,
  secure: boolean,
  granted: { token: string; refreshToken: string; deviceToken: string | null },
  user: SessionUser,
  rememberMe: boolean,
) {
  if (granted.deviceToken) {
    // this browser is a known device of the account; it stays one after logout
    reply.setCookie(COOKIES.device, granted.deviceToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: SESSION_PATH,
      maxAge: DEVICE_TOKEN_MAX_AGE,
    })
  }
  const userMaxAge = userCookieMaxAge(rememberMe)
  reply.setCookie(COOKIES.auth, granted.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: COOKIE_MAX_AGE.token,
  })
  reply.setCookie(COOKIES.authRefresh, granted.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: SESSION_PATH,
    maxAge: userMaxAge,
  })
  // readable by page script, for display only: nothing is ever decided from these two
  const readable = { httpOnly: false, sameSite: 'lax' as const, secure, path: '/', maxAge: userMaxAge }
  reply.setCookie(COOKIES.user, JSON.stringify(user), readable)
  reply.setCookie(COOKIES.userMaxAge, String(userMaxAge), readable)
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(COOKIES.auth, { path: '/', httpOnly: true, sameSite: 'lax', secure })
  reply.clearCookie(COOKIES.authRefresh, { path: SESSION_PATH, httpOnly: true, sameSite: 'strict', secure })
  reply.clearCookie(COOKIES.user, { path: '/', sameSite: 'lax', secure })
  reply.clearCookie(COOKIES.userMaxAge, { path: '/', sameSite: 'lax', secure })
}

export function rememberedFrom(request: FastifyRequest): boolean {
  return parseCookies(request.headers.cookie)[COOKIES.userMaxAge] !== String(COOKIE_MAX_AGE.userSession)
}

export function refreshTokenOf(request: FastifyRequest): string | undefined {
  return parseCookies(request.headers.cookie)[COOKIES.authRefresh] || undefined
}

/** The browser's device token, for the auth service's login and password change. */
export function deviceHeader(request: FastifyRequest): Record<string, string> {
  const token = parseCookies(request.headers.cookie)[COOKIES.device]
  return token ? { [DEVICE_TOKEN_HEADER]: token } : {}
}

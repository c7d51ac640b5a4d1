/**
 * The account pages' calls to the storefront session (contracts: `server/ssr/session.ts`, a
 * same-origin BFF with the CSRF header): the password change and the logout. A password travels
 * only as its salted SHA-384 digest (spec §5). The wrong current password ends the session on
 * the server (cookies cleared); the state follows with the spec §4 logout.
 */
import { CSRF_HEADER } from '../../shared/storefront-api'
import { passwordDigest } from '../../shared/password-digest'
import { logout } from '../auth/slice'
import type { AppDispatch } from '../../app/store'

export const SESSION_PATH = '/api/session'

async function postSession(path: string, body?: unknown): Promise<Response> {
  return fetch(`${SESSION_PATH}${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
    body: JSON.stringify(body ?? {}),
  })
}

export type ChangePasswordResult = 'changed' | 'wrong-password' | 'failed'

export async function changePassword(
  dispatch: AppDispatch,
  current: string,
  next: string,
): Promise<ChangePasswordResult> {
  let response: Response
  try {
    const [password, newPassword] = await Promise.all([passwordDigest(current), passwordDigest(next)])
    response = await postSession('/password', { password, newPassword })
  } catch {
    return 'failed'
  }
  if (response.ok) return 'changed'
  if (response.status === 401) {
    dispatch(logout())
    return 'wrong-password'
  }
  return 'failed'
}

/** Ends the session on the server, then in the state (spec §4 logout); a failed call still logs out here. */
export async function logoutSession(dispatch: AppDispatch): Promise<void> {
  try {
    await postSession('/logout')
  } catch {
    // the state logs out regardless; the cookies expire with the token
  }
  dispatch(logout())
}

/**
 * The URL query that opens the login dialog (issue #10: `action=login&returnTo=…`), which goes
 * back to `returnTo` after login. Used by the login-required middleware and by links that ask a
 * guest to log in first (the review form).
 */
export const LOGIN_ACTION = 'login'

export function loginDialogSearch(returnTo: string): string {
  return `?action=${LOGIN_ACTION}&returnTo=${encodeURIComponent(returnTo)}`
}

/**
 * Customers for the end-to-end suites: registered through the storefront's session endpoint, which
 * leaves the session cookies in the browser context, so the pages that follow are signed in.
 */
import type { BrowserContext } from '@playwright/test'
import { passwordDigest } from '../../src/shared/password-digest'
import { expect } from './fixtures'

export const CUSTOMER_PASSWORD = 'Salasana-123'
/** What the browser's same-origin calls send (the storefront's CSRF check). */
export const SESSION_HEADERS = { 'content-type': 'application/json', 'x-lumo-csrf': '1' }

/** Registers `email` and signs it in in this browser context. */
export async function registerInBrowser(
  context: BrowserContext,
  email: string,
  password = CUSTOMER_PASSWORD,
): Promise<string> {
  const response = await context.request.post('/api/session/register', {
    headers: SESSION_HEADERS,
    data: { username: email, password: await passwordDigest(password), rememberMe: true },
  })
  expect(response.status()).toBe(200)
  return email
}

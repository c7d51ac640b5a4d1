/**
 * Customers for the end-to-end suites: registered through the storefront's session endpoint, which
 * leaves the session cookies in the browser context, so the pages that follow are signed in.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { passwordDigest } from '../../src/shared/password-digest'
import { expect, message } from './fixtures'

export const CUSTOMER_PASSWORD = 'Salasana-123'
/** What the browser's same-origin calls send (the storefront's CSRF check). */
export const SESSION_HEADERS = { 'content-type': 'application/json', 'x-lumo-csrf': '1' }

/** Registers `email` and signs it in in this browser context, as the register form does. */
export async function registerInBrowser(
  context: BrowserContext,
  email: string,
  password = CUSTOMER_PASSWORD,
): Promise<string> {
  const data = { username: email, password: await passwordDigest(password), rememberMe: true }
  // registration answers 202 alike for every e-mail; the login that follows signs in (ADR 0067)
  const registered = await context.request.post('/api/session/register', { headers: SESSION_HEADERS, data })
  expect(registered.status()).toBe(202)
  const response = await context.request.post('/api/session/login', { headers: SESSION_HEADERS, data })
  expect(response.status()).toBe(200)
  return email
}

/**
 * Logs out as a shopper does: the header's account link, then logout in the account's own menu
 * (the header holds no logout, issue 27 part 7). Leaves the page on the account page.
 */
export async function logOutInPage(page: Page): Promise<void> {
  const fi = (id: string) => message('fi', id)
  await page
    .getByRole('banner')
    .getByRole('navigation', { name: fi('nav.userLabel') })
    .getByRole('link', { name: new RegExp(`^${fi('nav.account')}, `) })
    .click()
  await page
    .getByRole('navigation', { name: fi('account.nav.label') })
    .getByRole('button', { name: fi('auth.logout') })
    .click()
}

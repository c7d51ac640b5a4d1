/**
 * The account pages in a real browser (issue #10 item 4): an order placed while logged in shows
 * under orders with its status and in detail, an invoice order as a printable invoice; a
 * settings change survives a reload; a password change, then a login with the new password (and
 * a wrong current password logs out); closing the account. Each test registers its own customer
 * through the storefront session (/api/session/register), which leaves the session cookies in the
 * browser context.
 */
import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { passwordDigest } from '../../src/shared/password-digest'
import { cartInBrowser, fillCustomer, openCheckout } from './checkout-helpers'
import { CUSTOMER_PASSWORD, registerInBrowser } from './customers'
import { linkIn, rawMailsTo, resetLinkFor } from './outbox'
import { expect, message, test, waitForHydration } from './fixtures'

const fi = (id: string) => message('fi', id)
const CSRF = { 'content-type': 'application/json', 'x-lumo-csrf': '1' }
const PASSWORD = CUSTOMER_PASSWORD

function newEmail(): string {
  return `tili-${randomUUID().slice(0, 8)}@example.com`
}

async function sessionPost(request: APIRequestContext, endpoint: string, data: Record<string, unknown>) {
  return request.post(`/api/session/${endpoint}`, { headers: CSRF, data })
}

async function loginStatus(request: APIRequestContext, email: string, password: string): Promise<number> {
  const response = await sessionPost(request, 'login', {
    username: email,
    password: await passwordDigest(password),
    rememberMe: false,
  })
  return response.status()
}

async function sessionUser(request: APIRequestContext): Promise<unknown> {
  const response = await request.get('/api/session')
  return ((await response.json()) as { user: unknown }).user
}

/** WCAG 2.1 A and AA violations on the page as it is now (as tests/e2e/accessibility.spec.ts checks). */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}

/** A labelled field: the label's text, followed only by the required marker. */
const field = (page: Page, id: string) =>
  page.getByLabel(new RegExp(`^${fi(id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`))

async function openSettings(page: Page) {
  await page.goto('/fi/tilini/asetukset')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: fi('page.accountSettings.title') })).toBeVisible()
}

test('an order placed while logged in appears under orders with its status', async ({
  page,
  context,
  baseURL,
  browserErrors,
}) => {
  const email = newEmail()
  await registerInBrowser(context, email)
  await cartInBrowser(context, baseURL!)
  await openCheckout(page)
  await fillCustomer(page, email)
  await page.getByRole('radio', { name: /Lasku/ }).check()
  await page.getByLabel(fi('checkout.personalId')).fill('131052-308T')
  await page.getByRole('checkbox', { name: fi('checkout.terms.accept') }).check()
  await page.getByRole('button', { name: fi('checkout.placeOrder') }).click()
  await page.waitForURL(/\/fi\/checkout\/confirm\?oid=/)

  // the overview lists it among the latest orders
  await page.goto('/fi/account')
  await waitForHydration(page)
  await expect(page.getByText(email)).toBeVisible()
  const latest = page.getByRole('table')
  await expect(latest.getByRole('row')).toHaveCount(2)
  await expect(latest.getByRole('cell', { name: fi('account.order.status.received') })).toBeVisible()

  // the orders page, then the order in detail (a route change between account pages)
  await page
    .getByRole('navigation', { name: fi('account.nav.label') })
    .getByRole('link', {
      name: fi('page.accountOrders.title'),
    })
    .click()
  await expect(page).toHaveURL(/\/fi\/tilini\/tilaukset$/)
  const row = page.getByRole('row').nth(1)
  await expect(row.getByRole('cell', { name: fi('account.order.status.received') })).toBeVisible()
  await row.getByRole('link').click()
  await expect(page).toHaveURL(/\/fi\/tilini\/tilaukset\?order=\d+$/)
  await expect(page.getByRole('heading', { level: 2, name: /^Tilaus / })).toBeVisible()
  await expect(page.getByRole('link', { name: /Musta satiinimekko/ })).toBeVisible()
  // billed to (the invoice below) and shipped to
  await expect(page.getByText('Mannerheimintie 1')).toHaveCount(2)
  await expect(page.getByText(fi('account.order.noReturns'))).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // paid by invoice: the order page is its invoice, printed without the shop around it
  const invoice = page.getByRole('region', { name: `Lumo · ${fi('account.order.invoice.title')}` })
  await expect(invoice.getByText(fi('account.invoices.unpaid'))).toBeVisible()
  await expect(invoice.getByText('Mannerheimintie 1')).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('.site-header')).toBeHidden()
  await expect(page.getByRole('navigation', { name: fi('account.nav.label') })).toBeHidden()
  await expect(invoice.getByRole('button', { name: fi('account.order.invoice.print') })).toBeHidden()
  await expect(invoice).toBeVisible()
  await expect(page.locator('[data-money-row="total"]')).toBeVisible()
  await page.pdf({ path: test.info().outputPath('invoice.pdf'), format: 'A4' })
  await page.emulateMedia({ media: 'screen' })

  // paid by invoice: it is on the invoices page, with its due date, not yet paid
  await page.goto('/fi/omat-laskut')
  await expect(page.getByRole('cell', { name: fi('account.invoices.unpaid') })).toBeVisible()
  expect(browserErrors).toEqual([])
})

test('a settings change survives a reload; the newsletter box waits for the e-mail confirmation', async ({
  page,
  context,
  browserErrors,
}) => {
  const email = newEmail()
  await registerInBrowser(context, email)
  await openSettings(page)
  expect(await axeViolations(page)).toEqual([])
  await field(page, 'checkout.firstName').fill('Aino')
  await field(page, 'checkout.lastName').fill('Virtanen')
  await field(page, 'checkout.address').fill('Aleksanterinkatu 5')
  await field(page, 'checkout.zip').fill('00100')
  await field(page, 'checkout.city').fill('Helsinki')
  await field(page, 'checkout.phone').fill('+358 40 765 4321')
  await page.getByRole('button', { name: fi('account.settings.save') }).click()
  await expect(page.getByRole('status').filter({ hasText: fi('account.settings.saved') })).toBeVisible()
  await page.getByRole('checkbox', { name: fi('checkout.newsletter') }).check()
  await page.getByRole('button', { name: fi('account.settings.saveConsents') }).click()
  await expect(
    page.getByRole('status').filter({ hasText: fi('account.settings.newsletterPending') }),
  ).toBeVisible()
  // double opt-in: the box is the list's answer, given by the confirmation link in the e-mail
  const confirmLink = async () =>
    (await rawMailsTo(email)).map((mail) => linkIn(mail, '/newsletter/confirm?token=')).find(Boolean) ?? null
  await expect.poll(confirmLink, { timeout: 20_000 }).not.toBeNull()
  const confirm = await confirmLink()
  await page.goto(confirm!)
  await expect(page.getByRole('status').filter({ hasText: fi('mailLink.confirm.done') })).toBeVisible()

  await openSettings(page)
  await waitForHydration(page)
  await expect(field(page, 'checkout.firstName')).toHaveValue('Aino')
  await expect(field(page, 'checkout.address')).toHaveValue('Aleksanterinkatu 5')
  await expect(field(page, 'checkout.city')).toHaveValue('Helsinki')
  await expect(page.getByRole('checkbox', { name: fi('checkout.newsletter') })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: fi('checkout.sms') })).not.toBeChecked()
  expect(browserErrors).toEqual([])
})

test('a password change, then a login with the new password', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const email = newEmail()
  await registerInBrowser(context, email)
  await openSettings(page)
  await field(page, 'account.password.current').fill(PASSWORD)
  await field(page, 'account.password.new').fill('Uusi-salasana-456')
  await field(page, 'account.password.confirm').fill('Uusi-salasana-456')
  await page.getByRole('button', { name: fi('account.password.submit') }).click()
  await expect(page.getByRole('status').filter({ hasText: fi('account.password.changed') })).toBeVisible()

  // still logged in here; the logout ends it
  await page
    .getByRole('navigation', { name: fi('account.nav.label') })
    .getByRole('button', { name: fi('auth.logout') })
    .click()
  await expect(page).toHaveURL(/\/fi\/?$/)
  expect(await sessionUser(context.request)).toBeNull()

  const other = await playwright.request.newContext({ baseURL })
  expect(await loginStatus(other, email, PASSWORD)).toBe(401)
  expect(await loginStatus(other, email, 'Uusi-salasana-456')).toBe(200)
  await other.dispose()
})

test('a wrong current password logs the customer out', async ({ page, context }) => {
  await registerInBrowser(context, newEmail())
  await openSettings(page)
  await field(page, 'account.password.current').fill('Ei-oikea-salasana')
  await field(page, 'account.password.new').fill('Uusi-salasana-456')
  await field(page, 'account.password.confirm').fill('Uusi-salasana-456')
  await page.getByRole('button', { name: fi('account.password.submit') }).click()
  await expect(page).toHaveURL(/\/fi\/?\?action=login&returnTo=%2Ffi%2Ftilini%2Fasetukset$/)
  await expect(page.getByText(fi('auth.password.wrong'))).toBeVisible()
  expect(await sessionUser(context.request)).toBeNull()
})

test('closing the account after a confirmation', async ({ page, context, playwright, baseURL }) => {
  const email = newEmail()
  await registerInBrowser(context, email)
  await openSettings(page)
  await page.getByRole('button', { name: fi('account.delete.open') }).click()
  const dialog = page.getByRole('dialog', { name: fi('account.delete.confirmTitle') })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: fi('account.delete.confirm') }).click()
  await expect(page).toHaveURL(/\/fi\/?$/)
  await expect(page.getByText(fi('account.delete.done'))).toBeVisible()
  expect(await sessionUser(context.request)).toBeNull()

  const other = await playwright.request.newContext({ baseURL })
  expect(await loginStatus(other, email, PASSWORD)).toBe(401)
  await other.dispose()

  // the account pages now want a login
  await page.goto('/fi/tilini/tilaukset')
  await expect(page).toHaveURL(/\/fi\/\?action=login&returnTo=%2Ffi%2Ftilini%2Ftilaukset$/)
})

test('a guest logs in on /account and sees the overview; the reset is requested there too', async ({
  page,
  playwright,
  baseURL,
  browserErrors,
}) => {
  const email = newEmail()
  const elsewhere = await playwright.request.newContext({ baseURL })
  expect(
    (
      await sessionPost(elsewhere, 'register', {
        username: email,
        password: await passwordDigest(PASSWORD),
        rememberMe: true,
      })
    ).status(),
  ).toBe(202)
  await elsewhere.dispose()

  await page.goto('/fi/account')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: fi('page.account.title') })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  const forgot = page.getByRole('form', { name: fi('account.forgot.title') })
  await forgot.getByLabel(new RegExp(`^${fi('checkout.email')}`)).fill(email)
  await forgot.getByRole('button', { name: fi('account.forgot.submit') }).click()
  await expect(page.getByRole('status').filter({ hasText: fi('account.forgot.sent') })).toBeVisible()

  const login = page.getByRole('form', { name: fi('auth.login.title') })
  await login.getByLabel(fi('auth.field.email')).fill(email)
  await login.getByLabel(fi('auth.field.password'), { exact: true }).fill(PASSWORD)
  await login.getByRole('button', { name: fi('auth.login.submit') }).click()
  await expect(page.getByRole('heading', { level: 2, name: fi('account.overview.title') })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByText(fi('account.orders.empty'))).toBeVisible()
  expect(browserErrors).toEqual([])
})

test('a forgotten password is reset from the e-mail link, once', async ({ page, playwright, baseURL }) => {
  const email = newEmail()
  const api = await playwright.request.newContext({ baseURL })
  expect(
    (
      await sessionPost(api, 'register', { username: email, password: await passwordDigest(PASSWORD) })
    ).status(),
  ).toBe(202)

  await page.goto('/fi/account')
  await waitForHydration(page)
  const forgot = page.getByRole('form', { name: fi('account.forgot.title') })
  await forgot.getByLabel(new RegExp(`^${fi('checkout.email')}`)).fill(email)
  await forgot.getByRole('button', { name: fi('account.forgot.submit') }).click()
  await expect(page.getByRole('status').filter({ hasText: fi('account.forgot.sent') })).toBeVisible()

  // the mail service sends queued mails every few seconds
  await expect.poll(() => resetLinkFor(email), { timeout: 20_000 }).toMatch(/\?key=/)
  const link = (await resetLinkFor(email))!
  await page.goto(link)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: fi('page.resetPassword.title') })).toBeVisible()
  await field(page, 'account.password.new').fill('Palautettu-789')
  await field(page, 'account.password.confirm').fill('Palautettu-789')
  await page.getByRole('button', { name: fi('account.reset.submit') }).click()
  await expect(page.getByText(fi('account.reset.done'))).toBeVisible()
  expect(await loginStatus(api, email, PASSWORD)).toBe(401)
  expect(await loginStatus(api, email, 'Palautettu-789')).toBe(200)
  await api.dispose()

  // the key is used up: the link now asks for a new one
  await page.goto(link)
  await waitForHydration(page)
  await field(page, 'account.password.new').fill('Toinen-salasana-1')
  await field(page, 'account.password.confirm').fill('Toinen-salasana-1')
  await page.getByRole('button', { name: fi('account.reset.submit') }).click()
  await expect(page.getByRole('alert').filter({ hasText: fi('auth.reset.expired') })).toBeVisible()
  await expect(page.getByRole('button', { name: fi('account.forgot.submit') })).toBeVisible()
})

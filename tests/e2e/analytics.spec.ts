/**
 * Analytics with consent and the spec's feedback parts in a real browser (issue #13 items 3 and
 * 5). The suite starts its own production server with a tag manager configured (GTM_ID) whose
 * script URL (GTM_SCRIPT_URL) is a stand-in gtm.js served by this test on a loopback port, so no
 * request ever leaves the machine and every request for the tag manager is counted:
 * - the cookie banner blocks the tag manager until the shopper accepts; "only necessary" never
 *   loads it, and the footer opens the choice again; banner and settings fit every width;
 * - after accepting, a whole purchase made by clicking (search → product → cart → checkout →
 *   invoice order → confirmation, one document) leaves its GA4 events in the data layer in order;
 * - the toast, the delayed loading indicator, the failed load and the content panel answer the
 *   shopper's own actions.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { startProductionServer, type ProductionServer } from '../../scripts/harness/production-server'
import { expect, message, test, waitForHydration } from './fixtures'
import { fillCustomer } from './checkout-helpers'
import { attachFindings, sweepWidths, summary, WIDTHS } from './layout-checks'

const fi = (id: string) => message('fi', id)
const GTM_ID = 'GTM-E2ETEST'

let shop: ProductionServer
let fakeTagManager: Server
const tagManagerRequests: string[] = []

test.beforeAll(async () => {
  test.setTimeout(180_000)
  // the stand-in tag manager: records that it was asked and marks the page
  fakeTagManager = createServer((request, response) => {
    tagManagerRequests.push(request.url ?? '')
    response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
    response.end('window.__fakeTagManagerRan = (window.__fakeTagManagerRan || 0) + 1')
  })
  await new Promise<void>((resolve) => fakeTagManager.listen(0, '127.0.0.1', resolve))
  const { port } = fakeTagManager.address() as AddressInfo
  shop = await startProductionServer({
    name: 'e2e-analytics',
    seedProducts: 40,
    env: { GTM_ID, GTM_SCRIPT_URL: `http://127.0.0.1:${port}/gtm.js` },
  })
})

test.afterAll(async () => {
  await shop?.stop()
  await new Promise<void>((resolve) => fakeTagManager.close(() => resolve()))
})

/** The page's data-layer entries that are GA4 events, in order (gtag calls and the loader's entry left out). */
async function dataLayerEvents(page: Page): Promise<{ event: string; [key: string]: unknown }[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).filter(
      (entry): entry is { event: string } =>
        Object.prototype.toString.call(entry) !== '[object Arguments]' && typeof entry.event === 'string',
    ),
  ) as Promise<{ event: string; [key: string]: unknown }[]>
}

/** Whether `expected` appears in `actual` in this order (other events may come in between). */
function inOrder(actual: readonly string[], expected: readonly string[]): boolean {
  let at = 0
  for (const name of actual) if (name === expected[at]) at += 1
  return at === expected.length
}

const banner = (page: Page) => page.getByRole('dialog', { name: fi('consent.title') })

test.describe('analytics with consent', () => {
  // the layout sweep's consent look (issue 27 part 2): the banner exists only on a shop with a
  // tag manager, so it is swept on this suite's server
  test('the first-visit banner and the settings dialog fit every width', async ({ page }) => {
    await page.setViewportSize(WIDTHS[0])
    await page.goto(`${shop.baseUrl}/fi/c/mekot`)
    await waitForHydration(page)
    await expect(banner(page)).toBeVisible()
    const findings = await sweepWidths(page, 'consent banner /fi/c/mekot', WIDTHS)
    await banner(page)
      .getByRole('button', { name: fi('consent.onlyNecessary') })
      .click()
    await expect(banner(page)).toBeHidden()
    await page.setViewportSize(WIDTHS[0])
    await page.getByRole('button', { name: fi('footer.cookieSettings') }).click()
    await expect(banner(page)).toHaveAttribute('aria-modal', 'true')
    findings.push(...(await sweepWidths(page, 'consent settings /fi/c/mekot', WIDTHS)))
    await attachFindings(test.info(), findings)
    expect(summary(findings)).toEqual([])
  })

  test('the banner blocks the tag manager until accepted; the data layer then holds a whole purchase in order', async ({
    page,
    browserErrors,
  }) => {
    const base = shop.baseUrl
    const requestsBefore = tagManagerRequests.length
    const tagManagerUrls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/gtm.js')) tagManagerUrls.push(request.url())
    })

    await page.goto(`${base}/fi/s/satiinimekko`)
    await waitForHydration(page)
    await expect(banner(page)).toBeVisible()
    // Consent Mode's defaults are the first entry: every optional type denied
    const first = await page.evaluate(() =>
      Array.from(window.dataLayer?.[0] as unknown as ArrayLike<unknown>),
    )
    expect(first.slice(0, 2)).toEqual(['consent', 'default'])
    expect(first[2]).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      ad_user_data: 'denied',
    })
    // the shopper looks around without deciding: the tag manager is never asked for
    await page
      .getByRole('link', { name: /Musta satiinimekko/ })
      .first()
      .hover()
    expect(tagManagerUrls).toEqual([])
    expect(tagManagerRequests.length).toBe(requestsBefore)
    expect(await page.locator('script[src*="/gtm.js"]').count()).toBe(0)

    await banner(page)
      .getByRole('button', { name: fi('consent.acceptAll') })
      .click()
    await expect(banner(page)).toBeHidden()
    await expect
      .poll(() => page.evaluate(() => (window as { __fakeTagManagerRan?: number }).__fakeTagManagerRan))
      .toBe(1)
    expect(tagManagerUrls).toEqual([expect.stringContaining(`/gtm.js?id=${GTM_ID}`)])

    // the purchase, by clicking through one document
    await page
      .getByRole('link', { name: /Musta satiinimekko/ })
      .first()
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Musta satiinimekko' })).toBeVisible()
    await page
      .getByRole('radiogroup', { name: fi('product.size.choose') })
      .getByRole('radio', { name: /^42\b/ })
      .check()
    await page.getByRole('button', { name: fi('product.addToCart') }).click()
    await page.getByRole('link', { name: fi('cart.toCheckout') }).click()
    await expect(page.getByRole('heading', { level: 1, name: fi('page.checkout.title') })).toBeVisible()
    await fillCustomer(page, 'Analytiikka.Asiakas@Example.com')
    await expect(page.getByRole('radio', { name: /Posti – noutopiste/ })).toBeChecked()
    await page.getByRole('radio', { name: /Posti – kotiinkuljetus/ }).check()
    await page.getByRole('radio', { name: /Lasku/ }).check()
    await page.getByLabel(fi('checkout.personalId')).fill('131052-308T')
    await page.getByRole('checkbox', { name: fi('checkout.terms.accept') }).check()
    await page.getByRole('button', { name: fi('checkout.placeOrder') }).click()
    await page.waitForURL(/\/fi\/checkout\/confirm\?oid=[0-9a-f-]{36}$/)
    await expect(
      page.getByRole('heading', { level: 1, name: fi('page.checkoutConfirm.title') }),
    ).toBeVisible()

    await expect
      .poll(async () => (await dataLayerEvents(page)).map((entry) => entry.event))
      .toContain('purchase')
    const entries = await dataLayerEvents(page)
    const names = entries.map((entry) => entry.event)
    expect(
      inOrder(names, [
        'page_view',
        'search',
        'view_item_list',
        'select_item',
        'page_view',
        'view_item',
        'add_to_cart',
        'page_view',
        'begin_checkout',
        'add_shipping_info',
        'add_payment_info',
        'page_view',
        'purchase',
      ]),
      names.join(', '),
    ).toBe(true)
    const ecommerce = (name: string) =>
      entries.find((entry) => entry.event === name)?.ecommerce as Record<string, unknown> & {
        items: Record<string, unknown>[]
      }
    expect(ecommerce('select_item').items[0]).toMatchObject({
      item_id: 'LU000001',
      item_name: 'Musta satiinimekko',
    })
    expect(ecommerce('add_to_cart')).toMatchObject({
      currency: 'EUR',
      items: [{ item_id: 'LU000001', item_variant: '42', quantity: 1 }],
    })
    expect(ecommerce('add_payment_info')).toMatchObject({ payment_type: expect.stringMatching(/Lasku/) })
    const purchase = entries.find((entry) => entry.event === 'purchase')!
    expect(purchase.ecommerce).toMatchObject({
      currency: 'EUR',
      items: [{ item_id: 'LU000001', quantity: 1 }],
    })
    // accepted marketing: the e-mail goes only as its SHA-256, never as text
    expect((purchase.user_data as Record<string, string>).sha256_email_address).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(entries).toLowerCase()).not.toContain('analytiikka.asiakas@example.com')
    // one document all along: the tag manager was loaded once
    expect(tagManagerUrls).toHaveLength(1)
    expect(browserErrors).toEqual([])
  })

  test('"only necessary" never loads the tag manager; the footer opens the choice again', async ({
    page,
  }) => {
    const base = shop.baseUrl
    const tagManagerUrls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/gtm.js')) tagManagerUrls.push(request.url())
    })
    await page.goto(`${base}/fi/`)
    await waitForHydration(page)
    await banner(page)
      .getByRole('button', { name: fi('consent.onlyNecessary') })
      .click()
    await expect(banner(page)).toBeHidden()
    await page.reload()
    await waitForHydration(page)
    // the stored choice: no banner, no tag manager, Consent Mode told the denial again
    await expect(page.getByRole('link', { name: fi('footer.privacy') })).toBeVisible()
    await expect(banner(page)).toBeHidden()
    expect(tagManagerUrls).toEqual([])

    await page.getByRole('button', { name: fi('footer.cookieSettings') }).click()
    const settings = banner(page)
    await expect(settings).toBeVisible()
    await expect(settings).toHaveAttribute('aria-modal', 'true')
    await expect(settings.getByRole('checkbox', { name: fi('consent.necessary') })).toBeDisabled()
    await expect(settings.getByRole('checkbox', { name: fi('consent.statistics') })).not.toBeChecked()
    await settings.getByRole('checkbox', { name: fi('consent.statistics') }).check()
    await settings.getByRole('button', { name: fi('consent.save') }).click()
    await expect(settings).toBeHidden()
    await expect.poll(() => tagManagerUrls.length).toBe(1)
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'lumo-consent')?.value).toBe('v1.s1.m0')
  })

  test('the privacy page explains what is collected, in the shopper’s language', async ({ page }) => {
    await page.goto(`${shop.baseUrl}/se/sv/integritet`)
    await waitForHydration(page)
    await expect(
      page.getByRole('heading', { level: 1, name: message('sv', 'page.privacy.title') }),
    ).toBeVisible()
    await expect(
      page.getByRole('heading', { name: message('sv', 'page.privacy.statistics.title') }),
    ).toBeVisible()
    await expect(page.getByText(message('sv', 'page.privacy.performance.text'))).toBeVisible()
  })
})

test.describe('feedback parts answer the shopper', () => {
  test.beforeEach(async ({ context }) => {
    // decided before: these tests are about the page, not the banner
    await context.addCookies([{ name: 'lumo-consent', value: 'v1.s0.m0', url: shop.baseUrl }])
  })

  test('toast for favourites and a copied link; the content panel from the product page', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.baseUrl })
    await page.goto(`${shop.baseUrl}/fi/p/musta-satiinimekko-lumo-studio-1`)
    await waitForHydration(page)
    const toast = page.getByRole('status').filter({ has: page.locator('.snackbar__message') })

    await page
      .getByRole('button', { name: /^Suosikki:/ })
      .first()
      .click()
    await expect(toast).toContainText(fi('toast.favoriteAdded'))
    await toast.getByRole('button', { name: fi('snackbar.close') }).click()

    await page.getByRole('button', { name: fi('product.copyLink') }).click()
    await expect(toast).toContainText(fi('toast.linkCopied'))
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${shop.baseUrl}/fi/p/musta-satiinimekko-lumo-studio-1`,
    )

    await page
      .getByRole('link', { name: fi('footer.shipping') })
      .first()
      .click()
    const panel = page.getByRole('dialog', { name: fi('footer.shipping') })
    await expect(panel).toBeVisible()
    // the shopper stays on the product page
    expect(new URL(page.url()).pathname).toBe('/fi/p/musta-satiinimekko-lumo-studio-1')
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
  })

  test('a slow navigation shows the delayed indicator; a failed one says so in the toast', async ({
    page,
  }) => {
    await page.goto(`${shop.baseUrl}/fi/`)
    await waitForHydration(page)
    const indicator = page.locator('.route-delayed-loading').getByRole('status')

    // the next page's data is held until the indicator has been seen, then let through (reads are
    // GETs with a persisted-query hash in the query string, mutations POSTs: both match)
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/graphql**', async (route) => {
      await held
      await route.continue()
    })
    await page
      .getByRole('link', { name: fi('nav.newArrivals') })
      .first()
      .click()
    await expect(indicator).toBeVisible()
    release()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Uutuudet/i)
    await expect(indicator).toBeHidden()
    await page.unroute('**/api/graphql**')

    // the server fails the next page's data (a network failure instead loads the page as a
    // document, which the service worker answers: ADR 0037)
    await page.route('**/api/graphql**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"errors":[{"message":"down"}]}',
      }),
    )
    await page
      .getByRole('link', { name: fi('nav.bestsellers') })
      .first()
      .click()
    await expect(page.getByRole('status').filter({ hasText: fi('toast.loadingFailed') })).toBeVisible()
  })
})

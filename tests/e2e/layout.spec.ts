/**
 * The layout sweep (issue 27 part 2, pages that fit every screen): every route of the route table
 * (src/shared/paths.ts), loaded directly and reached by client navigation from a list, with the
 * drawers and dialogs open, logged out and logged in, at 360, 390, 768, 1024, 1366 and 1920 px.
 * At every width: no sideways scroll, no control cut off at an edge, the heading not under the
 * sticky header (tests/e2e/layout-checks.ts). Each look is a screenshot in test-results/layout/.
 *
 * Time: a page is loaded once and the viewport resized in place; the widths of a page are one
 * test; the logged-in shopper registers once per worker and is reused as a storage state.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test'
import type { RouteName } from '../../src/shared/paths'
import type { LocaleCode } from '../../src/shared/markets'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { expect, message, test, waitForHydration } from './fixtures'
import { registerInBrowser } from './customers'
import { cartInBrowser, fillCustomer, openCheckout } from './checkout-helpers'
import { attachFindings, sweepWidths, summary, WIDTHS, type LayoutFinding, type Size } from './layout-checks'

const fi = (id: string) => message('fi', id)
const DRESS = `/fi/p/${FIXTURE_PRODUCTS.satinDress.aliases.fi}`

/**
 * Where the sweep meets each route of the table. A Record over every route name: a new route
 * does not compile until the sweep visits it.
 */
const GUEST_PAGES: Record<RouteName, string[]> = {
  home: ['/fi/', '/se/sv/'],
  category: ['/fi/c/mekot', '/fi/c/kengat', '/se/sv/c/klanningar', '/fi/list/mekot'],
  brand: ['/fi/b/lumo-studio'],
  'discount-campaign': ['/fi/dc/kevatale'],
  search: ['/fi/s/mekko', '/fi/s/kenk', '/se/sv/s/klänn', '/fi/s/qqxxzzvv'],
  list: ['/fi/l/new-arrivals'],
  bestsellers: ['/fi/parhaiten-myydyt-just-nyt'],
  incoming: ['/fi/tulossa-pian'],
  'new-arrivals': ['/fi/uutuudet'],
  product: [DRESS, '/fi/p/ei-tallaista-tuotetta-999999'],
  brands: ['/fi/merkit'],
  favorites: ['/fi/suosikkeja'],
  // with an item: the cart test below; empty here
  checkout: ['/fi/kassa'],
  // with an order: the logged-in test below
  'checkout-confirm': [],
  'checkout-fail': ['/fi/checkout/card-fail'],
  // the guest's login and registration; the logged-in pages below
  account: ['/fi/account'],
  'account-orders': [],
  'account-settings': [],
  'account-balance': [],
  'account-membership': [],
  'account-invoices': [],
  'reset-password': ['/fi/account/reset-password'],
  'newsletter-confirm': ['/fi/newsletter/confirm'],
  unsubscribe: ['/fi/newsletter/unsubscribe'],
  member: ['/fi/lumo-member'],
  // members only: a guest gets the 404 page
  'style-gallery': ['/fi/lumostyle'],
  'preview-widgets': ['/fi/preview-widgets'],
  'register-return': ['/fi/rekisteröi-palautus'],
  privacy: ['/fi/tietosuoja'],
  content: ['/fi/content/tietoa-meista'],
  inspiration: ['/fi/inspiration/juhlakauden-asut'],
  'content-page': ['/fi/toimitusehdot', '/fi/asiakaspalvelu'],
  'not-found': ['/fi/404'],
  'no-match': ['/fi/tata-sivua-ei-ole-olemassa'],
}

const ACCOUNT_PAGES = [
  '/fi/account',
  '/fi/tilini/tilaukset',
  '/fi/tilini/asetukset',
  '/fi/tilini/saldo',
  '/fi/tilini/jäsenyys',
  '/fi/omat-laskut',
  '/se/sv/mina-sidor/medlemskap',
]

const guestUrls = Object.values(GUEST_PAGES).flat()
/** Tests of about the same length, so the two workers share them. */
const GROUPS = 6
const guestGroups = Array.from({ length: GROUPS }, (_, group) =>
  guestUrls.filter((_, index) => index % GROUPS === group),
)

test.describe.configure({ mode: 'parallel', timeout: 300_000 })

async function open(page: Page, url: string): Promise<void> {
  // the layout does not wait for images (their boxes keep their aspect ratio), only for React
  const response = await page.goto(url, { waitUntil: 'domcontentloaded' })
  expect(response?.status(), url).toBeLessThan(500)
  await waitForHydration(page)
}

/** Looks at the page at every width, narrowest first, and keeps what does not fit. */
async function sweep(page: Page, look: string, findings: LayoutFinding[], widths: readonly Size[] = WIDTHS) {
  findings.push(...(await sweepWidths(page, look, widths)))
}

async function finish(findings: LayoutFinding[]) {
  await attachFindings(test.info(), findings)
  expect(summary(findings)).toEqual([])
}

/** A shopper registered once per worker, kept as a storage state for the logged-in tests. */
let loggedIn: Awaited<ReturnType<BrowserContext['storageState']>> | undefined
let loggedInEmail = ''

async function loggedInContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  if (!loggedIn) {
    const context = await browser.newContext({ baseURL })
    loggedInEmail = await registerInBrowser(
      context,
      `layout-${Date.now()}-${test.info().workerIndex}@example.com`,
    )
    loggedIn = await context.storageState()
    await context.close()
  }
  return browser.newContext({ baseURL, storageState: loggedIn, locale: 'fi-FI', viewport: WIDTHS[1] })
}

for (const [group, urls] of guestGroups.entries()) {
  test(`guest, direct load: every page kind fits every width (${group + 1}/${GROUPS})`, async ({ page }) => {
    const findings: LayoutFinding[] = []
    for (const url of urls) {
      await page.setViewportSize(WIDTHS[0])
      await open(page, url)
      await sweep(page, `guest direct ${url}`, findings)
    }
    await finish(findings)
  })
}

test('guest, client navigation from a list: product, brand, search and menu pages fit', async ({ page }) => {
  const findings: LayoutFinding[] = []
  for (const size of [WIDTHS[1], WIDTHS[4]]) {
    await page.setViewportSize(size)
    await open(page, '/fi/c/mekot')
    const products = page.getByRole('region', { name: /tuotetta|Tuotteet/ }).or(page.locator('main'))
    // the first card's link, as a shopper clicks it (the 1459 px product page)
    await products.locator('a[href*="/p/"]').first().click()
    await page.waitForURL(/\/fi\/p\//)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await sweep(page, `guest client list→product from ${size.width}`, findings)

    // from the product to its brand's list, then a search from the header (client navigations)
    await page.setViewportSize(size)
    const brandLink = page.locator('main a[href*="/b/"]').first()
    if ((await brandLink.count()) > 0) {
      await brandLink.click()
      await page.waitForURL(/\/fi\/b\//)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await sweep(page, `guest client product→brand from ${size.width}`, findings)
    }
    await page.setViewportSize(size)
    for (const query of ['kenk', 'mekko']) {
      const field = page.getByRole('combobox', { name: fi('search.label') })
      await field.fill(query)
      await field.press('Enter')
      await page.waitForURL(new RegExp(`/fi/s/${query}`))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await sweep(page, `guest client search ${query} from ${size.width}`, findings)
      await page.setViewportSize(size)
    }
  }
  await finish(findings)
})

/**
 * Opens a drawer or dialog on a phone and sweeps the phone and tablet widths with it open, then
 * opens it again on a laptop for the computer widths (a drawer is laid out when it opens).
 */
async function withOpen(
  page: Page,
  findings: LayoutFinding[],
  look: string,
  url: string,
  openIt: (page: Page) => Promise<Locator>,
  sizes: readonly Size[] = WIDTHS,
) {
  const phone = sizes.filter((size) => size.width < 1024)
  const computer = sizes.filter((size) => size.width >= 1024)
  for (const [opening, widths] of [
    [phone[1] ?? phone[0], phone],
    [computer[1] ?? computer[0], computer],
  ] as const) {
    if (!opening) continue
    await page.setViewportSize(opening)
    await open(page, url)
    const dialog = await openIt(page)
    await expect(dialog).toBeVisible()
    findings.push(...(await sweepWidths(page, `${look} opened at ${opening.width}`, widths)))
  }
}

test('guest, drawers and dialogs open: filters, menu, search, quickshop, login', async ({ page }) => {
  const findings: LayoutFinding[] = []
  await withOpen(page, findings, 'filters', '/fi/c/kengat', async (p) => {
    await p.getByRole('button', { name: /^Suodata/ }).click()
    return p.getByRole('dialog', { name: fi('list.filters.title') })
  })
  await withOpen(
    page,
    findings,
    'menu',
    '/fi/',
    async (p) => {
      await p
        .getByRole('banner')
        .getByRole('button', { name: fi('nav.menu') })
        .click()
      return p.getByRole('dialog', { name: fi('nav.menu') })
    },
    // the menu button is for phones and tablets; from 1024 px the navigation is in the header
    WIDTHS.filter((size) => size.width < 1024),
  )
  await withOpen(page, findings, 'search suggestions', '/fi/', async (p) => {
    const field = p.getByRole('combobox', { name: fi('search.label') })
    await field.click()
    await field.pressSequentially('mekko')
    const list = p.getByRole('listbox')
    await expect(list.getByRole('option').first()).toBeVisible()
    return list
  })
  await withOpen(page, findings, 'quickshop', '/fi/c/mekot', async (p) => {
    const open = p.getByRole('button', { name: /^Pikaosto: / }).first()
    const name = ((await open.getAttribute('aria-label')) ?? '').replace(/^Pikaosto: /, '')
    await open.click()
    return p.getByRole('dialog', { name })
  })
  // the login-required redirect target: the home page with the login dialog open
  await withOpen(page, findings, 'login required', '/fi/tilini/tilaukset', async (p) => {
    await expect(p).toHaveURL(/\/fi\/\?action=login&returnTo=/)
    return p.getByRole('dialog').filter({ has: p.getByRole('textbox') })
  })
  await finish(findings)
})

test('guest, a cart: the mini cart open and the checkout with an item fit', async ({
  page,
  context,
  baseURL,
}) => {
  const findings: LayoutFinding[] = []
  await cartInBrowser(context, baseURL!)
  await withOpen(page, findings, 'mini cart', DRESS, async (p) => {
    await p
      .getByRole('banner')
      .getByRole('button', { name: /^Ostoskori/ })
      .click()
    return p.getByRole('dialog', { name: /Ostoskori/ })
  })
  await page.setViewportSize(WIDTHS[0])
  await openCheckout(page)
  await sweep(page, 'guest checkout with an item', findings)
  await finish(findings)
})

/** The header's shopper controls: styled links and buttons of the same height, none cut off. */
async function headerControls(page: Page, locale: LocaleCode) {
  const userNav = page.getByRole('banner').getByRole('navigation', { name: message(locale, 'nav.userLabel') })
  return userNav.locator('a, button').evaluateAll((elements) =>
    elements
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        const style = getComputedStyle(element)
        const box = element.getBoundingClientRect()
        return {
          name: element.getAttribute('aria-label') ?? element.textContent ?? '',
          tag: element.tagName.toLowerCase(),
          height: Math.round(box.height),
          top: Math.round(box.top),
          right: box.right,
          background: style.backgroundColor,
          borderStyle: style.borderTopStyle,
          fontFamily: style.fontFamily,
        }
      }),
  )
}

test('logged in: the header holds the account, favourites and cart; every account page fits', async ({
  browser,
  baseURL,
}) => {
  const context = await loggedInContext(browser, baseURL!)
  const page = await context.newPage()
  const findings: LayoutFinding[] = []
  const bodyFont = async () => page.evaluate(() => getComputedStyle(document.body).fontFamily)
  for (const url of ACCOUNT_PAGES) {
    await page.setViewportSize(WIDTHS[0])
    await open(page, url)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    for (const size of WIDTHS) {
      await page.setViewportSize(size)
      const controls = await headerControls(page, url.startsWith('/se/sv/') ? 'sv' : 'fi')
      // favourites, the account (who is logged in) and the cart; logout lives in the account menu
      expect(controls.map((control) => control.tag)).toEqual(['a', 'a', 'button'])
      expect(controls[1]!.name).toMatch(/@example\.com/)
      const font = await bodyFont()
      for (const control of controls) {
        // no native button face: the shop's font, no grey background, no bevelled border
        expect(control.fontFamily, `${url} @${size.width} ${control.name}`).toBe(font)
        expect(control.background).toMatch(/rgba\(0, 0, 0, 0\)|transparent/)
        expect(['none', 'hidden']).toContain(control.borderStyle)
        expect(control.right).toBeLessThanOrEqual(size.width)
      }
      // one row of equal controls
      expect(new Set(controls.map((control) => control.top)).size, `${url} @${size.width}`).toBe(1)
    }
    await sweep(page, `logged in direct ${url}`, findings)
  }

  // client navigation between the account pages, from the account's own menu
  await page.setViewportSize(WIDTHS[1])
  await open(page, '/fi/account')
  const accountNav = page.getByRole('navigation', { name: fi('account.nav.label') })
  await accountNav.getByRole('link', { name: fi('page.accountMembership.title') }).click()
  await page.waitForURL(/\/fi\/tilini\/j%C3%A4senyys$/)
  await sweep(page, 'logged in client account→membership', findings)
  await context.close()
  await finish(findings)
})

test('logged in: list, product, favourites, checkout and the confirmation fit', async ({
  browser,
  baseURL,
}) => {
  const context = await loggedInContext(browser, baseURL!)
  const page = await context.newPage()
  const findings: LayoutFinding[] = []
  for (const url of ['/fi/', '/fi/c/mekot', DRESS, '/fi/suosikkeja', '/fi/s/kenk']) {
    await page.setViewportSize(WIDTHS[0])
    await open(page, url)
    await sweep(page, `logged in direct ${url}`, findings)
  }
  await page.setViewportSize(WIDTHS[4])
  await open(page, '/fi/c/mekot')
  await page.locator('main a[href*="/p/"]').first().click()
  await page.waitForURL(/\/fi\/p\//)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await sweep(page, 'logged in client list→product from 1366', findings)

  // a checkout with an item, and the confirmation of the order placed from it
  await cartInBrowser(context, baseURL!)
  await page.setViewportSize(WIDTHS[0])
  await openCheckout(page)
  await sweep(page, 'logged in checkout with an item', findings)
  await page.setViewportSize(WIDTHS[1])
  await fillCustomer(page, loggedInEmail)
  await page.getByRole('radio', { name: /Lasku/ }).check()
  await page.getByLabel(fi('checkout.personalId')).fill('131052-308T')
  await page.getByRole('checkbox', { name: fi('checkout.terms.accept') }).check()
  await page.getByRole('button', { name: fi('checkout.placeOrder') }).click()
  await page.waitForURL(/\/fi\/checkout\/confirm\?oid=/)
  await expect(page.getByRole('heading', { level: 1, name: fi('page.checkoutConfirm.title') })).toBeVisible()
  await sweep(page, 'logged in confirmation', findings)
  await context.close()
  await finish(findings)
})

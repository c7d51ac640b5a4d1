/**
 * The loyalty programme in a real browser (issue #11 items 1–3): a customer joins on /lumo-member
 * (the success modal, /lumostyle opens), buys by invoice and sees the pending points with their
 * date on the membership page; the back office's payout after 30 days (the test's clock: `asOf`)
 * gives a bonus voucher that the cart refuses below 25 €, accepts once, and refuses after its use.
 */
import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page } from '@playwright/test'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { pointsFor } from '../../src/shared/loyalty'
import { adminApi } from './admin'
import { fillCustomer, graphql, openCheckout } from './checkout-helpers'
import { registerInBrowser } from './customers'
import { expect, message, test, waitForHydration } from './fixtures'

const fi = (id: string) => message('fi', id)
const DRESS = FIXTURE_PRODUCTS.satinDress
const DRESS_SKU = DRESS.skus.staticStock

/** A new member-to-be, signed in in this browser context. */
function registerMember(context: BrowserContext): Promise<string> {
  return registerInBrowser(context, `jasen-${randomUUID().slice(0, 8)}@example.com`)
}

/** A new Finnish cart with these lines, handed to the browser in its cookie. */
async function cartWith(
  context: BrowserContext,
  baseURL: string,
  lines: { skuId: number; quantity: number }[],
) {
  const { getCart } = await graphql<{ getCart: { id: string } }>(
    context.request,
    'query { getCart(marketId: "fi") { id } }',
  )
  for (const item of lines) {
    await graphql(
      context.request,
      'mutation ($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item, marketId: "fi") { id } }',
      { id: getCart.id, item },
    )
  }
  await context.addCookies([{ name: 'lumo-cart', value: getCart.id, url: baseURL }])
  return getCart.id
}

/** The cheapest size in stock below the voucher's 25 € minimum. */
async function cheapSku(context: BrowserContext): Promise<number> {
  const { products } = await graphql<{
    products: {
      products: {
        unitPrice: { sellingPriceIncVat: number }
        skus: { skuId: number; stock: { inStock: number } }[]
      }[]
    }
  }>(
    context.request,
    `
      query {
        products(take: 20, marketId: "fi", filter: { sort: PRICE }) {
          products {
            unitPrice {
              sellingPriceIncVat
            }
            skus {
              skuId
              stock {
                inStock
              }
            }
          }
        }
      }
    `,
  )
  for (const product of products.products) {
    const sku = product.skus.find((candidate) => candidate.stock.inStock > 0)
    if (sku && product.unitPrice.sellingPriceIncVat < 25) return sku.skuId
  }
  throw new Error('the seeded catalogue has no size in stock under 25 €')
}

async function placeInvoiceOrder(page: Page, email: string) {
  await openCheckout(page)
  await fillCustomer(page, email)
  await page.getByRole('radio', { name: /Lasku/ }).check()
  await page.getByLabel(fi('checkout.personalId')).fill('131052-308T')
  await page.getByRole('checkbox', { name: fi('checkout.terms.accept') }).check()
  await page.getByRole('button', { name: fi('checkout.placeOrder') }).click()
  await page.waitForURL(/\/fi\/checkout\/confirm\?oid=/)
}

async function openCartDrawer(page: Page) {
  await page.goto('/fi/')
  await waitForHydration(page)
  await page
    .getByRole('navigation', { name: fi('nav.userLabel') })
    .getByRole('button', { name: /^Ostoskori, \d+ tuote/ })
    .click()
  const drawer = page.getByRole('dialog', { name: fi('cart.drawer.title') })
  await expect(drawer).toBeVisible()
  return drawer
}

async function applyCode(page: Page, code: string) {
  const drawer = await openCartDrawer(page)
  await drawer.getByRole('textbox', { name: fi('cart.promo.label') }).fill(code)
  await drawer.getByRole('button', { name: fi('cart.promo.apply') }).click()
  return drawer
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

/** A date 31 days on, moved to the first day of the next quarter (and one quarter more per retry). */
function payoutDate(retry: number): string {
  const day = new Date(Date.now() + 31 * 86_400_000)
  const quarterStart = Math.floor(day.getUTCMonth() / 3) * 3
  return new Date(Date.UTC(day.getUTCFullYear(), quarterStart + 3 * (1 + retry), 1))
    .toISOString()
    .slice(0, 10)
}

test('a guest on /lumostyle gets the 404 status and is shown what membership gives, and to log in', async ({
  page,
}) => {
  const response = await page.goto('/fi/lumostyle')
  expect(response?.status()).toBe(404)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: fi('members.only.title') })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(fi('members.only.title')))
  await expect(page.getByRole('listitem').filter({ hasText: '2,50 €' })).toBeVisible()
  await expect(page.getByRole('link', { name: fi('loyalty.join.login') })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})

test("a customer who is not a member joins on /lumostyle and the members' page opens in place", async ({
  page,
  context,
}, testInfo) => {
  await registerMember(context)
  const response = await page.goto('/fi/lumostyle')
  expect(response?.status()).toBe(404)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: fi('members.only.title') })).toBeVisible()
  await page.getByRole('button', { name: fi('loyalty.join.button') }).click()
  const modal = page.getByRole('dialog', { name: fi('modal.membershipJoined.title') })
  await expect(modal).toBeVisible()
  await modal.getByRole('button', { name: 'Sulje' }).click()

  // the same address now shows the members' page: points, offers and outfits of real products
  await expect(page.getByRole('heading', { level: 1, name: 'Lumo Style' })).toBeVisible()
  await expect(page).toHaveURL(/\/fi\/lumostyle$/)
  await expect(page.getByTestId('member-summary-points')).toHaveText('0')
  await expect(page.getByRole('heading', { level: 2, name: fi('members.offers.title') })).toBeVisible()
  const looks = page.locator('.outfit')
  await expect(looks.first()).toBeVisible()
  expect(await looks.count()).toBeGreaterThanOrEqual(2)
  for (const look of await looks.all()) {
    // a look is pieces of different kinds, each a real product with a link to its page
    expect(await look.locator('.product-card').count()).toBeGreaterThanOrEqual(2)
    await expect(look.locator('.product-card__link').first()).toHaveAttribute('href', /^\/fi\/p\//)
  }
  expect(await axeViolations(page)).toEqual([])
  expect((await page.reload())?.status()).toBe(200)
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: testInfo.outputPath(`lumostyle-member-${width}.png`), fullPage: true })
  }
})

test('a customer joins, buys, sees pending points; the payout gives a voucher the cart takes once', async ({
  page,
  context,
  baseURL,
  browserErrors,
}, testInfo) => {
  // The whole programme in one journey: two orders, a payout and three carts, with axe twice.
  test.slow()
  const email = await registerMember(context)

  // joining on /lumo-member: the success modal, then the members' page opens
  await page.goto('/lumo-member')
  await waitForHydration(page)
  expect(await axeViolations(page)).toEqual([])
  await page.getByRole('button', { name: fi('loyalty.join.button') }).click()
  const modal = page.getByRole('dialog', { name: fi('modal.membershipJoined.title') })
  await expect(modal).toBeVisible()
  await modal.getByRole('button', { name: 'Sulje' }).click()
  await expect(page.getByRole('heading', { level: 2, name: fi('loyalty.join.memberTitle') })).toBeVisible()
  expect((await page.goto('/fi/lumostyle'))?.status()).toBe(200)

  // a purchase of two dresses: points pending for 30 days
  await cartWith(context, baseURL!, [{ skuId: DRESS_SKU, quantity: 2 }])
  await placeInvoiceOrder(page, email)
  const points = pointsFor(2 * DRESS.regularPrice.fi, 'EUR')
  await page.goto('/fi/tilini/jäsenyys')
  await waitForHydration(page)
  await expect(page.getByTestId('membership-level')).toHaveText(fi('loyalty.level.BRONZE'))
  await expect(page.getByTestId('membership-points')).toHaveText('0')
  const pendingText = new Intl.NumberFormat('fi-FI').format(points)
  await expect(page.getByTestId('membership-pending-points')).toHaveText(pendingText)
  // the browser's calendar day (playwright.config.ts: Europe/Helsinki), not this process's (UTC)
  const creditDate = new Intl.DateTimeFormat('fi-FI', {
    dateStyle: 'long',
    timeZone: 'Europe/Helsinki',
  }).format(new Date(Date.now() + 30 * 86_400_000))
  await expect(page.getByTestId('membership-pending')).toContainText(creditDate)
  expect(await axeViolations(page)).toEqual([])

  // the quarter's payout, 30 days and more later
  const contact = (await (await context.request.get('/api/loyalty/overview')).json()) as {
    contact: { id: string }
  }
  const payout = await adminApi()<{ vouchers: { code: string; contactId: string; amount: number }[] }>(
    'POST',
    '/loyalty/payouts',
    { asOf: payoutDate(testInfo.retry) },
  )
  const voucher = payout.vouchers.find((candidate) => candidate.contactId === contact.contact.id)
  expect(voucher).toMatchObject({ amount: 250 })
  const code = voucher!.code
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByTestId('membership-vouchers')).toContainText(code)

  // below 25 € the cart refuses it with the minimum purchase
  const cheap = await cheapSku(context)
  const cartId = await cartWith(context, baseURL!, [{ skuId: cheap, quantity: 1 }])
  let drawer = await applyCode(page, code)
  await expect(drawer.getByRole('alert')).toHaveText(
    message('fi', 'cart.voucher.minimumPurchase').replace('{amount}', '25,00 €'),
  )

  // with a dress it is taken, and the order uses it
  await graphql(
    context.request,
    'mutation ($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item, marketId: "fi") { id } }',
    { id: cartId, item: { skuId: DRESS_SKU, quantity: 1 } },
  )
  drawer = await applyCode(page, code)
  await expect(drawer.getByText(fi('cart.promo.active').replace('{code}', code))).toBeVisible()
  await placeInvoiceOrder(page, email)

  // once used, it is refused
  await cartWith(context, baseURL!, [{ skuId: DRESS_SKU, quantity: 1 }])
  drawer = await applyCode(page, code)
  await expect(drawer.getByRole('alert')).toHaveText(fi('cart.voucher.invalid'))
  expect(browserErrors).toEqual([])
})

/**
 * The QA console in a real browser (issue #13 item 6): a shopper's page and cart exported from
 * one browser context as a file and imported into another render the same cart and page. The
 * console is off without the QA key; the exported file carries no personal data.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, message, test, waitForHydration } from './fixtures'

const fi = (id: string) => message('fi', id)

function qaKey(): string {
  const key = process.env.E2E_QA_KEY
  if (!key) throw new Error('E2E_QA_KEY is set by the global setup')
  return key
}

const panel = (page: Page) => page.getByRole('region', { name: fi('qa.panel.title') })
const cartButton = (page: Page) => page.getByRole('button', { name: /^Ostoskori/ })

async function openWithQaKey(page: Page, path: string) {
  await page.goto(`${path}?qa=${encodeURIComponent(qaKey())}`)
  // the key is taken once and dropped from the address
  await expect(page).toHaveURL(new RegExp(`${path}$`))
  await waitForHydration(page)
  await expect(panel(page)).toBeVisible()
}

test('without the QA key there is no QA console, and a wrong key changes nothing', async ({ page }) => {
  await page.goto('/fi/?qa=not-the-key')
  await expect(page).toHaveURL(/\/fi\/$/)
  await waitForHydration(page)
  await expect(panel(page)).toHaveCount(0)
})

test('an export from one browser imported into another renders the same cart and page', async ({
  browser,
}, testInfo) => {
  // the shopper: a product in the cart, on the product page
  const shopper = await browser.newContext()
  const shopperPage = await shopper.newPage()
  await openWithQaKey(shopperPage, '/fi/uutuudet')
  const listHeading = (await shopperPage.getByRole('heading', { level: 1 }).textContent()) ?? ''
  await shopperPage
    .getByRole('region', { name: fi('list.products') })
    .getByRole('link')
    .first()
    .click()
  await expect(shopperPage).toHaveURL(/\/fi\/p\//)
  // the address changes as the navigation starts; the product page's heading comes with its data
  await expect(shopperPage.getByRole('heading', { level: 1 })).not.toHaveText(listHeading)
  const productHeading = (await shopperPage.getByRole('heading', { level: 1 }).textContent()) ?? ''
  const sizes = shopperPage.getByRole('radiogroup', { name: fi('product.size.choose') })
  if ((await sizes.count()) > 0)
    await sizes
      .getByRole('radio', { name: new RegExp(fi('product.stock.inStock')) })
      .first()
      .check()
  await shopperPage.getByRole('button', { name: fi('product.addToCart') }).click()
  await expect(cartButton(shopperPage)).toHaveAccessibleName(/1 tuote/)
  // the added-to-cart popup opens (its code may still be on its way); close it before exporting
  const popup = shopperPage.getByRole('dialog', { name: fi('cart.added.title') })
  await expect(popup).toBeVisible()
  await shopperPage.keyboard.press('Escape')
  await expect(popup).toBeHidden()
  const productUrl = new URL(shopperPage.url())

  const [download] = await Promise.all([
    shopperPage.waitForEvent('download'),
    panel(shopperPage)
      .getByRole('button', { name: fi('qa.panel.export') })
      .click(),
  ])
  // the download goes with its context: keep it, as a QA person keeps the file of a report
  const file = testInfo.outputPath('snapshot.json')
  await download.saveAs(file)
  const snapshot = JSON.parse(await readFile(file, 'utf8')) as {
    url: string
    state: { cart: { id: unknown; data: { items: unknown[] } } }
  }
  expect(snapshot.url).toBe(productUrl.pathname)
  expect(snapshot.state.cart.data.items).toHaveLength(1)
  expect(snapshot.state.cart.id).toBe('[redacted]')
  await shopper.close()

  // QA, in a browser of their own with an empty cart
  const qa = await browser.newContext()
  const qaPage = await qa.newPage()
  await openWithQaKey(qaPage, '/fi/')
  await expect(cartButton(qaPage)).toHaveAccessibleName(/tyhjä/)
  await panel(qaPage).getByLabel(fi('qa.panel.import')).setInputFiles(file)

  await expect(qaPage).toHaveURL(productUrl.href)
  await waitForHydration(qaPage)
  await expect(qaPage.getByRole('heading', { level: 1 })).toHaveText(productHeading)
  await expect(cartButton(qaPage)).toHaveAccessibleName(/1 tuote/)
  await expect(panel(qaPage).getByRole('status')).toContainText(productUrl.pathname)
  // the cart drawer shows the shopper's line
  await cartButton(qaPage).click()
  await expect(qaPage.getByRole('dialog', { name: fi('cart.drawer.title') })).toContainText(
    productHeading.trim().split('\n')[0] ?? '',
  )
  await qa.close()
})

/**
 * The receipt (issue 29 item 1) in a real browser: a guest's invoice order opens on a receipt with
 * the product's picture, size, quantity and price, the order's money rows, delivery and payment
 * with the addresses' country by name and what happens next; it fits a phone and a desktop, and
 * prints without the shop around it. Screenshots at 390 and 1366 px are kept with the results.
 */
import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { cartInBrowser, fillCustomer, openCheckout } from './checkout-helpers'
import { expect, message, test, waitForHydration } from './fixtures'

const fi = (id: string) => message('fi', id)

test('a guest who pays by invoice gets a receipt worth reading', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const email = `kuitti-${randomUUID().slice(0, 8)}@example.com`
  await cartInBrowser(context, baseURL!)
  await openCheckout(page)
  await fillCustomer(page, email)
  await page.getByRole('radio', { name: /Lasku/ }).check()
  await page.getByLabel(fi('checkout.personalId')).fill('131052-308T')
  await page.getByRole('checkbox', { name: fi('checkout.terms.accept') }).check()
  await page.getByRole('button', { name: fi('checkout.placeOrder') }).click()
  await page.waitForURL(/\/fi\/checkout\/confirm\?oid=/)
  await waitForHydration(page)

  const receipt = page.getByRole('region', { name: /^Tilausnumero: \d+$/ })
  await expect(receipt).toBeVisible()
  // the line: its picture (loaded), brand, name, size, quantity and price
  const line = receipt.locator('.receipt-line')
  await expect(line).toHaveCount(1)
  await expect(line).toContainText('Musta satiinimekko')
  await expect(line).toContainText('Koko 42 · 1 kpl')
  await expect
    .poll(() =>
      line.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    )
    .toBeGreaterThan(0)
  const lineTotal = await line.locator('.receipt-line__total').textContent()
  await expect(receipt.locator('[data-money-row="products"] dd')).toHaveText(lineTotal!)
  await expect(receipt.locator('.money__row--total')).toBeVisible()
  // delivery and payment, the country by its name, the e-mail
  await expect(receipt.getByRole('heading', { name: fi('receipt.delivery') })).toBeVisible()
  await expect(receipt.locator('address').first()).toContainText('Suomi')
  await expect(receipt.locator('address').first()).not.toContainText(/\bFI\b/)
  await expect(receipt.getByText(email, { exact: true })).toBeVisible()
  // what happens next, with the way to register a return
  const next = receipt.getByRole('region', { name: fi('receipt.next.title') })
  await expect(next.getByRole('listitem')).toHaveCount(3)
  await expect(next.getByRole('link', { name: fi('receipt.next.registerReturn') })).toBeVisible()
  expect(
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze())
      .violations,
  ).toEqual([])

  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: testInfo.outputPath(`receipt-${width}.png`), fullPage: true })
  }

  // printed: the receipt without the print button, the shop's links or the footer
  await page.emulateMedia({ media: 'print' })
  await expect(receipt).toBeVisible()
  await expect(receipt.getByRole('button', { name: fi('receipt.print') })).toBeHidden()
  await expect(page.locator('.site-footer')).toBeHidden()
  await page.screenshot({ path: testInfo.outputPath('receipt-print.png'), fullPage: true })
})

/**
 * Offline-tolerant browsing in a real browser (issue #13 item 1): two lists and a product are
 * visited online; offline, the shopper moves between them (a client navigation reads the
 * GraphQL GETs the service worker kept; a page whose read it does not hold comes back as the
 * worker's copy of the document), filters a cached list (from the products already loaded), and
 * tries to add to the cart, which says clearly that it needs the network and keeps the chosen
 * size; back online, the same click adds it.
 */
import type { Page } from '@playwright/test'
import { expect, message, test, waitForHydration } from './fixtures'

const fi = (id: string) => message('fi', id)

async function waitForControllingWorker(page: Page) {
  const scope = await page.evaluate(async () => {
    const ready = navigator.serviceWorker.ready.then((registration) => registration.scope)
    const timeout = new Promise<string>((_, reject) =>
      setTimeout(() => reject(new Error('no service worker')), 20_000),
    )
    return Promise.race([ready, timeout])
  })
  expect(new URL(scope).pathname).toBe('/')
  // the first page load is not controlled yet; a reload is
  await page.reload()
  await waitForHydration(page)
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/** The operation names of the GraphQL reads the worker holds. */
function keptReads(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('lumo-reads')
    const requests = await cache.keys()
    return requests.map((request) => new URL(request.url).searchParams.get('operationName') ?? '')
  })
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const footerLink = (page: Page, id: string) =>
  page.getByRole('contentinfo').getByRole('link', { name: fi(id) })
const products = (page: Page) => page.getByRole('region', { name: fi('list.products') })
const cartButton = (page: Page) => page.getByRole('button', { name: /^Ostoskori/ })

test('lists and a product read offline, a cached list filters, add to cart waits for the network', async ({
  page,
  context,
}) => {
  await page.goto('/fi/')
  await waitForHydration(page)
  await waitForControllingWorker(page)

  // list A: a document load (the worker keeps the page)
  await page.goto('/fi/c/mekot')
  await waitForHydration(page)
  const listA = (await heading(page).textContent()) ?? ''
  expect(listA).not.toBe('')

  // list B: a client navigation (the worker keeps its GraphQL GET by persisted-query hash)
  await footerLink(page, 'nav.newArrivals').click()
  await expect(page).toHaveURL(/\/fi\/uutuudet$/)
  await expect(heading(page)).toHaveText(fi('page.newArrivals.title'))
  await expect.poll(() => keptReads(page)).toContain('listPage')

  // a product reached from list B
  const firstCard = products(page).getByRole('heading', { level: 3 }).first()
  const productName = ((await firstCard.textContent()) ?? '').trim()
  await products(page).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/fi\/p\//)
  await expect(heading(page)).toBeVisible()
  const productHeading = (await heading(page).textContent()) ?? ''
  await expect.poll(() => keptReads(page)).toContain('product')
  const productUrl = page.url()

  await context.setOffline(true)
  await expect(page.getByText(fi('status.offline'))).toBeVisible()

  // back to list B: its read comes from the worker
  await page.goBack()
  await expect(page).toHaveURL(/\/fi\/uutuudet$/)
  await expect(heading(page)).toHaveText(fi('page.newArrivals.title'))
  await expect(products(page).getByRole('heading', { level: 3 }).first()).toHaveText(productName)

  // back to list A: no read of it was kept, so the worker's copy of the page answers
  await page.goBack()
  await expect(page).toHaveURL(/\/fi\/c\/mekot$/)
  await expect(heading(page)).toHaveText(listA)
  await waitForHydration(page)

  // filter the cached list by its first brand: the products already loaded answer
  await page.getByRole('button', { name: /^Suodata/ }).click()
  const dialog = page.getByRole('dialog', { name: fi('list.filters.title') })
  const brands = dialog.getByRole('group', { name: 'Merkki' })
  const optionText = (await brands.locator('label').first().textContent()) ?? ''
  const brandLabel = /^(.*) \(\d+\)$/.exec(optionText)?.[1] ?? ''
  expect(brandLabel).not.toBe('')
  await brands.getByRole('checkbox').first().check()
  await expect(page).toHaveURL(/[?&]brands=/)
  await dialog.getByRole('button', { name: fi('list.filters.close') }).click()
  await expect(page.getByText(fi('offline.list.cachedOnly'))).toBeVisible()
  const brandsShown = await products(page).locator('.product-card__brand').allTextContents()
  expect(brandsShown.length).toBeGreaterThan(0)
  for (const brand of brandsShown) expect(brand).toBe(brandLabel)

  // to list B and the product again, by links
  await footerLink(page, 'nav.newArrivals').click()
  await expect(heading(page)).toHaveText(fi('page.newArrivals.title'))
  await products(page).getByRole('link').first().click()
  await expect(page).toHaveURL(productUrl)
  await expect(heading(page)).toHaveText(productHeading)

  // adding to the cart needs the network: said clearly, and the chosen size stays chosen
  const sizes = page.getByRole('radiogroup', { name: fi('product.size.choose') })
  const hasSizes = (await sizes.count()) > 0
  const inStock = sizes.getByRole('radio', { name: new RegExp(fi('product.stock.inStock')) }).first()
  if (hasSizes) await inStock.check()
  await expect(cartButton(page)).toHaveAccessibleName(/tyhjä/)
  await page.getByRole('button', { name: fi('product.addToCart') }).click()
  const needsNetwork = fi('offline.needsNetwork.addToCart')
  await expect(page.locator('.snackbar').getByText(needsNetwork)).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: needsNetwork })).toBeVisible()
  if (hasSizes) await expect(inStock).toBeChecked()
  await expect(cartButton(page)).toHaveAccessibleName(/tyhjä/)

  // back online: the same click adds it
  await context.setOffline(false)
  await expect(page.getByText(fi('status.offline'))).toHaveCount(0)
  await page.getByRole('button', { name: fi('product.addToCart') }).click()
  await expect(cartButton(page)).toHaveAccessibleName(/1 tuote/)
})

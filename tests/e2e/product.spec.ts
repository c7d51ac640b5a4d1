/**
 * The product page and the quickshop panel in a real browser (issue #4 item 3): the size choice,
 * the 'choose a size first' error, every stock state, the back-in-stock sign-up with its
 * already-active answer, zoom and size guide dialogs with their focus, reviews, structured data,
 * the quickshop panel opened from the related products, and axe-core on product pages.
 *
 * The seeded fixture product 1 (server/db/seed/fixtures.ts) has one size of each stock state:
 * 34 in stock (20), 36 five left, 38 sold out, 40 made to order, 42 static stock; six reviews.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { registerInBrowser } from './customers'
import { expect, message, test, waitForHydration } from './fixtures'

const DRESS = FIXTURE_PRODUCTS.satinDress
const DRESS_COLOURS = FIXTURE_PRODUCTS.satinDressColours
const DRESS_PATH = `/fi/p/${DRESS.aliases.fi}`
const fi = (id: string) => message('fi', id)

/** The ICU message of a stock state with its size, as the page's status line reads it. */
function sizeStatus(size: string, stockId: string): string {
  return fi('product.size.status').replace('{size}', size).replace('{status}', fi(stockId))
}

async function openDress(page: Page): Promise<void> {
  const response = await page.goto(DRESS_PATH)
  expect(response?.status()).toBe(200)
  await waitForHydration(page)
}

const sizes = (page: Page) => page.getByRole('radiogroup', { name: fi('product.size.choose') })
const size = (page: Page, label: string) =>
  sizes(page).getByRole('radio', { name: new RegExp(`^${label}\\b`) })

/**
 * A section below the fold (reviews, related products) once its code has loaded and hydrated:
 * the page loads it when it comes near the viewport, so the test scrolls to it first.
 */
async function hydratedSection(page: Page, name: string) {
  const section = page.getByRole('region', { name })
  await section.scrollIntoViewIfNeeded()
  await expect(section).toHaveAttribute('data-hydrated', 'true')
  return section
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
}

test.describe('product page', () => {
  test('renders the product on the server and hydrates cleanly', async ({ page, browserErrors }) => {
    const response = await page.goto(DRESS_PATH)
    const html = (await response?.text()) ?? ''
    expect(html).toContain(DRESS.names.fi)
    // the sizes and their stock come with the HTML, not after hydration
    expect(html).toContain(fi('product.stock.fewLeft'))
    expect(html).toContain(fi('product.stock.madeToOrder'))
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DRESS.names.fi)
    await expect(page.getByText('59,95 €').first()).toBeVisible()
    expect(browserErrors).toEqual([])
  })

  test("requests the app's entry only once the product's picture is on screen", async ({ page }) => {
    await openDress(page)
    // ADR 0052: the entry script waits for the Element Timing report of the page's LCP image
    const { shown, entryRequested } = await page.evaluate(
      () =>
        new Promise<{ shown: number[]; entryRequested: number[] }>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.entry
            resolve({
              shown: list.getEntries().map((timing) => timing.startTime),
              entryRequested: performance
                .getEntriesByType('resource')
                .filter((resource) => entry && resource.name.endsWith(entry))
                .map((resource) => resource.startTime),
            })
          }).observe({ type: 'element', buffered: true })
        }),
    )
    expect(shown).toHaveLength(1)
    expect(entryRequested).toHaveLength(1)
    expect(entryRequested[0]).toBeGreaterThanOrEqual(shown[0] ?? Infinity)
  })

  test('lists every size with its stock state', async ({ page }) => {
    await openDress(page)
    await expect(sizes(page).getByRole('radio')).toHaveCount(5)
    await expect(size(page, '34')).toHaveAccessibleName(`34 ${fi('product.stock.inStock')}`)
    await expect(size(page, '36')).toHaveAccessibleName(`36 ${fi('product.stock.fewLeft')}`)
    await expect(size(page, '38')).toHaveAccessibleName(`38 ${fi('product.stock.outOfStock')}`)
    await expect(size(page, '40')).toHaveAccessibleName(`40 ${fi('product.stock.madeToOrder')}`)
    await expect(size(page, '42')).toHaveAccessibleName(`42 ${fi('product.stock.inStock')}`)
  })

  test('asks for a size before adding to the cart, and the choice clears the error', async ({ page }) => {
    await openDress(page)
    await page.getByRole('button', { name: fi('product.addToCart') }).click()
    const error = page.getByRole('alert').filter({ hasText: 'Sinun on ensin valittava koko' })
    await expect(error).toBeVisible()
    await expect(sizes(page)).toHaveAttribute('aria-invalid', 'true')
    const errorId = await error.getAttribute('id')
    await expect(sizes(page)).toHaveAttribute('aria-describedby', errorId ?? 'missing')
    // focus went to the sizes, so a keyboard user is where the problem is
    await expect(size(page, '34')).toBeFocused()

    await size(page, '36').check()
    await expect(error).toHaveCount(0)
    await expect(sizes(page)).not.toHaveAttribute('aria-invalid', 'true')
    await expect(
      page.getByRole('status').filter({ hasText: sizeStatus('36', 'product.stock.fewLeft') }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: fi('product.addToCart') })).toBeEnabled()
  })

  test('adds the chosen size to the cart', async ({ page, browserErrors }) => {
    await openDress(page)
    await size(page, '34').check()
    await page.getByRole('button', { name: fi('product.addToCart') }).click()
    await expect(
      page.getByRole('status').filter({ hasText: fi('product.added').replace('{size}', '34') }),
    ).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    // the cart's added-to-cart popup names the product
    const popup = page.getByRole('dialog', { name: message('fi', 'cart.added.title') })
    await expect(popup.getByText(`${DRESS.brand} ${DRESS.names.fi}`)).toBeVisible()
    expect(browserErrors).toEqual([])
  })

  test('shows the stock state of the chosen size', async ({ page }) => {
    await openDress(page)
    for (const [label, stockId] of [
      ['34', 'product.stock.inStock'],
      ['36', 'product.stock.fewLeft'],
      ['40', 'product.stock.madeToOrder'],
      ['42', 'product.stock.inStock'],
    ] as const) {
      await size(page, label).check()
      await expect(page.getByText(sizeStatus(label, stockId))).toBeVisible()
      await expect(page.getByRole('button', { name: fi('product.addToCart') })).toBeVisible()
    }
  })

  test('offers the back-in-stock sign-up for a sold-out size and tells a signed-in customer when it is already active', async ({
    page,
    context,
  }) => {
    await openDress(page)
    await size(page, '38').check()
    await expect(page.getByText(sizeStatus('38', 'product.stock.outOfStock'))).toBeVisible()
    await expect(page.getByRole('button', { name: fi('product.addToCart') })).toHaveCount(0)

    const email = page.getByRole('textbox', { name: fi('product.notify.email') })
    await email.fill('ei-sahkoposti')
    await page.getByRole('button', { name: fi('product.notify.submit') }).click()
    const invalid = page.getByText('Sinun on annettava validi sähköpostiosoite')
    await expect(invalid).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAttribute('aria-describedby', (await invalid.getAttribute('id')) ?? 'missing')
    await expect(email).toBeFocused()

    // a fresh address per run: the server keeps the requests
    const address = `palaa-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
    await email.fill(address)
    await page.getByRole('button', { name: fi('product.notify.submit') }).click()
    await expect(page.getByRole('status').filter({ hasText: fi('product.notify.subscribed') })).toBeVisible()
    await expect(email).not.toHaveAttribute('aria-invalid', 'true')

    // the address's own customer, signed in, is told the request already waits; a visitor is not
    await registerInBrowser(context, address)
    await openDress(page)
    await size(page, '38').check()
    await page.getByRole('textbox', { name: fi('product.notify.email') }).fill(address)
    await page.getByRole('button', { name: fi('product.notify.submit') }).click()
    await expect(
      page.getByRole('status').filter({ hasText: fi('product.notify.alreadyActive') }),
    ).toBeVisible()
  })

  test('zooms the images in a dialog that keeps and returns focus', async ({ page }) => {
    await openDress(page)
    const first = page.getByRole('button', { name: /^Suurenna kuva 1\// })
    await first.click()
    const dialog = page.getByRole('dialog', { name: fi('product.gallery.title') })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('img')).toBeVisible()
    await expect(dialog.getByText(/^Kuva 1\//)).toBeVisible()
    await dialog.getByRole('button', { name: fi('product.gallery.next') }).click()
    await expect(dialog.getByText(/^Kuva 2\//)).toBeVisible()
    await dialog.getByRole('button', { name: fi('product.gallery.magnify') }).click()
    await expect(dialog.getByRole('button', { name: fi('product.gallery.magnify') })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(first).toBeFocused()
  })

  test('shows the size guide for the sizes', async ({ page }) => {
    await openDress(page)
    const open = page.getByRole('button', { name: fi('product.sizeGuide.open') })
    await open.click()
    const dialog = page.getByRole('dialog', { name: fi('product.sizeGuide.title') })
    await expect(dialog.getByRole('row')).toHaveCount(6)
    await expect(dialog.getByRole('rowheader', { name: '36' })).toBeVisible()
    await expect(dialog.getByRole('columnheader', { name: fi('product.sizeGuide.waist') })).toBeVisible()
    await dialog.getByRole('button', { name: fi('modal.close') }).click()
    await expect(dialog).toHaveCount(0)
    await expect(open).toBeFocused()
  })

  test('shows the reviews with their average, pages further, and says that writing one needs login', async ({
    page,
  }) => {
    await openDress(page)
    const reviews = await hydratedSection(page, fi('product.reviews.title'))
    await expect(reviews.getByText(/\(6 arvostelua\)/)).toBeVisible()
    await expect(reviews.getByRole('listitem')).toHaveCount(5)
    await reviews.getByRole('button', { name: /Näytä lisää arvosteluja/ }).click()
    await expect(reviews.getByRole('listitem')).toHaveCount(6)
    await expect(reviews.getByRole('button', { name: /Näytä lisää arvosteluja/ })).toHaveCount(0)
    await expect(reviews.getByText(fi('product.reviews.loginRequired'))).toBeVisible()
    await expect(reviews.getByRole('textbox')).toHaveCount(0)
  })

  test('describes the product, its offers, rating and breadcrumbs as JSON-LD', async ({ page }) => {
    await openDress(page)
    const documents = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]',
    ) as Record<string, unknown>[]
    const product = documents.find((document) => document['@type'] === 'Product')
    expect(product).toMatchObject({ name: DRESS.names.fi, sku: DRESS.articleNumber })
    const offers = product?.offers as Record<string, unknown>[]
    expect(offers).toHaveLength(5)
    expect(offers.map((offer) => offer.availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/LimitedAvailability',
      'https://schema.org/OutOfStock',
      'https://schema.org/MadeToOrder',
      'https://schema.org/InStock',
    ])
    expect(offers[0]).toMatchObject({ price: '59.95', priceCurrency: 'EUR' })
    expect(product?.aggregateRating).toMatchObject({ '@type': 'AggregateRating', reviewCount: 6 })
    const breadcrumbs = documents.find((document) => document['@type'] === 'BreadcrumbList')
    const items = breadcrumbs?.itemListElement as Record<string, unknown>[]
    expect(items.at(-1)).toMatchObject({ name: DRESS.names.fi })
    expect(String(items.at(-1)?.item)).toMatch(new RegExp(`/fi/p/${DRESS.aliases.fi}$`))
  })

  test('shows the lowest price of the last 30 days on a discounted product', async ({ page }) => {
    await page.goto(`/fi/product/${await aliasOf(page, FIXTURE_PRODUCTS.campaignDress.productId)}`)
    await waitForHydration(page)
    // the product's own price comes first; the related products' cards may show notices too
    const summary = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1 }) })
    await expect(summary.getByText(/^Alin hinta viimeisen 30 päivän aikana: /).first()).toBeVisible()
    await expect(summary.locator('del').first()).toBeVisible()
  })

  test('an unknown product answers 404', async ({ page }) => {
    const response = await page.goto('/fi/p/ei-tallaista-tuotetta-999999')
    expect(response?.status()).toBe(404)
  })

  for (const [label, path] of [
    ['Finnish', DRESS_PATH],
    ['Swedish in Sweden', `/se/sv/p/${DRESS.aliases.sv}`],
  ] as const) {
    test(`has no serious or critical accessibility violations (${label})`, async ({ page }) => {
      await page.goto(path)
      await waitForHydration(page)
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  test('has no serious or critical accessibility violations with its errors shown', async ({ page }) => {
    await openDress(page)
    await page.getByRole('button', { name: fi('product.addToCart') }).click()
    await expect(page.getByText('Sinun on ensin valittava koko')).toBeVisible()
    await size(page, '38').check()
    await page.getByRole('button', { name: fi('product.notify.submit') }).click()
    await expect(page.getByText('Sinun on annettava validi sähköpostiosoite')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('links the other colours of the style, and a colour change starts with no size chosen', async ({
    page,
    browserErrors,
  }) => {
    await openDress(page)
    const colours = page.getByRole('navigation', { name: fi('product.colours') })
    await expect(colours.getByRole('link')).toHaveCount(3)
    await expect(colours.getByRole('link', { name: 'Musta' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText(fi('product.colour.current').replace('{colour}', 'Musta'))).toBeVisible()
    await size(page, '34').check()

    await colours.getByRole('link', { name: 'Tummansininen' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DRESS_COLOURS.names.fi[0])
    await expect(page).toHaveURL(/\/fi\/p\/tummansininen-satiinimekko-lumo-studio-6$/)
    await expect(colours.getByRole('link', { name: 'Tummansininen' })).toHaveAttribute('aria-current', 'page')
    await expect(sizes(page).getByRole('radio', { checked: true })).toHaveCount(0)
    expect(browserErrors).toEqual([])
  })
})

test.describe('quickshop panel', () => {
  test('opens a related product with the same sizes and add to cart, and closes back to its button', async ({
    page,
    browserErrors,
  }) => {
    await openDress(page)
    const related = await hydratedSection(page, fi('product.related.title'))
    const open = related.getByRole('button', { name: /^Pikaosto: / }).first()
    const name = ((await open.getAttribute('aria-label')) ?? '').replace(/^Pikaosto: /, '')
    await open.click()
    const dialog = page.getByRole('dialog', { name })
    await expect(dialog).toBeVisible()
    const picker = dialog.getByRole('radiogroup', { name: fi('product.size.choose') })
    const add = dialog.getByRole('button', { name: fi('product.addToCart') })
    if ((await picker.count()) > 0) {
      await add.click()
      await expect(
        dialog.getByRole('alert').filter({ hasText: 'Sinun on ensin valittava koko' }),
      ).toBeVisible()
      await expect(picker).toHaveAttribute('aria-invalid', 'true')
    }
    await expect(dialog.getByRole('link', { name: fi('quickshop.details') })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(open).toBeFocused()
    expect(browserErrors).toEqual([])
  })

  test('opens the fixture dress with its stock states from another product page', async ({ page }) => {
    // the navy satin dress (same category and brand) lists the black one among its related products
    await page.goto(`/fi/product/${await aliasOf(page, DRESS_COLOURS.productIds[0])}`)
    await waitForHydration(page)
    const related = await hydratedSection(page, fi('product.related.title'))
    const open = related.getByRole('button', { name: `Pikaosto: ${DRESS.brand} ${DRESS.names.fi}` })
    await open.click()
    const dialog = page.getByRole('dialog', { name: `${DRESS.brand} ${DRESS.names.fi}` })
    const picker = dialog.getByRole('radiogroup', { name: fi('product.size.choose') })
    await expect(picker.getByRole('radio')).toHaveCount(5)
    await picker.getByRole('radio', { name: /^38\b/ }).check()
    await expect(dialog.getByRole('textbox', { name: fi('product.notify.email') })).toBeVisible()
    await picker.getByRole('radio', { name: /^36\b/ }).check()
    await expect(dialog.getByText(sizeStatus('36', 'product.stock.fewLeft'))).toBeVisible()
    // the size goes into the cart and the panel closes for the cart's popup
    await dialog.getByRole('button', { name: fi('product.addToCart') }).click()
    await expect(dialog).toHaveCount(0)
  })
})

/** The Finnish alias of a seeded product, read from the commerce API like the storefront does. */
async function aliasOf(page: Page, productId: number): Promise<string> {
  const response = await page.request.post('/api/graphql', {
    headers: { 'content-type': 'application/json', 'x-lumo-csrf': '1' },
    data: {
      query: 'query ($id: Int) { product(productId: $id, languageId: "fi-FI", marketId: "fi") { alias } }',
      variables: { id: productId },
    },
  })
  const body = (await response.json()) as { data?: { product?: { alias?: string } } }
  const alias = body.data?.product?.alias
  if (!alias) throw new Error(`no alias for product ${productId}: ${JSON.stringify(body)}`)
  return alias
}

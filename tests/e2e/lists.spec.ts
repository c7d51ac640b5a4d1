/**
 * Product lists in a real browser (tracker issue #4, items 2 and 4): filter, sort and paging keep
 * their state in the URL across reload and back/forward, also when filtering after "load more";
 * back returns to the product left; every list page type renders in two markets; an unknown list
 * is a 404; the customer type switches every price to ex VAT and sticks; axe finds no serious or
 * critical violation on list pages.
 */
import { customerTypeSwitch, openChannelMenu } from './channel'
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import type { LocaleCode } from '../../src/shared/markets'
import { expect, message, test, waitForHydration } from './fixtures'
import { sortSizes } from '../../src/shared/sizes'

const PAGE_SIZE = 24

function productsRegion(page: Page, locale: LocaleCode = 'fi'): Locator {
  return page.getByRole('region', { name: message(locale, 'list.products') })
}

/** One <h3> per product card. */
function productNames(page: Page, locale: LocaleCode = 'fi'): Locator {
  return productsRegion(page, locale).getByRole('heading', { level: 3 })
}

/** The list's count line ("58 tuotetta"). */
function countLine(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^\d+ (tuote|tuotetta|produkt|produkter)$/ })
}

async function shownCount(page: Page): Promise<number> {
  const text = (await countLine(page).textContent()) ?? ''
  return Number(/^(\d+)/.exec(text)?.[1])
}

function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams
}

async function openFilters(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Suodata/ }).click()
  const dialog = page.getByRole('dialog', { name: message('fi', 'list.filters.title') })
  await expect(dialog).toBeVisible()
  return dialog
}

/** Selling prices of the cards in order, as numbers (59,95 € → 59.95). */
async function sellingPrices(page: Page): Promise<number[]> {
  const texts = await productsRegion(page).locator('.price__selling').allTextContents()
  return texts.map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')))
}

test.describe('list state in the URL', () => {
  test('filter and sort survive a reload and step with back and forward', async ({ page, browserErrors }) => {
    await page.goto('/fi/c/mekot')
    await waitForHydration(page)
    const total = await shownCount(page)
    expect(total).toBeGreaterThan(PAGE_SIZE)

    // filter by the first brand of the facet
    const dialog = await openFilters(page)
    const brands = dialog.getByRole('group', { name: 'Merkki' })
    const firstBrand = brands.getByRole('checkbox').first()
    const optionText = (await brands.locator('label').first().textContent()) ?? ''
    const [, brandLabel, brandCount] = /^(.*) \((\d+)\)$/.exec(optionText) ?? []
    expect(brandLabel).toBeTruthy()
    await firstBrand.check()
    await expect(page).toHaveURL(/[?&]brands=/)
    await expect(countLine(page)).toHaveText(new RegExp(`^${brandCount} tuote`))
    expect(searchOf(page).get('brands')).toMatch(new RegExp(`^${brandLabel}~b_\\d+$`))
    // closing the panel gives the focus back to its button
    await dialog.getByRole('button', { name: message('fi', 'list.filters.close') }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Suodata (1)' })).toBeFocused()

    // sort cheapest first
    const sort = page.getByRole('combobox', { name: message('fi', 'list.sort.label') })
    await sort.selectOption('PRICE')
    await expect(page).toHaveURL(/[?&]sort=PRICE/)
    await expect(async () => {
      const prices = await sellingPrices(page)
      expect(prices.length).toBeGreaterThan(0)
      expect(prices).toEqual([...prices].sort((a, b) => a - b))
    }).toPass()

    // reload: the same selection from the URL
    await page.reload()
    await waitForHydration(page)
    await expect(sort).toHaveValue('PRICE')
    await expect(countLine(page)).toHaveText(new RegExp(`^${brandCount} tuote`))
    await expect(page.getByRole('button', { name: `Poista valinta ${brandLabel}` })).toBeVisible()
    const reopened = await openFilters(page)
    await expect(reopened.getByRole('checkbox', { name: optionText })).toBeChecked()
    await reopened.getByRole('button', { name: message('fi', 'list.filters.close') }).click()

    // back: the sort goes, the filter stays; forward brings the sort back
    await page.goBack()
    await expect(page).not.toHaveURL(/sort=/)
    await expect(sort).toHaveValue('LATEST')
    await expect(page).toHaveURL(/[?&]brands=/)
    await page.goForward()
    await expect(sort).toHaveValue('PRICE')
    // back twice: the unfiltered list
    await page.goBack()
    await page.goBack()
    await expect(page).toHaveURL(/\/fi\/c\/mekot$/)
    await expect(countLine(page)).toHaveText(`${total} tuotetta`)

    // removing the chosen filter by its chip
    await page.goForward()
    await page.getByRole('button', { name: `Poista valinta ${brandLabel}` }).click()
    await expect(page).not.toHaveURL(/brands=/)
    expect(browserErrors).toEqual([])
  })

  test('load more, then filter: the page resets and the state survives reload and back', async ({ page }) => {
    await page.goto('/fi/parhaiten-myydyt-just-nyt')
    await waitForHydration(page)
    await expect(productNames(page)).toHaveCount(PAGE_SIZE)
    await page.getByRole('button', { name: message('fi', 'list.loadMore') }).click()
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(productNames(page)).toHaveCount(2 * PAGE_SIZE)
    // the focus moved on to the first product added
    await expect(productNames(page).nth(PAGE_SIZE).getByRole('link')).toBeFocused()

    const dialog = await openFilters(page)
    const sizes = dialog.getByRole('group', { name: 'Koko' })
    const optionText = (await sizes.locator('label').first().textContent()) ?? ''
    const sizeCount = Number(/\((\d+)\)$/.exec(optionText)?.[1])
    await sizes.getByRole('checkbox').first().check()
    await expect(page).toHaveURL(/[?&]skus=/)
    expect(searchOf(page).get('page')).toBeNull()
    await expect(countLine(page)).toHaveText(new RegExp(`^${sizeCount} tuote`))
    await expect(productNames(page)).toHaveCount(Math.min(sizeCount, PAGE_SIZE))
    await dialog.getByRole('button', { name: message('fi', 'list.filters.close') }).click()

    await page.reload()
    await waitForHydration(page)
    await expect(countLine(page)).toHaveText(new RegExp(`^${sizeCount} tuote`))
    expect(searchOf(page).get('skus')).toBeTruthy()

    // back: the list as it was after "load more" (which replaced its entry instead of adding one)
    await page.goBack()
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(productNames(page)).toHaveCount(2 * PAGE_SIZE)
  })

  test('page links show the list up to that page', async ({ page }) => {
    await page.goto('/fi/parhaiten-myydyt-just-nyt')
    await waitForHydration(page)
    const pages = page.getByRole('navigation', { name: message('fi', 'list.pagination') })
    await pages.getByRole('link', { name: 'Sivu 3' }).click()
    await expect(page).toHaveURL(/[?&]page=3/)
    await expect(productNames(page)).toHaveCount(3 * PAGE_SIZE)
    await expect(pages.getByRole('link', { name: 'Sivu 3' })).toHaveAttribute('aria-current', 'page')
  })

  test('back from a product returns to the product left', async ({ page }) => {
    await page.goto('/fi/parhaiten-myydyt-just-nyt')
    await waitForHydration(page)
    await page.getByRole('button', { name: message('fi', 'list.loadMore') }).click()
    await expect(productNames(page)).toHaveCount(2 * PAGE_SIZE)
    const left = productNames(page)
      .nth(PAGE_SIZE + 6)
      .getByRole('link')
    const name = (await left.textContent()) ?? ''
    await left.click()
    await expect(page).toHaveURL(/\/fi\/p\//)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/[?&]page=2/)
    const again = productsRegion(page).getByRole('link', { name, exact: true })
    await expect(again).toBeFocused()
    await expect(again).toBeInViewport()
  })
})

interface PageCase {
  name: string
  path: string
  locale: LocaleCode
  heading?: string | RegExp
}

const PAGE_TYPES: PageCase[] = [
  { name: 'category', path: '/fi/c/mekot', locale: 'fi', heading: 'Mekot' },
  { name: 'category', path: '/se/sv/c/klanningar', locale: 'sv', heading: 'Klänningar' },
  { name: 'discount campaign', path: '/fi/dc/juhlakausi', locale: 'fi', heading: 'Juhlakausi' },
  { name: 'discount campaign', path: '/se/sv/dc/festsasong', locale: 'sv', heading: 'Festsäsong' },
  { name: 'search', path: '/fi/s/mekko', locale: 'fi', heading: 'Haku: mekko' },
  { name: 'search', path: '/se/sv/s/klänning', locale: 'sv', heading: 'Sök: klänning' },
  { name: 'generic list', path: '/fi/l/sale', locale: 'fi', heading: 'Ale' },
  { name: 'generic list', path: '/se/sv/l/sale', locale: 'sv', heading: 'Rea' },
  { name: 'bestsellers', path: '/fi/parhaiten-myydyt-just-nyt', locale: 'fi' },
  { name: 'bestsellers', path: '/se/sv/bästsäljare-just-nu', locale: 'sv' },
  { name: 'new arrivals', path: '/fi/uutuudet', locale: 'fi' },
  { name: 'new arrivals', path: '/se/sv/nyheter', locale: 'sv' },
  { name: 'incoming', path: '/fi/tulossa-pian', locale: 'fi' },
  { name: 'incoming', path: '/se/sv/kommer-snart', locale: 'sv' },
  { name: 'all products', path: '/fi/list', locale: 'fi', heading: 'Kaikki tuotteet' },
  { name: 'list by alias', path: '/se/sv/list/klanningar', locale: 'sv', heading: 'Klänningar' },
]

const OWN_TITLES: Record<string, string> = {
  bestsellers: 'page.bestsellers.title',
  'new arrivals': 'page.newArrivals.title',
  incoming: 'page.incoming.title',
}

test.describe('every list page type in two markets', () => {
  for (const { name, path, locale, heading } of PAGE_TYPES) {
    test(`${name}: ${path}`, async ({ page, browserErrors }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await waitForHydration(page)
      const title = heading ?? message(locale, OWN_TITLES[name] ?? '')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(productNames(page, locale).first()).toBeVisible()
      const count = await shownCount(page)
      await expect(productNames(page, locale)).toHaveCount(Math.min(count, PAGE_SIZE))
      // every card links to its product page and shows a price
      const firstCard = productsRegion(page, locale).getByRole('article').first()
      await expect(firstCard.getByRole('link').first()).toHaveAttribute('href', /\/p\//)
      await expect(firstCard.locator('.price__selling')).toHaveText(locale === 'fi' ? /€/ : /kr/)
      expect(browserErrors).toEqual([])
    })
  }

  for (const { path, locale } of [
    { path: '/fi/merkit', locale: 'fi' as const },
    { path: '/se/sv/märken', locale: 'sv' as const },
  ]) {
    test(`brands index and a brand list: ${path}`, async ({ page, browserErrors }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(message(locale, 'page.brands.title'))
      const brand = page.getByRole('main').getByRole('link', { name: 'Aurinko', exact: true })
      await brand.click()
      await expect(page).toHaveURL(/\/b\/aurinko$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aurinko')
      await expect(productNames(page, locale).first()).toBeVisible()
      expect(browserErrors).toEqual([])
    })
  }

  for (const path of [
    '/fi/c/ei-tallaista',
    '/fi/b/ei-tallaista',
    '/se/sv/dc/ingen-sadan',
    '/fi/l/ei-tallaista',
  ]) {
    test(`an unknown list is a 404: ${path}`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
    })
  }

  test('an empty search helps the shopper on', async ({ page }) => {
    await page.goto('/fi/s/qqxxzzvv')
    await waitForHydration(page)
    await expect(
      page.getByRole('heading', { level: 2, name: 'Haulla ”qqxxzzvv” ei löytynyt tuotteita' }),
    ).toBeVisible()
    await page
      .getByRole('main')
      .getByRole('link', { name: message('fi', 'nav.newArrivals') })
      .click()
    await expect(page).toHaveURL(/\/fi\/uutuudet$/)
  })
})

test('a business customer sees every price without VAT, also after a reload', async ({ page }) => {
  await page.goto('/fi/c/mekot')
  await waitForHydration(page)
  const firstPrice = productsRegion(page).locator('.price__selling').first()
  const withVat = (await firstPrice.textContent()) ?? ''
  await openChannelMenu(page, 'fi')
  await customerTypeSwitch(page, 'fi').selectOption('ORGANIZATION')
  await expect(productsRegion(page).getByText(message('fi', 'price.exVat')).first()).toBeVisible()
  await expect(firstPrice).not.toHaveText(withVat)
  const withoutVat = (await firstPrice.textContent()) ?? ''
  await page.reload()
  await waitForHydration(page)
  await expect(firstPrice).toHaveText(withoutVat)
  await openChannelMenu(page, 'fi')
  await expect(customerTypeSwitch(page, 'fi')).toHaveValue('ORGANIZATION')
  await customerTypeSwitch(page, 'fi').selectOption('PERSON')
  await expect(firstPrice).toHaveText(withVat)
})

test.describe('list pages have no serious or critical accessibility violation', () => {
  for (const path of ['/fi/c/mekot?sort=PRICE', '/se/sv/s/klänning', '/fi/merkit', '/fi/s/qqxxzzvv']) {
    test(path, async ({ page }) => {
      await page.goto(path)
      await waitForHydration(page)
      const check = async () => {
        const results = await new AxeBuilder({ page }).analyze()
        return results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          )
      }
      expect(await check()).toEqual([])
      if (path.startsWith('/fi/c/')) {
        // and with the filter panel open
        await openFilters(page)
        expect(await check()).toEqual([])
      }
    })
  }
})

test.describe('lists open on what can be bought (issue 27 part 4)', () => {
  /** Each card's availability from its badges: 0 buyable, 2 incoming, 3 sold out. */
  async function cardTiers(page: Page, locale: LocaleCode): Promise<number[]> {
    const incoming = message(locale, 'badge.INCOMING')
    const soldOut = message(locale, 'badge.OUT_OF_STOCK')
    const cards = productsRegion(page, locale).locator('.product-card')
    return cards.evaluateAll(
      (elements, [incoming, soldOut]) =>
        elements.map((card) => {
          const badges = [...card.querySelectorAll('.product-card__badge')].map((badge) =>
            badge.textContent?.trim(),
          )
          return badges.includes(soldOut) ? 3 : badges.includes(incoming) ? 2 : 0
        }),
      [incoming, soldOut] as const,
    )
  }

  for (const [path, locale] of [
    ['/fi/c/kengat', 'fi'],
    ['/fi/c/mekot', 'fi'],
    ['/se/sv/c/klanningar', 'sv'],
  ] as const) {
    test(`${path} opens on buyable cards; incoming and sold out come last`, async ({
      page,
      browserErrors,
    }) => {
      await page.goto(path)
      await waitForHydration(page)
      const tiers = await cardTiers(page, locale)
      expect(tiers.length).toBe(PAGE_SIZE)
      expect(tiers.slice(0, 8)).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
      expect(tiers).toEqual([...tiers].sort((a, b) => a - b))
      expect(browserErrors).toEqual([])
    })
  }

  test('the dresses filter lists sizes in their natural order, sold-out sizes disabled, one row per category', async ({
    page,
    browserErrors,
  }) => {
    await page.goto('/se/sv/c/klanningar')
    await waitForHydration(page)
    await page.getByRole('button', { name: /^Filtrera/ }).click()
    const dialog = page.getByRole('dialog', { name: message('sv', 'list.filters.title') })
    await expect(dialog).toBeVisible()
    const sizeGroup = dialog.getByRole('group', { name: 'Storlek' })
    const sizeLabels = (await sizeGroup.locator('label').allTextContents()).map((text) =>
      text.replace(/\s*\(\d+\)$/, ''),
    )
    expect(sizeLabels.length).toBeGreaterThan(3)
    expect(sizeLabels).toEqual(sortSizes(sizeLabels))
    // a size with 0 can be seen but not chosen; every other size can
    for (const checkbox of await sizeGroup.getByRole('checkbox').all()) {
      const zero = /\(0\)$/.test(
        (await checkbox.getAttribute('aria-label')) ?? (await checkbox.locator('..').textContent()) ?? '',
      )
      if (zero) await expect(checkbox).toBeDisabled()
      else await expect(checkbox).toBeEnabled()
    }
    const categories = await dialog
      .getByRole('group', { name: 'Kategori' })
      .locator('label')
      .allTextContents()
    expect(categories.some((text) => text.startsWith('Klänningar ('))).toBe(true)
    expect(categories.some((text) => text.startsWith('Kläder ('))).toBe(false)
    expect(browserErrors).toEqual([])
  })

  test('filtering size M shows only clothes that can be bought in M', async ({ page, browserErrors }) => {
    await page.goto('/se/sv/c/klader')
    await waitForHydration(page)
    await page.getByRole('button', { name: /^Filtrera/ }).click()
    const dialog = page.getByRole('dialog', { name: message('sv', 'list.filters.title') })
    await expect(dialog).toBeVisible()
    const m = dialog.getByRole('checkbox', { name: /^M \(\d+\)$/ })
    const promised = Number(/\((\d+)\)/.exec((await m.locator('..').textContent()) ?? '')?.[1])
    await m.check()
    await expect(page).toHaveURL(/skus=/)
    await dialog.getByRole('button', { name: message('sv', 'list.filters.close') }).click()
    await expect.poll(() => shownCount(page)).toBe(promised)

    // every card offers M: open each of the first cards' quickshop and find M buyable
    const quickshops = productsRegion(page, 'sv').getByRole('button', { name: /^Snabbköp: / })
    const cards = Math.min(6, await quickshops.count())
    expect(cards).toBeGreaterThan(0)
    for (let index = 0; index < cards; index++) {
      const open = quickshops.nth(index)
      const name = ((await open.getAttribute('aria-label')) ?? '').replace(/^Snabbköp: /, '')
      await open.click()
      const panel = page.getByRole('dialog', { name })
      const size = panel.getByRole('radio', { name: /^M\b/ })
      await expect(size, name).toHaveCount(1)
      // its name is the size and its stock line ("M I lager"), never "M Slutsåld"
      await expect(size, name).not.toHaveAccessibleName(`M ${message('sv', 'product.stock.outOfStock')}`)
      await page.keyboard.press('Escape')
      await expect(panel).toHaveCount(0)
    }
    expect(browserErrors).toEqual([])
  })
})

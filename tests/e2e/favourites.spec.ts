/**
 * Favourites in a real browser (issue #4 item 5): a heart on the home page's product cards saves
 * the product in local storage (`favorites`, `favoritesLastUpdated`), records the favourite event
 * in the data layer, reaches a second tab through `favorites_channel`, shows on the favourites
 * page, survives a reload, and a removal in one tab releases the heart in the other.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, message, test, waitForHydration } from './fixtures'

const TOGGLE_PREFIX = message('fi', 'favourites.toggle').replace('{name}', '')

/** The hearts of a home-page rail, e.g. the new arrivals. */
function railHearts(page: Page, railTitle: string): Locator {
  return page
    .getByRole('region', { name: railTitle, exact: true })
    .getByRole('button', { name: new RegExp(`^${TOGGLE_PREFIX}`) })
}

async function productNameOf(heart: Locator): Promise<string> {
  const label = await heart.getAttribute('aria-label')
  return (label ?? '').slice(TOGGLE_PREFIX.length)
}

const savedIds = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('favorites') ?? '[]') as unknown[])

test('a favourite saved in one tab shows in another, survives a reload and is removed everywhere', async ({
  context,
  browserErrors,
}) => {
  const home = await context.newPage()
  await home.goto('/fi/')
  await waitForHydration(home)

  const hearts = railHearts(home, message('fi', 'nav.newArrivals'))
  const first = hearts.nth(0)
  const second = hearts.nth(1)
  const firstName = await productNameOf(first)
  const secondName = await productNameOf(second)
  expect(firstName).not.toBe('')
  await expect(first).toHaveAttribute('aria-pressed', 'false')

  await first.click()
  await expect(first).toHaveAttribute('aria-pressed', 'true')
  expect(await savedIds(home)).toHaveLength(1)
  expect(Number(await home.evaluate(() => localStorage.getItem('favoritesLastUpdated')))).toBeGreaterThan(0)
  await expect
    .poll(() =>
      home.evaluate(() =>
        ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).some(
          (entry) => entry.event === 'add_to_wishlist',
        ),
      ),
    )
    .toBe(true)

  // A second tab restores the saved list after hydration and shows the product.
  const favourites = await context.newPage()
  await favourites.goto('/fi/suosikkeja')
  await waitForHydration(favourites)
  await expect(favourites.getByRole('heading', { level: 2, name: '1 tallennettu tuote' })).toBeVisible()
  const firstHeart = favourites.getByRole('button', { name: `${TOGGLE_PREFIX}${firstName}`, exact: true })
  await expect(firstHeart).toHaveAttribute('aria-pressed', 'true')

  // Saved in the first tab: the open favourites page gets it through the broadcast channel.
  await second.click()
  await expect(second).toHaveAttribute('aria-pressed', 'true')
  await expect(favourites.getByRole('heading', { level: 2, name: '2 tallennettua tuotetta' })).toBeVisible()
  await expect(
    favourites.getByRole('button', { name: `${TOGGLE_PREFIX}${secondName}`, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true')

  // Both survive a reload.
  await favourites.reload()
  await waitForHydration(favourites)
  await expect(favourites.getByRole('heading', { level: 2, name: '2 tallennettua tuotetta' })).toBeVisible()

  // Removed on the favourites page: gone there, released in the other tab, and still gone after a reload.
  await favourites.getByRole('button', { name: `${TOGGLE_PREFIX}${firstName}`, exact: true }).click()
  await expect(favourites.getByRole('heading', { level: 2, name: '1 tallennettu tuote' })).toBeVisible()
  await expect(favourites.getByRole('status').filter({ hasText: 'poistettiin suosikeista.' })).toBeAttached()
  await expect(first).toHaveAttribute('aria-pressed', 'false')
  expect(await savedIds(home)).toHaveLength(1)
  await home.reload()
  await waitForHydration(home)
  await expect(railHearts(home, message('fi', 'nav.newArrivals')).nth(1)).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(railHearts(home, message('fi', 'nav.newArrivals')).nth(0)).toHaveAttribute(
    'aria-pressed',
    'false',
  )

  expect(browserErrors).toEqual([])
})

test('the favourites page helps on when nothing is saved', async ({ page, browserErrors }) => {
  await page.goto('/se/sv/favoriter')
  await waitForHydration(page)
  await expect(
    page.getByRole('heading', { level: 1, name: message('sv', 'page.favourites.title') }),
  ).toBeVisible()
  await expect(
    page.getByRole('heading', { level: 2, name: message('sv', 'favourites.empty.title') }),
  ).toBeVisible()
  await page
    .getByRole('link', { name: message('sv', 'nav.newArrivals'), exact: true })
    .last()
    .click()
  await expect(page).toHaveURL(/\/se\/sv\/nyheter$/)
  expect(browserErrors).toEqual([])
})

test('the product page heart saves the product, keeps it over a reload and lists it on the favourites page', async ({
  page,
  browserErrors,
}) => {
  await page.goto('/fi/')
  await waitForHydration(page)
  const cardHeart = railHearts(page, message('fi', 'nav.newArrivals')).nth(0)
  const name = await productNameOf(cardHeart)
  // open the product from the rail, then save it with the heart beside its heading
  await page.getByRole('link', { name, exact: true }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const heart = page.getByRole('button', { name: `${TOGGLE_PREFIX}${name}`, exact: true })
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  expect(await savedIds(page)).toHaveLength(1)

  await page.reload()
  await waitForHydration(page)
  await expect(heart).toHaveAttribute('aria-pressed', 'true')

  await page.goto('/fi/suosikkeja')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 2, name: '1 tallennettu tuote' })).toBeVisible()
  await expect(page.getByRole('button', { name: `${TOGGLE_PREFIX}${name}`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  expect(browserErrors).toEqual([])
})

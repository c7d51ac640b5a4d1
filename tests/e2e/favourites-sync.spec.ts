/**
 * Favourites everywhere in a real browser (issue #10 items 5 and 6): favourites a customer adds
 * in one browser context are saved by the likes service and appear in a second context after the
 * customer logs in there through the login dialog, merged with what that browser had saved as a
 * guest; the first context sees the merged list after a reload. And the review form for a
 * customer: stars, name and comment required, the review sent; a guest gets a login link instead.
 */
import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { passwordDigest } from '../../src/shared/password-digest'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { collectBrowserErrors, expect, message, test, waitForHydration } from './fixtures'
import { logOutInPage } from './customers'

const fi = (id: string) => message('fi', id)
const CSRF = { 'content-type': 'application/json', 'x-lumo-csrf': '1' }
const PASSWORD = 'Salasana-123'
const TOGGLE_PREFIX = fi('favourites.toggle').replace('{name}', '')

/** A new customer, registered through the storefront session: the cookies stay in this context. */
async function registerCustomer(request: APIRequestContext): Promise<{ id: string; email: string }> {
  const email = `suosikit-${randomUUID().slice(0, 8)}@example.com`
  const data = { username: email, password: await passwordDigest(PASSWORD), rememberMe: true }
  // registration answers 202 alike for every e-mail; the login that follows signs in (ADR 0067)
  expect((await request.post('/api/session/register', { headers: CSRF, data })).status()).toBe(202)
  const response = await request.post('/api/session/login', { headers: CSRF, data })
  expect(response.status()).toBe(200)
  const { user } = (await response.json()) as { user: { id: string } }
  return { id: user.id, email }
}

async function savedFavourites(request: APIRequestContext, userId: string): Promise<number[]> {
  const response = await request.get(`/api/likes/users/${userId}/products`, { headers: CSRF })
  expect(response.status()).toBe(200)
  return (await response.json()) as number[]
}

const localFavourites = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('favorites') ?? '[]') as number[])

function newArrivalHearts(page: Page): Locator {
  return page
    .getByRole('region', { name: fi('nav.newArrivals'), exact: true })
    .getByRole('button', { name: new RegExp(`^${TOGGLE_PREFIX}`) })
}

async function like(heart: Locator): Promise<string> {
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  return ((await heart.getAttribute('aria-label')) ?? '').slice(TOGGLE_PREFIX.length)
}

test('favourites added in one browser appear in another after login there', async ({
  context: first,
  browser,
  browserErrors,
}) => {
  // The first browser: a logged-in customer likes two products.
  const customer = await registerCustomer(first.request)
  const firstPage = await first.newPage()
  await firstPage.goto('/fi/')
  await waitForHydration(firstPage)
  const hearts = newArrivalHearts(firstPage)
  const likedFirst = [await like(hearts.nth(0)), await like(hearts.nth(1))]
  await expect.poll(() => savedFavourites(first.request, customer.id)).toHaveLength(2)
  const savedIds = await savedFavourites(first.request, customer.id)

  // The second browser: a guest likes another product, then logs in through the dialog.
  const second = await browser.newContext()
  collectBrowserErrors(second, browserErrors)
  const secondPage = await second.newPage()
  await secondPage.goto('/fi/')
  await waitForHydration(secondPage)
  const guestLiked = await like(newArrivalHearts(secondPage).nth(2))
  const [guestId] = await localFavourites(secondPage)
  await secondPage
    .getByRole('navigation', { name: fi('nav.userLabel') })
    .getByRole('link', { name: fi('nav.account'), exact: true })
    .click()
  const dialog = secondPage.getByRole('dialog', { name: fi('auth.login.title') })
  await dialog.getByLabel(fi('auth.field.email')).fill(customer.email)
  await dialog.getByLabel(fi('auth.field.password'), { exact: true }).fill(PASSWORD)
  await dialog.getByRole('button', { name: fi('auth.login.submit') }).click()
  await expect(secondPage.getByRole('dialog')).toHaveCount(0)

  // The union, the guest's newer like first, saved for the customer and shown on the favourites page.
  const union = [guestId, ...savedIds]
  await expect.poll(() => localFavourites(secondPage)).toEqual(union)
  await expect.poll(() => savedFavourites(second.request, customer.id)).toEqual(union)
  await secondPage.goto('/fi/suosikkeja')
  await waitForHydration(secondPage)
  await expect(secondPage.getByRole('heading', { level: 2, name: '3 tallennettua tuotetta' })).toBeVisible()
  for (const name of [guestLiked, ...likedFirst]) {
    await expect(
      secondPage.getByRole('button', { name: `${TOGGLE_PREFIX}${name}`, exact: true }),
    ).toHaveAttribute('aria-pressed', 'true')
  }

  // The first browser follows the saved list on its next page.
  await firstPage.reload()
  await waitForHydration(firstPage)
  await expect.poll(() => localFavourites(firstPage)).toEqual(union)

  // Logging out keeps this browser's copy.
  await logOutInPage(secondPage)
  await expect(
    secondPage
      .getByRole('navigation', { name: fi('nav.userLabel') })
      .getByRole('link', { name: fi('nav.account'), exact: true }),
  ).toBeVisible()
  expect(await localFavourites(secondPage)).toEqual(union)

  await second.close()
  expect(browserErrors).toEqual([])
})

/** A product whose reviews no other suite counts (the product suite counts the satin dress's). */
const COAT_ID = FIXTURE_PRODUCTS.salePriceCoat.productId

async function graphql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown>) {
  const response = await request.post('/api/graphql', { headers: CSRF, data: { query, variables } })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { data: T }).data
}

async function reviewsSection(page: Page): Promise<Locator> {
  const section = page.getByRole('region', { name: fi('product.reviews.title') })
  await section.scrollIntoViewIfNeeded()
  await expect(section).toHaveAttribute('data-hydrated', 'true')
  return section
}

test('a customer reviews a product; a guest is asked to log in first', async ({
  page,
  context,
  browserErrors,
}) => {
  const { products } = await graphql<{ products: { products: { alias: string }[] } }>(
    context.request,
    'query ($ids: [Int]) { products(filter: { productIds: $ids }, take: 1) { products { alias } } }',
    { ids: [COAT_ID] },
  )
  const alias = products.products[0]?.alias ?? ''
  const coatPath = `/fi/p/${alias}`
  await page.goto(coatPath)
  await waitForHydration(page)
  let reviews = await reviewsSection(page)
  const login = reviews.getByRole('link', { name: fi('product.reviews.login') })
  await login.click()
  await expect(page.getByRole('dialog', { name: fi('auth.login.title') })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('returnTo')).toBe(`${coatPath}#product-reviews-title`)

  await registerCustomer(context.request)
  await page.goto(coatPath)
  await waitForHydration(page)
  reviews = await reviewsSection(page)
  const send = reviews.getByRole('button', { name: fi('product.reviews.send') })
  await send.click()
  await expect(reviews.getByText('Käytä tähtiä tuotteen arvioimiseen')).toBeVisible()
  await expect(reviews.getByRole('textbox', { name: fi('product.reviews.name') })).toHaveAttribute(
    'aria-invalid',
    'true',
  )

  await reviews.getByRole('radio', { name: '4 tähteä' }).check()
  await reviews.getByRole('textbox', { name: fi('product.reviews.name') }).fill('Aino <b>A.</b>')
  await reviews
    .getByRole('textbox', { name: fi('product.reviews.comment') })
    .fill('<script>alert(1)</script> Istuu hyvin')
  await send.click()
  await expect(reviews.getByRole('status').filter({ hasText: fi('product.reviews.thanks') })).toBeVisible()

  // Stored as the text it was, for this product.
  const stored = await graphql<{
    reviews: { reviews: { author: string; comment: string; rating: number }[] }
  }>(
    context.request,
    'query ($alias: String) { reviews(alias: $alias, take: 50) { reviews { author comment rating } } }',
    { alias },
  )
  expect(stored.reviews.reviews).toContainEqual({
    author: 'Aino <b>A.</b>',
    comment: '<script>alert(1)</script> Istuu hyvin',
    rating: 4,
  })
  expect(browserErrors).toEqual([])
})

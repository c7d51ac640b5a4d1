/**
 * The cart follows the account (issue 27 part 6, ADR 0057) in real browsers: what a customer put
 * in the cart in one browser is in the cart of a second browser once they log in there through
 * the login dialog, merged with what that browser held as a guest; logging out leaves the second
 * browser with an empty cart, and the account's cart is still there in the first. Before, the
 * second browser's cart stayed as it was: only favourites followed the account.
 */
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { collectBrowserErrors, expect, message, test, waitForHydration } from './fixtures'
import { cartInBrowser, SKU } from './checkout-helpers'
import { CUSTOMER_PASSWORD, logOutInPage, registerInBrowser } from './customers'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'

const fi = (id: string) => message('fi', id)
const cartButton = (page: Page, count: number) =>
  page.getByRole('button', {
    name: count === 0 ? 'Ostoskori, tyhjä' : `Ostoskori, ${count} ${count === 1 ? 'tuote' : 'tuotetta'}`,
    exact: true,
  })
const userNav = (page: Page) => page.getByRole('navigation', { name: fi('nav.userLabel') })

test('a cart filled in one browser is there after logging in on another; logout empties that one', async ({
  context: first,
  baseURL,
  browser,
  browserErrors,
}) => {
  // The first browser: a logged-in customer puts a dress in the cart.
  const email = await registerInBrowser(first, `ostoskori-${randomUUID().slice(0, 8)}@example.fi`)
  await cartInBrowser(first, baseURL!)
  const firstPage = await first.newPage()
  await firstPage.goto('/fi/')
  await waitForHydration(firstPage)
  await expect(cartButton(firstPage, 1)).toBeVisible()

  // The second browser: a guest with a size of their own logs in through the dialog.
  const second = await browser.newContext()
  collectBrowserErrors(second, browserErrors)
  const guestCart = await cartInBrowserWith(second, baseURL!, FIXTURE_PRODUCTS.satinDress.skus.inStock)
  const page = await second.newPage()
  await page.goto('/fi/')
  await waitForHydration(page)
  await expect(cartButton(page, 1)).toBeVisible()
  await userNav(page)
    .getByRole('link', { name: fi('nav.account'), exact: true })
    .click()
  const dialog = page.getByRole('dialog', { name: fi('auth.login.title') })
  await dialog.getByLabel(fi('auth.field.email')).fill(email)
  await dialog.getByLabel(fi('auth.field.password'), { exact: true }).fill(CUSTOMER_PASSWORD)
  await dialog.getByRole('button', { name: fi('auth.login.submit') }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The account's cart, with the guest's size merged in, is this browser's cart now.
  await expect(cartButton(page, 2)).toBeVisible()
  const cookie = async () =>
    (await second.cookies(baseURL!)).find((entry) => entry.name === 'lumo-cart')?.value ?? null
  await expect.poll(cookie).not.toBe(guestCart)
  await cartButton(page, 2).click()
  await expect(page.getByRole('dialog').getByText('Musta satiinimekko').first()).toBeVisible()
  await page.keyboard.press('Escape')

  // The first browser sees the merged cart on its next page.
  await firstPage.reload()
  await waitForHydration(firstPage)
  await expect(cartButton(firstPage, 2)).toBeVisible()

  // Logging out leaves the second browser with an empty cart; the account's cart stays.
  // logout sits in the account's own menu (ADR 0056)
  await logOutInPage(page)
  await expect(cartButton(page, 0)).toBeVisible()
  await expect.poll(cookie).toBeNull()
  await page.goto('/fi/')
  await waitForHydration(page)
  await expect(cartButton(page, 0)).toBeVisible()
  await firstPage.reload()
  await waitForHydration(firstPage)
  await expect(cartButton(firstPage, 2)).toBeVisible()

  await second.close()
  expect(browserErrors).toEqual([])
})

/** A guest's cart in a browser context with one of this size (the static-stock size is the other browser's). */
async function cartInBrowserWith(
  context: Parameters<typeof cartInBrowser>[0],
  baseURL: string,
  skuId: number,
): Promise<string> {
  expect(skuId).not.toBe(SKU)
  const post = async <T>(query: string, variables: Record<string, unknown>) => {
    const response = await context.request.post('/api/graphql', {
      headers: { 'content-type': 'application/json', 'x-lumo-csrf': '1' },
      data: { query, variables },
    })
    const body = (await response.json()) as { data: T; errors?: unknown[] }
    expect(body.errors).toBeUndefined()
    return body.data
  }
  const { getCart } = await post<{ getCart: { id: string } }>('query { getCart(marketId: "fi") { id } }', {})
  await post(
    'mutation ($id: String!, $skuId: Int!) { addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, marketId: "fi") { id } }',
    { id: getCart.id, skuId },
  )
  await context.addCookies([{ name: 'lumo-cart', value: getCart.id, url: baseURL }])
  return getCart.id
}

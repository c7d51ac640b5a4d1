/**
 * Checkout steps shared by the end-to-end suites (checkout, account): a cart made through the
 * shop's own GraphQL endpoint and handed to the browser in the lumo-cart cookie, the way the cart
 * feature leaves it; the checkout page opened and the customer form filled in.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { expect, message, waitForHydration } from './fixtures'

/** Static stock is never decremented, so these orders take nothing from other tests. */
export const SKU = FIXTURE_PRODUCTS.satinDress.skus.staticStock

export async function graphql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const response = await request.post('/api/graphql', {
    headers: { 'content-type': 'application/json', 'x-lumo-csrf': '1' },
    data: { query, variables },
  })
  expect(response.ok()).toBe(true)
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] }
  expect(body.errors).toBeUndefined()
  return body.data as T
}

/** A Finnish cart with one dress in it, known to the browser through its cookie. */
export async function cartInBrowser(
  context: BrowserContext,
  baseURL: string,
  market = 'fi',
): Promise<string> {
  const { getCart } = await graphql<{ getCart: { id: string } }>(
    context.request,
    'query ($market: String) { getCart(marketId: $market) { id } }',
    { market },
  )
  await graphql(
    context.request,
    'mutation ($id: String!, $skuId: Int!, $market: String) { addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, marketId: $market) { id } }',
    { id: getCart.id, skuId: SKU, market },
  )
  await context.addCookies([{ name: 'lumo-cart', value: getCart.id, url: baseURL }])
  return getCart.id
}

const fi = (id: string) => message('fi', id)

export async function openCheckout(page: Page) {
  await page.goto('/fi/kassa')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: fi('page.checkout.title') })).toBeVisible()
  // the cart and the options arrive from createOrUpdateCheckout
  await expect(page.getByText(/Musta satiinimekko/)).toBeVisible()
  await expect(page.getByRole('radio', { name: /Lasku/ })).toBeVisible()
}

/** A Swedish guest's details on /se/sv/kassan. */
export async function fillSwedishCustomer(page: Page, email: string) {
  const sv = (id: string) => message('sv', id)
  await page.getByRole('textbox', { name: sv('checkout.email'), exact: true }).fill(email)
  await page.getByRole('textbox', { name: sv('checkout.firstName'), exact: true }).fill('Astrid')
  await page.getByRole('textbox', { name: sv('checkout.lastName'), exact: true }).fill('Lindqvist')
  await page.getByRole('textbox', { name: sv('checkout.address'), exact: true }).fill('Drottninggatan 12')
  await page.getByRole('textbox', { name: sv('checkout.zip'), exact: true }).fill('11151')
  await page.getByRole('textbox', { name: sv('checkout.city'), exact: true }).fill('Stockholm')
  await page.getByRole('textbox', { name: sv('checkout.phone'), exact: true }).fill('+46 70 123 45 67')
}

/** Pays on Lumopay's page (Swedish) with a test card. */
export async function payWithCard(page: Page, cardNumber: string) {
  await page.getByRole('textbox', { name: 'Kortnummer' }).fill(cardNumber)
  await page.getByRole('textbox', { name: 'Giltigt till (MM/ÅÅ)' }).fill('12/35')
  await page.getByLabel('Säkerhetskod (CVC)').fill('123')
  await page.getByRole('button', { name: /^Betala / }).click()
}

export async function fillCustomer(page: Page, email: string, zip = '00100') {
  await page.getByLabel(fi('checkout.email')).fill(email)
  await page.getByLabel(fi('checkout.firstName')).fill('Matti')
  await page.getByLabel(fi('checkout.lastName')).fill('Meikäläinen')
  await page.getByLabel(fi('checkout.address')).fill('Mannerheimintie 1')
  await page.getByLabel(fi('checkout.zip')).fill(zip)
  await page.getByLabel(fi('checkout.city')).fill('Helsinki')
  await page.getByLabel(fi('checkout.phone')).fill('+358 40 123 4567')
}

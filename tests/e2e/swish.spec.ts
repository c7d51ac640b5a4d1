/**
 * A Swedish shopper pays with Swish (ADR 0076) in a real browser: Swish is offered in the Swedish
 * checkout with what happens next, the order leaves for Swish's own test page, the shopper types
 * a mobile number, the page sends the payment request to "the app" (played by the test page),
 * the shopper approves it there and lands on the confirmation of the paid order.
 */
import type { BrowserContext } from '@playwright/test'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { expect, message, test, waitForHydration } from './fixtures'
import { fillSwedishCustomer } from './checkout-helpers'

const SKU = FIXTURE_PRODUCTS.satinDress.skus.inStock
const sv = (id: string) => message('sv', id)

async function swedishCartInBrowser(context: BrowserContext, baseURL: string): Promise<string> {
  const bff = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const response = await context.request.post('/api/graphql', {
      headers: { 'content-type': 'application/json', 'x-lumo-csrf': '1' },
      data: { query, variables },
    })
    expect(response.ok()).toBe(true)
    const body = (await response.json()) as { data?: T; errors?: unknown[] }
    expect(body.errors).toBeUndefined()
    return body.data as T
  }
  const { getCart } = await bff<{ getCart: { id: string } }>('query { getCart(marketId: "se") { id } }')
  await bff(
    'mutation ($id: String!, $skuId: Int!) { addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, marketId: "se") { id } }',
    { id: getCart.id, skuId: SKU },
  )
  await context.addCookies([{ name: 'lumo-cart', value: getCart.id, url: baseURL }])
  return getCart.id
}

test('a guest in Sweden pays with Swish: mobile number, approved in the app, confirmation', async ({
  page,
  context,
  baseURL,
  browserErrors,
}) => {
  await swedishCartInBrowser(context, baseURL!)
  await page.goto('/se/sv/kassan')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: sv('page.checkout.title') })).toBeVisible()
  await fillSwedishCustomer(page, 'Astrid.Swish@Example.se')
  const swish = page.getByRole('radio', { name: /Swish/ })
  await expect(swish).toBeVisible()
  await swish.check()
  await expect(page.getByText(sv('checkout.payment.next.swish'))).toBeVisible()
  await page.getByRole('checkbox', { name: sv('checkout.terms.accept') }).check()
  await page.getByRole('button', { name: sv('checkout.placeOrder.card') }).click()

  // Swish's own test page: the phone number first
  await page.waitForURL(/\/pay\/swish\/orders\/[0-9a-f-]{36}$/)
  const publicId = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByText('Swish', { exact: true })).toBeVisible()
  await expect(page.getByText(/^Att betala: /)).toBeVisible()
  const phone = page.getByRole('textbox', { name: 'Mobilnumret du använder Swish med' })
  await phone.fill('070 12')
  await page.getByRole('button', { name: 'Skicka betalningsförfrågan till Swish' }).click()
  await expect(page.getByRole('alert')).toContainText('Ange ett giltigt mobilnummer')
  await page.getByRole('textbox', { name: 'Mobilnumret du använder Swish med' }).fill('070-123 45 67')
  await page.getByRole('button', { name: 'Skicka betalningsförfrågan till Swish' }).click()

  // the request waits in "the app", played by the page: approve it
  await expect(page.getByRole('status')).toContainText('slutar på 67')
  await expect(page.getByRole('heading', { level: 2, name: 'Swish-appen' })).toBeVisible()
  await page.getByRole('button', { name: 'Godkänn betalningen' }).click()

  await expect(page).toHaveURL(`${baseURL}/se/sv/checkout/confirm?oid=${publicId}`)
  await expect(page.getByRole('heading', { level: 1, name: sv('page.checkoutConfirm.title') })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: /^Ordernummer: \d+$/ })).toBeVisible()
  await expect(page.getByText('Svart satinklänning')).toBeVisible()
  await expect(page.getByText('Swish').first()).toBeVisible()
  // the one error is the page's own answer to the short number: 422 with the form and its alert
  expect(browserErrors).toEqual([expect.stringMatching(/status of 422 .*\/pay\/swish\/orders\//)])
})

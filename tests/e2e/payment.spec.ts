/**
 * Card payments in a real browser (issue #5, items 4 and 5): a guest in Sweden pays on Lumopay's
 * hosted page and lands on the confirmation, which shows the order, drops the completed cart and
 * sends the purchase event once; a refused card leads to the failure page, from which another
 * card pays the same order.
 *
 * The first journey is the shopper's from the checkout page on (the cart is made through the
 * shop's GraphQL endpoint and handed over in the lumo-cart cookie, as the cart feature leaves it);
 * the second places its order through the commerce API and starts at the payment page.
 */
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { expect, message, test, waitForHydration } from './fixtures'
import { fillSwedishCustomer, payWithCard } from './checkout-helpers'
import { HARNESS_API_KEY } from '../../scripts/harness/production-server'

/** The suite's server's key (E2E_API_KEY when the suite runs against a server started elsewhere). */
const API_KEY = process.env.E2E_API_KEY ?? HARNESS_API_KEY
/** Seeded Swedish options: shipping 3, card 3. */
const SE = { shipping: 3, card: 3 }
const SKU = FIXTURE_PRODUCTS.satinDress.skus.inStock

interface PlacedOrder {
  cartId: string
  orderId: string
  publicId: string
  redirectUrl: string
  email: string
}

async function gql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const response = await request.post('/graphql', {
    headers: { 'x-apikey': API_KEY, 'content-type': 'application/json' },
    data: { query, variables: { marketId: 'se', languageId: 'sv-SE', channelId: '1|se', ...variables } },
  })
  expect(response.status()).toBe(200)
  const body = (await response.json()) as { data?: T; errors?: unknown[] }
  expect(body.errors).toBeUndefined()
  return body.data as T
}

/** A Swedish guest's cart with one dress, placed as a card order whose payment is pending. */
async function placeCardOrder(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<PlacedOrder> {
  const { getCart } = await gql<{ getCart: { id: string } }>(
    request,
    `query ($marketId: String, $languageId: String, $channelId: String) {
      getCart(marketId: $marketId, languageId: $languageId, channelId: $channelId) { id } }`,
    {},
  )
  await gql(
    request,
    `mutation ($id: String!, $skuId: Int!, $marketId: String) {
      addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, marketId: $marketId) { id } }`,
    { id: getCart.id, skuId: SKU },
  )
  const { placeOrder } = await gql<{
    placeOrder: { orderId: string; publicId: string; status: string; redirectUrl: string }
  }>(
    request,
    `mutation ($cartId: String!, $checkout: CheckoutInputType!, $marketId: String, $languageId: String) {
      placeOrder(cartId: $cartId, checkout: $checkout, marketId: $marketId, languageId: $languageId) {
        orderId publicId status redirectUrl } }`,
    {
      cartId: getCart.id,
      checkout: {
        email,
        paymentId: SE.card,
        shippingId: SE.shipping,
        customerType: 'PERSON',
        billingAddress: {
          firstName: 'Astrid',
          lastName: 'Lindqvist',
          addressLine1: 'Drottninggatan 12',
          zip: '11151',
          city: 'Stockholm',
          country: 'SE',
        },
        checkoutUrls: {
          redirectUrl: `${baseURL}/se/sv/checkout/confirm`,
          checkoutPageUrl: `${baseURL}/se/sv/kassan`,
          termsPageUrl: `${baseURL}/se/sv/`,
        },
      },
    },
  )
  expect(placeOrder.status).toBe('pending')
  return { cartId: getCart.id, ...placeOrder, email }
}

/** A Swedish cart with one dress, known to the browser through its cookie (the BFF, as the shop's pages use it). */
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

const sv = (id: string) => message('sv', id)

async function payOnProviderPage(page: Page, cardNumber: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Betala din beställning – Lumo' })).toBeVisible()
  await payWithCard(page, cardNumber)
}

type DataLayer = Record<string, unknown>[]

function dataLayer(page: Page): Promise<DataLayer> {
  return page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? [])
}

async function seriousAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id)
}

test.describe('card payment', () => {
  test('a guest in Sweden buys by card and sees the confirmation', async ({
    page,
    context,
    baseURL,
    browserErrors,
  }) => {
    const email = 'Astrid.Lindqvist@Example.se'
    await swedishCartInBrowser(context, baseURL!)
    await page.goto('/se/sv/kassan')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: sv('page.checkout.title') })).toBeVisible()
    await expect(page.getByText(/Svart satinklänning/).first()).toBeVisible()
    await fillSwedishCustomer(page, email)
    await page.getByRole('radio', { name: /Kortbetalning/ }).check()
    await page.getByRole('checkbox', { name: sv('checkout.terms.accept') }).check()
    await page.getByRole('button', { name: sv('checkout.placeOrder.card') }).click()

    // the provider's own page: its own address, the amount, labelled card fields and the test cards
    await page.waitForURL(/\/pay\/orders\/[0-9a-f-]{36}$/)
    const publicId = new URL(page.url()).pathname.split('/').pop()!
    await expect(page.getByText(/^Att betala: /)).toBeVisible()
    await expect(page.getByRole('cell', { name: '4242 4242 4242 4242' })).toBeVisible()
    await payOnProviderPage(page, '4242 4242 4242 4242')

    await expect(page).toHaveURL(`${baseURL}/se/sv/checkout/confirm?oid=${publicId}`)
    await expect(
      page.getByRole('heading', { level: 1, name: sv('page.checkoutConfirm.title') }),
    ).toBeVisible()
    const number = page.getByRole('heading', { level: 2, name: /^Ordernummer: \d+$/ })
    await expect(number).toBeVisible()
    const orderId = (await number.textContent())!.replace(/\D/g, '')
    await expect(page.getByText('Svart satinklänning')).toBeVisible()
    await expect(page.getByText('Drottninggatan 12').first()).toBeVisible()
    await expect(page.getByText('Kortbetalning')).toBeVisible()
    await waitForHydration(page)

    // the purchase event: article number as item id, the shopper hashed
    await expect
      .poll(async () => (await dataLayer(page)).filter((entry) => entry.event === 'purchase').length)
      .toBe(1)
    const purchase = (await dataLayer(page)).find((entry) => entry.event === 'purchase') as {
      ecommerce: { transaction_id: string; currency: string; items: { item_id: string }[] }
      user_data?: Record<string, string>
    }
    expect(purchase.ecommerce.transaction_id).toBe(orderId)
    expect(purchase.ecommerce.currency).toBe('SEK')
    expect(purchase.ecommerce.items.map((item) => item.item_id)).toEqual([
      FIXTURE_PRODUCTS.satinDress.articleNumber,
    ])
    // no marketing consent here (no tag manager is configured): not even a hash of the e-mail goes
    // into the data layer (with consent: tests/e2e/analytics.spec.ts)
    expect(purchase.user_data).toBeUndefined()
    expect(JSON.stringify(await dataLayer(page))).not.toContain('Lindqvist')

    // the completed cart is gone: the shopper's next cart is a new one
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'lumo-cart'))
      .toBe(false)

    // a reload shows the order again but does not count the purchase twice
    await page.reload()
    await waitForHydration(page)
    await expect(
      page.getByRole('heading', { level: 1, name: sv('page.checkoutConfirm.title') }),
    ).toBeVisible()
    await expect
      .poll(async () => (await dataLayer(page)).some((entry) => entry.event === 'page_data'))
      .toBe(true)
    expect((await dataLayer(page)).filter((entry) => entry.event === 'purchase')).toHaveLength(0)
    expect(browserErrors).toEqual([])
  })

  test('a refused card leads to the failure page; another card pays the same order', async ({
    page,
    request,
    baseURL,
    browserErrors,
  }) => {
    const order = await placeCardOrder(request, baseURL!, 'refused.then.good@example.se')
    await page.goto(order.redirectUrl)
    expect(await seriousAxeViolations(page)).toEqual([])
    await payOnProviderPage(page, '4000 0000 0000 0002')

    await expect(page).toHaveURL(
      `${baseURL}/se/sv/checkout/lumopay-fail?oid=${order.publicId}&reason=card_refused`,
    )
    await expect(
      page.getByRole('heading', { level: 1, name: message('sv', 'page.checkoutFail.title') }),
    ).toBeVisible()
    await expect(page.getByText(message('sv', 'page.checkoutFail.reason.card_refused'))).toBeVisible()
    await expect(page.getByRole('link', { name: message('sv', 'page.checkoutFail.retry') })).toBeVisible()
    await waitForHydration(page)
    expect(await seriousAxeViolations(page)).toEqual([])

    await page.getByRole('link', { name: message('sv', 'page.checkoutFail.tryAgain') }).click()
    await expect(page).toHaveURL(order.redirectUrl)
    await payOnProviderPage(page, '4242424242424242')

    await expect(page).toHaveURL(`${baseURL}/se/sv/checkout/confirm?oid=${order.publicId}`)
    await expect(
      page.getByRole('heading', { level: 1, name: message('sv', 'page.checkoutConfirm.title') }),
    ).toBeVisible()
    await expect(page.getByRole('heading', { name: `Ordernummer: ${order.orderId}` })).toBeVisible()
    expect(browserErrors).toEqual([])
  })
})

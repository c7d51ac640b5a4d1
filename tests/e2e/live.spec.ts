/**
 * Live updates in a real browser (issue #13 item 2, docs/adr/0036-live-updates.md): a shopper
 * looking at a product page sees its last size sell out when someone else buys it, without a
 * reload; a signed-in customer's cart follows them from one device to another.
 *
 * The sold-out size belongs to a generated product of the seed (never one of the fixture
 * products other suites count on): the first one with a size that has only a few units, all of
 * them real stock (no made-to-order, no static stock), so that one order takes the last.
 */
import { randomUUID } from 'node:crypto'
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { passwordDigest } from '../../src/shared/password-digest'
import { expect, message, test, waitForHydration } from './fixtures'
import { fillCustomer, graphql } from './checkout-helpers'

const fi = (id: string) => message('fi', id)
const CSRF = { 'content-type': 'application/json', 'x-lumo-csrf': '1' }

interface SizeCandidate {
  productId: number
  alias: string
  name: string
  skuId: number
  size: string
  units: number
}

/** A generated product (id > 7) with a size whose few units are all real stock. */
async function productWithLastUnits(request: APIRequestContext): Promise<SizeCandidate> {
  const { products } = await graphql<{
    products: {
      products: {
        productId: number
        alias: string
        name: string
        skus: {
          skuId: number
          name: string
          stockStatus: string
          stock: { inStock: number; oversellable: number; static: number | null }
        }[]
      }[]
    }
  }>(
    request,
    `
      query {
        products(take: 100, skip: 40, languageId: "fi-FI", marketId: "fi") {
          products {
            productId
            alias
            name
            skus {
              skuId
              name
              stockStatus
              stock {
                inStock
                oversellable
                static
              }
            }
          }
        }
      }
    `,
  )
  for (const product of products.products) {
    if (product.productId <= 7) continue
    const sku = product.skus.find(
      (candidate) =>
        candidate.stockStatus === 'FEW_LEFT' &&
        candidate.stock.oversellable === 0 &&
        !candidate.stock.static &&
        candidate.stock.inStock <= 5,
    )
    if (sku) {
      return {
        productId: product.productId,
        alias: product.alias,
        name: product.name,
        skuId: sku.skuId,
        size: sku.name,
        units: sku.stock.inStock,
      }
    }
  }
  throw new Error('The seed has no generated product with a few units left of a size')
}

/** Resolves when the page's live connection has received its first result. */
function firstLiveResult(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/api/graphql')) return
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"type":"next"')) resolve()
      })
    })
  })
}

const sizes = (page: Page) => page.getByRole('radiogroup', { name: fi('product.size.choose') })
const size = (page: Page, label: string) =>
  sizes(page).getByRole('radio', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) })

/** Buys `quantity` of a size by invoice in this browser context, through the checkout page. */
async function buy(context: BrowserContext, baseURL: string, skuId: number, quantity: number): Promise<void> {
  const { getCart } = await graphql<{ getCart: { id: string } }>(
    context.request,
    'query { getCart(marketId: "fi") { id } }',
  )
  await graphql(
    context.request,
    'mutation ($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item, marketId: "fi") { id } }',
    { id: getCart.id, item: { skuId, quantity } },
  )
  await context.addCookies([{ name: 'lumo-cart', value: getCart.id, url: baseURL }])
  const page = await context.newPage()
  await page.goto('/fi/kassa')
  await waitForHydration(page)
  await fillCustomer(page, `ostaja-${randomUUID().slice(0, 8)}@example.com`)
  await page.getByRole('radio', { name: /Lasku/ }).check()
  await page.getByLabel(fi('checkout.personalId')).fill('131052-308T')
  await page.getByRole('checkbox', { name: fi('checkout.terms.accept') }).check()
  await page.getByRole('button', { name: fi('checkout.placeOrder') }).click()
  await page.waitForURL(/\/fi\/checkout\/confirm\?oid=[0-9a-f-]{36}$/)
}

function cartButtonName(count: number): string {
  if (count === 0) return 'Ostoskori, tyhjä'
  return count === 1 ? 'Ostoskori, 1 tuote' : `Ostoskori, ${count} tuotetta`
}

function cartButton(page: Page, count: number) {
  return page
    .getByRole('navigation', { name: fi('nav.userLabel') })
    .getByRole('button', { name: cartButtonName(count), exact: true })
}

/** A session call, answered with `status` (registration answers 202 for every e-mail, ADR 0067). */
async function sessionPost(
  request: APIRequestContext,
  endpoint: string,
  data: Record<string, unknown>,
  status = 200,
) {
  const response = await request.post(`/api/session/${endpoint}`, { headers: CSRF, data })
  expect(response.status()).toBe(status)
}

test.describe('live updates', () => {
  test("a size sold out in another browser changes on this one's product page without a reload", async ({
    page,
    browser,
    baseURL,
    browserErrors,
  }) => {
    const candidate = await productWithLastUnits(page.request)
    const live = firstLiveResult(page)
    await page.goto(`/fi/p/${candidate.alias}`)
    await waitForHydration(page)
    await expect(size(page, candidate.size)).toHaveAccessibleName(
      `${candidate.size} ${fi('product.stock.fewLeft')}`,
    )
    // the page is following the product's stock
    await live

    const buyer = await browser.newContext()
    try {
      await buy(buyer, baseURL!, candidate.skuId, candidate.units)
    } finally {
      await buyer.close()
    }

    await expect(size(page, candidate.size)).toHaveAccessibleName(
      `${candidate.size} ${fi('product.stock.outOfStock')}`,
    )
    // the same document: nothing was reloaded
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1)
    expect(browserErrors).toEqual([])
  })

  test("a customer's cart follows them from one device to another", async ({ browser, baseURL }) => {
    const email = `laitteet-${randomUUID().slice(0, 8)}@example.com`
    const password = await passwordDigest('Salasana-123')
    const laptop = await browser.newContext({ baseURL: baseURL! })
    const phone = await browser.newContext({ baseURL: baseURL! })
    try {
      // registration answers 202 alike for every e-mail; each device then logs in (ADR 0067)
      await sessionPost(laptop.request, 'register', { username: email, password, rememberMe: true }, 202)
      await sessionPost(laptop.request, 'login', { username: email, password, rememberMe: true })
      await sessionPost(phone.request, 'login', { username: email, password, rememberMe: true })

      const phonePage = await phone.newPage()
      const phoneLive = new Promise<void>((resolve) => {
        phonePage.on('websocket', (socket) => {
          if (!socket.url().endsWith('/api/graphql')) return
          socket.on('framesent', (frame) => {
            if (String(frame.payload).includes('cartChanged')) resolve()
          })
        })
      })
      await phonePage.goto('/fi/')
      await waitForHydration(phonePage)
      await expect(cartButton(phonePage, 0)).toBeVisible()
      // the phone has asked to follow the customer's cart
      await phoneLive

      // on the laptop the customer puts a dress in the cart through the product page
      const laptopPage = await laptop.newPage()
      await laptopPage.goto('/fi/p/musta-satiinimekko-lumo-studio-1')
      await waitForHydration(laptopPage)
      await size(laptopPage, '42').click()
      await laptopPage.getByRole('button', { name: fi('product.addToCart') }).click()
      await expect(cartButton(laptopPage, 1)).toBeAttached()

      // the phone shows it without a reload
      await expect(cartButton(phonePage, 1)).toBeVisible()
      const laptopCart = (await laptop.cookies()).find((cookie) => cookie.name === 'lumo-cart')?.value
      expect(laptopCart).toBeTruthy()
      await expect
        .poll(async () => (await phone.cookies()).find((cookie) => cookie.name === 'lumo-cart')?.value)
        .toBe(laptopCart)
    } finally {
      await laptop.close()
      await phone.close()
    }
  })
})

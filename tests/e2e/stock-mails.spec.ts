/**
 * Back-in-stock and newsletter mails end to end (issue #11 items 5–6, docs/adr/0031-stock-mails.md):
 * a size sells out (set through the admin API), a shopper asks to be told on the product page,
 * stock arrives, exactly one e-mail goes out and its unsubscribe link works; a newsletter
 * subscriber confirms from the e-mail and gets a welcome code the cart accepts.
 * The product is the new blouse, which no other suite changes.
 */
import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { adminApi } from './admin'
import { graphql, SKU as STATIC_STOCK_SKU } from './checkout-helpers'
import { expect, message, test, waitForHydration } from './fixtures'
import { linkIn, rawMailsTo } from './outbox'

const fi = (id: string) => message('fi', id)
const BLOUSE_ID = FIXTURE_PRODUCTS.newBlouse.productId

interface Blouse {
  alias: string
  name: string
  skus: { skuId: number; name: string; stock: { inStock: number } }[]
}

async function blouse(request: APIRequestContext): Promise<Blouse> {
  const { product } = await graphql<{ product: Blouse }>(
    request,
    'query ($id: Int) { product(productId: $id) { alias name skus { skuId name stock { inStock } } } }',
    { id: BLOUSE_ID },
  )
  return product
}

test('a sold-out size: the shopper asks, stock arrives, one e-mail with a working unsubscribe link', async ({
  page,
  browserErrors,
}) => {
  const admin = adminApi()
  const product = await blouse(page.request)
  const sku = product.skus[0]!
  const sold = await admin<{ quantity: number }>('POST', '/stock', { skuId: sku.skuId, quantity: 0 })
  expect(sold.quantity).toBe(0)

  await page.goto(`/fi/p/${product.alias}`)
  await waitForHydration(page)
  const sizes = page.getByRole('radiogroup', { name: fi('product.size.choose') })
  await sizes.getByRole('radio', { name: new RegExp(`^${sku.name}\\b`) }).check()
  const email = `palaa-${randomUUID().slice(0, 8)}@example.com`
  await page.getByRole('textbox', { name: fi('product.notify.email') }).fill(email)
  await page.getByRole('button', { name: fi('product.notify.submit') }).click()
  await expect(page.getByRole('status').filter({ hasText: fi('product.notify.subscribed') })).toBeVisible()

  const arrived = await admin<{ backInStockMails: number }>('POST', '/stock', {
    skuId: sku.skuId,
    quantity: 8,
  })
  expect(arrived.backInStockMails).toBeGreaterThanOrEqual(1)
  // the mail service sends queued mails every few seconds
  await expect.poll(async () => (await rawMailsTo(email)).length, { timeout: 20_000 }).toBe(1)
  // more stock later sends nothing more
  const more = await admin<{ backInStockMails: number }>('POST', '/stock', { skuId: sku.skuId, quantity: 9 })
  expect(more.backInStockMails).toBe(0)

  const mail = (await rawMailsTo(email))[0]!
  expect(mail).toContain(`/fi/p/${product.alias}`)
  expect(mail).toMatch(/^List-Unsubscribe:/m)
  const unsubscribe = linkIn(mail, '/newsletter/unsubscribe?token=')
  expect(unsubscribe).not.toBeNull()
  await page.goto(unsubscribe!)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: fi('page.unsubscribe.title') })).toBeVisible()
  await expect(
    page.getByRole('status').filter({ hasText: fi('mailLink.unsubscribe.backInStock') }),
  ).toBeVisible()

  // a tampered link says so
  await page.goto(
    unsubscribe!.replace(
      /token=([^.]+)\.(.)/,
      (_all, body: string, first: string) => `token=${body}.${first === 'A' ? 'B' : 'A'}`,
    ),
  )
  await waitForHydration(page)
  await expect(page.getByRole('status').filter({ hasText: fi('mailLink.unsubscribe.invalid') })).toBeVisible()
  expect(await rawMailsTo(email)).toHaveLength(1)
  expect(browserErrors).toEqual([])
})

test('newsletter: subscribe, confirm from the e-mail, the welcome code works in the cart', async ({
  page,
  browserErrors,
}) => {
  await page.goto('/fi/')
  await waitForHydration(page)
  const email = `uutiset-${randomUUID().slice(0, 8)}@example.com`
  await page.getByRole('textbox', { name: fi('newsletter.email') }).fill(email)
  await page.getByRole('button', { name: fi('newsletter.subscribe') }).click()
  await expect(
    page.getByRole('status').filter({ hasText: fi('newsletter.subscribed').split('{')[0]!.trim() }),
  ).toBeVisible()

  await expect.poll(async () => (await rawMailsTo(email)).length, { timeout: 20_000 }).toBe(1)
  const confirm = linkIn((await rawMailsTo(email))[0]!, '/newsletter/confirm?token=')
  expect(confirm).not.toBeNull()
  await page.goto(confirm!)
  await waitForHydration(page)
  await expect(
    page.getByRole('heading', { level: 1, name: fi('page.newsletterConfirm.title') }),
  ).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: fi('mailLink.confirm.done') })).toBeVisible()

  await expect.poll(async () => (await rawMailsTo(email)).length, { timeout: 20_000 }).toBe(2)
  const welcome = (await rawMailsTo(email))[1]!
  const code = /\bWELCOME-[A-Z0-9]{10}\b/.exec(welcome)?.[0]
  expect(code).toBeDefined()
  expect(linkIn(welcome, '/newsletter/unsubscribe?token=')).not.toBeNull()

  // the cart accepts the code (15 % off)
  const { getCart } = await graphql<{ getCart: { id: string } }>(page.request, 'query { getCart { id } }')
  await graphql(
    page.request,
    'mutation ($id: String!, $skuId: Int!) { addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }) { id } }',
    { id: getCart.id, skuId: STATIC_STOCK_SKU },
  )
  const { setCartPromoCode } = await graphql<{
    setCartPromoCode: {
      promoCode: string
      summary: { total: { discountIncVat: number; isDiscounted: boolean } }
    }
  }>(
    page.request,
    'mutation ($id: String!, $code: String!) { setCartPromoCode(id: $id, promoCode: $code) { promoCode summary { total { discountIncVat isDiscounted } } } }',
    { id: getCart.id, code: code! },
  )
  expect(setCartPromoCode.promoCode).toBe(code)
  expect(setCartPromoCode.summary.total.discountIncVat).toBeCloseTo(
    (FIXTURE_PRODUCTS.satinDress.regularPrice.fi * 0.15) / 100,
    1,
  )

  // following the confirm link again changes nothing and says so
  await page.goto(confirm!)
  await waitForHydration(page)
  await expect(page.getByRole('status').filter({ hasText: fi('mailLink.confirm.already') })).toBeVisible()
  expect(await rawMailsTo(email)).toHaveLength(2)
  expect(browserErrors).toEqual([])
})

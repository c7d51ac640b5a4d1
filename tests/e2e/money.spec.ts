/**
 * The money rows a shopper reads add up, and say the same on every page of the journey (issue
 * #27, part 1): a campaign product and a promotion code, in Finland (invoice) and Sweden (card).
 * The rows are read off the checkout, the confirmation page and the order e-mail; on each the
 * total is the sum of the rows above it, and the three agree.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { fillSwedishCustomer, graphql, payWithCard } from './checkout-helpers'
import { expect, message, test, waitForHydration } from './fixtures'
import { mailsTo } from './outbox'

interface Row {
  kind: string
  label: string
  amount: number
}

/** The rows of the money block in `scope`: their kind, label and signed amount in minor units. */
async function moneyRows(page: Page, scope: string): Promise<Row[]> {
  const block = page.locator(scope)
  await expect(block.locator('[data-money-row="total"]')).toBeVisible()
  return block.locator('[data-money-row]').evaluateAll((rows) =>
    rows.map((row) => ({
      kind: (row as HTMLElement).dataset['moneyRow'] ?? '',
      label: row.querySelector('dt')?.textContent ?? '',
      amount: Number((row as HTMLElement).dataset['amount']),
    })),
  )
}

function expectRowsAddUp(rows: Row[]) {
  let running = 0
  for (const row of rows) {
    if (row.kind === 'total' || row.kind === 'toPay') expect(row.amount).toBe(running)
    else running += row.amount
  }
}

/** A cart in `market` with a campaign product (a size that is in stock) and a promotion code. */
async function campaignCart(context: BrowserContext, baseURL: string, market: string): Promise<string> {
  const { product } = await graphql<{
    product: { skus: { skuId: number; stock: { inStock: number } }[] }
  }>(
    context.request,
    'query ($id: Int, $m: String) { product(productId: $id, marketId: $m) { skus { skuId stock { inStock } } } }',
    {
      id: FIXTURE_PRODUCTS.campaignDress.productId,
      m: market,
    },
  )
  const sku = product.skus.find((candidate) => candidate.stock.inStock > 0)
  expect(sku, 'the campaign dress has a size in stock').toBeDefined()
  const { getCart } = await graphql<{ getCart: { id: string } }>(
    context.request,
    'query ($m: String) { getCart(marketId: $m) { id } }',
    { m: market },
  )
  await graphql(
    context.request,
    'mutation ($id: String!, $skuId: Int!, $m: String) { addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, marketId: $m) { id } }',
    { id: getCart.id, skuId: sku!.skuId, m: market },
  )
  await graphql(
    context.request,
    'mutation ($id: String!, $m: String) { setCartPromoCode(id: $id, promoCode: "WELCOME15", marketId: $m) { id } }',
    { id: getCart.id, m: market },
  )
  await context.addCookies([{ name: 'lumo-cart', value: getCart.id, url: baseURL }])
  return getCart.id
}

/** The mail's `label: amount` lines for the rows, in the order the page showed them. */
function mailLines(text: string, rows: Row[]): string[] {
  const plain = text.replace(/\u00a0/g, ' ')
  return rows.map((row) => {
    const line = plain.split('\n').find((candidate) => candidate.startsWith(`${row.label}: `))
    expect(line, `the mail has a ${row.kind} row "${row.label}"`).toBeDefined()
    return line!
  })
}

test.describe('money rows on the journey', () => {
  test('Finland, invoice: checkout, confirmation and mail show the same rows, adding up', async ({
    page,
    context,
    baseURL,
  }) => {
    const fi = (id: string) => message('fi', id)
    const email = `rahat.${Date.now()}@example.fi`
    await campaignCart(context, baseURL!, 'fi')
    await page.goto('/fi/kassa')
    await waitForHydration(page)
    await page.getByLabel(fi('checkout.email')).fill(email)
    await page.getByLabel(fi('checkout.firstName')).fill('Maija')
    await page.getByLabel(fi('checkout.lastName')).fill('Virtanen')
    await page.getByLabel(fi('checkout.address')).fill('Mannerheimintie 1')
    await page.getByLabel(fi('checkout.zip')).fill('00100')
    await page.getByLabel(fi('checkout.city')).fill('Helsinki')
    await page.getByLabel(fi('checkout.phone')).fill('+358 40 123 4567')
    await page.getByRole('radio', { name: /Lasku/ }).check()
    // an invoice needs the buyer's personal id
    await page.getByLabel(fi('checkout.personalId')).fill('131052-308T')
    await expect(page.locator('.checkout-totals [data-money-row="paymentFee"]')).toBeVisible()
    const checkout = await moneyRows(page, '.checkout-totals')
    expect(checkout.map((row) => row.kind)).toEqual([
      'products',
      'promotionCode',
      'shipping',
      'paymentFee',
      'total',
    ])
    expectRowsAddUp(checkout)
    // the campaign price is in the lines and told as savings, not subtracted a second time
    await expect(page.locator('.checkout-totals .money__savings')).toBeVisible()

    await page.getByRole('checkbox', { name: fi('checkout.terms.accept') }).check()
    await page.getByRole('button', { name: fi('checkout.placeOrder') }).click()
    await page.waitForURL(/\/fi\/checkout\/confirm\?oid=/)
    const confirmation = await moneyRows(page, '.receipt__money')
    expect(confirmation).toEqual(checkout)

    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBeGreaterThan(0)
    const [mail] = await mailsTo(email)
    const lines = mailLines(mail!.text, checkout)
    const shown = await page.locator('.receipt__money [data-money-row] dd').allTextContents()
    expect(lines).toEqual(
      checkout.map((row, index) => `${row.label}: ${shown[index]!.replace(/\u00a0/g, ' ')}`),
    )
  })

  test('Sweden, card: checkout, confirmation and mail show the same rows, adding up', async ({
    page,
    context,
    baseURL,
  }) => {
    const sv = (id: string) => message('sv', id)
    const email = `pengar.${Date.now()}@example.se`
    await campaignCart(context, baseURL!, 'se')
    await page.goto('/se/sv/kassan')
    await waitForHydration(page)
    await fillSwedishCustomer(page, email)
    await page.getByRole('radio', { name: /Kortbetalning/ }).check()
    const checkout = await moneyRows(page, '.checkout-totals')
    expect(checkout.map((row) => row.kind).slice(0, 2)).toEqual(['products', 'promotionCode'])
    expectRowsAddUp(checkout)

    await page.getByRole('checkbox', { name: sv('checkout.terms.accept') }).check()
    await page.getByRole('button', { name: sv('checkout.placeOrder.card') }).click()
    await page.waitForURL(/\/pay\/orders\/[0-9a-f-]{36}$/)
    await payWithCard(page, '4242 4242 4242 4242')
    await page.waitForURL(/\/se\/sv\/checkout\/confirm\?oid=/)
    const confirmation = await moneyRows(page, '.receipt__money')
    expect(confirmation).toEqual(checkout)

    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBeGreaterThan(0)
    const [mail] = await mailsTo(email)
    const lines = mailLines(mail!.text, checkout)
    const shown = await page.locator('.receipt__money [data-money-row] dd').allTextContents()
    expect(lines).toEqual(
      checkout.map((row, index) => `${row.label}: ${shown[index]!.replace(/\u00a0/g, ' ')}`),
    )
  })
})

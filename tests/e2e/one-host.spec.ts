/**
 * One host for a shopper's journey (issue 27 part 5, ADR 0057) in a real browser. The suite starts
 * its own production server without PUBLIC_URL, as `npm start` runs on a developer's machine,
 * and the shopper opens it at http://127.0.0.1:PORT: the card payment goes to 127.0.0.1's /pay
 * page and back to 127.0.0.1's confirmation, where the shopper's cookies are, and the order mail
 * links to 127.0.0.1. Before, the shopper was sent to http://localhost:PORT/pay/… and back to
 * localhost, where the cart and the confirmation's cookies did not exist.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { startProductionServer, type ProductionServer } from '../../scripts/harness/production-server'
import { expect, message, test, waitForHydration } from './fixtures'
import { cartInBrowser, fillCustomer } from './checkout-helpers'

const fi = (id: string) => message('fi', id)

let shop: ProductionServer

test.beforeAll(async () => {
  test.setTimeout(240_000)
  // an empty value is no value: the server runs without PUBLIC_URL
  shop = await startProductionServer({ name: 'e2e-one-host', seedProducts: 40, env: { PUBLIC_URL: '' } })
})

test.afterAll(async () => {
  await shop?.stop()
})

test('a shopper at 127.0.0.1 pays by card and stays on 127.0.0.1 to the confirmation', async ({
  browser,
  browserErrors,
}) => {
  const origin = shop.baseUrl
  expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  const context = await browser.newContext({ baseURL: origin })
  const page = await context.newPage()
  const visited: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).origin)
  })

  await cartInBrowser(context, origin)
  await page.goto('/fi/kassa')
  await waitForHydration(page)
  await expect(page.getByText(/Musta satiinimekko/).first()).toBeVisible()
  const email = 'yksi.osoite@example.fi'
  await fillCustomer(page, email)
  await page.getByRole('radio', { name: /Korttimaksu/ }).check()
  await page.getByRole('checkbox', { name: fi('checkout.terms.accept') }).check()
  await page.getByRole('button', { name: fi('checkout.placeOrder.card') }).click()

  // the hosted payment page on the shopper's own host
  await page.waitForURL(/\/pay\/orders\/[0-9a-f-]{36}$/)
  expect(new URL(page.url()).origin).toBe(origin)
  const publicId = new URL(page.url()).pathname.split('/').pop()!
  await page.getByRole('textbox', { name: fi('lumopay.cardNumber') }).fill('4242 4242 4242 4242')
  await page.getByRole('textbox', { name: fi('lumopay.expiry') }).fill('12/35')
  await page.getByLabel(fi('lumopay.cvc')).fill('123')
  await page.getByRole('button', { name: /^Maksa / }).click()

  // back on 127.0.0.1: the confirmation finds the shopper's order and empties their cart
  await expect(page).toHaveURL(`${origin}/fi/checkout/confirm?oid=${publicId}`)
  await expect(page.getByRole('heading', { level: 1, name: fi('page.checkoutConfirm.title') })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: /^Tilausnumero: \d+$/ })).toBeVisible()
  await waitForHydration(page)
  await expect
    .poll(async () => (await context.cookies(origin)).some((cookie) => cookie.name === 'lumo-cart'))
    .toBe(false)
  expect(new Set(visited)).toEqual(new Set([origin]))

  // the order mail, in the server's outbox, links to the same host
  const outbox = path.join(shop.dataDir, 'outbox')
  mkdirSync(outbox, { recursive: true })
  const confirmationMail = () => {
    const file = readdirSync(outbox).find((name) => name.endsWith('-confirmation.eml'))
    return file ? readFileSync(path.join(outbox, file), 'utf8') : ''
  }
  await expect.poll(confirmationMail).toContain(`${origin}`)
  expect(confirmationMail()).not.toContain('localhost')

  await context.close()
  expect(browserErrors).toEqual([])
})

/**
 * Digital returns end to end (issue #11 item 4, docs/adr/0030-returns.md): a guest's order is
 * shipped and delivered by the shop's people (admin API); the guest registers a return at the
 * register-return page with the order number and e-mail, gets the e-mail with the instructions;
 * the shop receives the return (admin API) and the refund shows on the order and in the e-mail.
 */
import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { adminApi } from './admin'
import { graphql, SKU } from './checkout-helpers'
import { expect, message, test, waitForHydration } from './fixtures'
import { mailsTo } from './outbox'

const fi = (id: string) => message('fi', id)

/** WCAG 2.1 A/AA violations on the page as it is now (as tests/e2e/accessibility.spec.ts checks). */
async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}

test.describe('digital returns', () => {
  test('a guest registers a return for a delivered order; the shop receives and refunds it', async ({
    page,
    context,
    browserErrors,
  }) => {
    const email = `palauttaja-${randomUUID().slice(0, 8)}@example.com`
    // the guest's invoice order, placed through the shop's own GraphQL endpoint
    const { getCart } = await graphql<{ getCart: { id: string } }>(
      context.request,
      'query { getCart(marketId: "fi") { id } }',
    )
    await graphql(
      context.request,
      'mutation ($id: String!, $skuId: Int!) { addToCart(id: $id, item: { skuId: $skuId, quantity: 2 }, marketId: "fi") { id } }',
      { id: getCart.id, skuId: SKU },
    )
    const { placeOrder } = await graphql<{ placeOrder: { orderId: string } }>(
      context.request,
      `
        mutation ($cartId: String!, $checkout: CheckoutInputType!) {
          placeOrder(cartId: $cartId, checkout: $checkout, marketId: "fi") {
            orderId
          }
        }
      `,
      {
        cartId: getCart.id,
        checkout: {
          email,
          paymentId: 2,
          shippingId: 1,
          identityNumber: '131052-308T',
          billingAddress: {
            firstName: 'Paula',
            lastName: 'Palauttaja',
            addressLine1: 'Mannerheimintie 1',
            zip: '00100',
            city: 'Helsinki',
          },
        },
      },
    )
    const orderNumber = placeOrder.orderId

    // the shop ships and the carrier delivers: the return window starts
    const admin = adminApi()
    await admin('POST', `/orders/${orderNumber}/ship`, { carrier: 'posti', trackingNumber: 'JJFI64512300' })
    await admin('POST', `/orders/${orderNumber}/deliver`, {})
    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.subject))
      .toContain(`Tilauksesi ${orderNumber} on matkalla`)

    // the guest finds the order: a wrong e-mail is refused, the right one opens it
    await page.goto('/fi/rekisteröi-palautus')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: fi('page.registerReturn.title') })).toBeVisible()
    await page.getByLabel(fi('returns.find.orderNumber')).fill(orderNumber)
    await page.getByLabel(fi('checkout.email')).fill('joku.muu@example.com')
    await page.getByRole('button', { name: fi('returns.find.submit') }).click()
    await expect(page.getByRole('alert')).toHaveText(fi('returns.error.notFound'))
    await page.getByLabel(fi('checkout.email')).fill(email)
    await page.getByRole('button', { name: fi('returns.find.submit') }).click()
    await expect(page.getByRole('heading', { name: `Tilaus ${orderNumber}` })).toBeVisible()

    // one of the two dresses, too small
    const item = page.getByRole('group', { name: /Musta satiinimekko/ })
    await item.getByRole('checkbox', { name: 'Palauta Musta satiinimekko' }).check()
    await expect(item.getByLabel(fi('returns.choose.quantity')).locator('option')).toHaveCount(2)
    expect(await wcagViolations(page)).toEqual([])
    await page.getByRole('button', { name: fi('returns.choose.submit') }).click()
    await expect(page.getByRole('alert')).toHaveText(fi('returns.error.reason'))
    await item.getByLabel(fi('returns.choose.reason')).selectOption({ label: fi('returns.reason.too-small') })
    await page.getByRole('button', { name: fi('returns.choose.submit') }).click()
    const returnNumber = `R${orderNumber}-1`
    await expect(page.getByText(`Palautus ${returnNumber} on rekisteröity.`)).toBeVisible()
    const registered = page.locator(`[data-return-number="${returnNumber}"]`)
    await expect(registered).toContainText(fi('returns.status.registered'))
    await expect(registered).toContainText(fi('returns.reason.too-small'))

    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.subject))
      .toContain(`Palautus ${returnNumber} on rekisteröity`)
    const instructions = (await mailsTo(email)).find((mail) => mail.subject.includes(returnNumber))!
    expect(instructions.text).toContain(`kirjoita palautusnumero ${returnNumber} pakettiin`)
    expect(instructions.text).toMatch(/1 × Lumo Studio Musta satiinimekko.* – Liian pieni/)

    // the shop receives the dress and refunds it to the invoice
    const received = await admin<{ status: string; refundTotal: number }>(
      'POST',
      `/returns/${returnNumber}/receive`,
      {},
    )
    expect(received).toMatchObject({ status: 'refunded', refundTotal: 59.95 })

    // the guest sees the refund on the order...
    await page.reload()
    await waitForHydration(page)
    await page.getByLabel(fi('returns.find.orderNumber')).fill(orderNumber)
    await page.getByLabel(fi('checkout.email')).fill(email)
    await page.getByRole('button', { name: fi('returns.find.submit') }).click()
    const refunded = page.locator(`[data-return-number="${returnNumber}"]`)
    await expect(refunded).toContainText(fi('returns.status.refunded'))
    await expect(refunded).toContainText(/Hyvitetty 59,95\s€ alkuperäiselle maksutavalle/)
    // ...and the other dress can still be returned
    await expect(
      page.getByRole('group', { name: /Musta satiinimekko/ }).getByLabel(fi('returns.choose.quantity')),
    ).toHaveCount(0)
    await page.getByRole('checkbox', { name: 'Palauta Musta satiinimekko' }).check()
    await expect(page.getByLabel(fi('returns.choose.quantity')).locator('option')).toHaveCount(1)

    // ...and in the e-mail
    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.subject))
      .toContain(`Palautus ${returnNumber} on hyvitetty`)
    const refundMail = (await mailsTo(email)).find((mail) => mail.subject.includes('hyvitetty'))!
    expect(refundMail.text).toMatch(/hyvitimme 59,95\s€ hyvityksenä laskullesi/)
    expect(browserErrors).toEqual([])
  })
})

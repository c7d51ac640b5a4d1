/**
 * The checkout in a real browser (issue #5 items 2 and 3): a guest with a cart buys by invoice in
 * Finland, from the empty-form errors to the order being placed and the confirmation page; a
 * blacklisted customer is stopped with the checkout's message; a zip without delivery says so.
 * The cart is made through the shop's own GraphQL endpoint and handed to the browser in the
 * lumo-cart cookie, the way the cart feature leaves it.
 */
import AxeBuilder from '@axe-core/playwright'
import {
  FIXTURE_CUSTOMERS,
  FIXTURE_EMAIL_RULES,
  FIXTURE_NO_DELIVERY_ZIP,
  FIXTURE_PRODUCTS,
} from '../../server/db/seed/fixtures'
import { passwordDigest } from '../../src/shared/password-digest'
import { cartInBrowser, fillCustomer, graphql, openCheckout } from './checkout-helpers'
import { resetLinkFor } from './outbox'
import { expect, message, test, waitForHydration } from './fixtures'

const fi = (id: string) => message('fi', id)

test.describe('checkout in Finland', () => {
  test('a guest buys by invoice and lands on the confirmation page', async ({
    page,
    context,
    baseURL,
    browserErrors,
  }) => {
    const cartId = await cartInBrowser(context, baseURL!)
    await openCheckout(page)

    // An empty form: every error on its field, the summary message, focus on the first field.
    await page.getByRole('button', { name: fi('checkout.placeOrder.card') }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: fi('validation.checkout.allFields') }),
    ).toBeVisible()
    const email = page.getByLabel(fi('checkout.email'))
    await expect(email).toBeFocused()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription(fi('validation.required'))
    await expect(
      page.getByRole('checkbox', { name: fi('checkout.terms.accept') }),
    ).toHaveAccessibleDescription(fi('validation.checkout.terms'))
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

    // Wrong values get the spec's messages.
    await email.fill('matti@')
    await email.blur()
    await expect(email).toHaveAccessibleDescription(fi('validation.email'))

    await fillCustomer(page, 'matti.meikalainen@example.com')
    await page.getByRole('radio', { name: /Lasku/ }).check()
    // invoice needs the personal id: a wrong check character is refused
    const personalId = page.getByLabel(fi('checkout.personalId'))
    await personalId.fill('131052-308A')
    await personalId.blur()
    await expect(personalId).toHaveAccessibleDescription(
      new RegExp(fi('validation.personalId').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    )
    await personalId.fill('131052-308T')
    await expect(page.getByRole('radio', { name: /Posti – noutopiste/ })).toBeChecked()
    await page.getByLabel(fi('checkout.message')).fill('Jätä paketti ovelle')
    await page.getByLabel(fi('checkout.entryCode')).fill('A1234')
    await page.getByRole('checkbox', { name: fi('checkout.terms.accept') }).check()
    // the invoice fee is in the summary once invoice is chosen
    await expect(page.getByRole('definition').filter({ hasText: '2,95' })).toBeVisible()

    await page.getByRole('button', { name: fi('checkout.placeOrder') }).click()
    await page.waitForURL(/\/fi\/checkout\/confirm\?oid=[0-9a-f-]{36}$/)
    const publicId = new URL(page.url()).searchParams.get('oid')!
    await expect(
      page.getByRole('heading', { level: 1, name: fi('page.checkoutConfirm.title') }),
    ).toBeVisible()

    const { getOrderPublic } = await graphql<{
      getOrderPublic: {
        email: string
        status: string
        message: string | null
        cart: { items: { quantity: number }[] }
      }
    }>(
      context.request,
      'query ($id: Guid!) { getOrderPublic(publicOrderId: $id) { email status message cart { items { quantity } } } }',
      { id: publicId },
    )
    expect(getOrderPublic).toMatchObject({
      email: 'matti.meikalainen@example.com',
      message: 'Jätä paketti ovelle',
      cart: { items: [{ quantity: 1 }] },
    })
    // the cart became the order: it cannot be ordered again
    const again = await context.request.post('/api/graphql', {
      headers: { 'content-type': 'application/json', 'x-lumo-csrf': '1' },
      data: { query: `query { getCart(id: "${cartId}", marketId: "fi") { id } }` },
    })
    expect(JSON.stringify(await again.json())).toContain('NOT_FOUND')
    expect(browserErrors).toEqual([])
  })

  test("a card order sends the shopper to the provider's page and back to the confirmation", async ({
    page,
    context,
    baseURL,
  }) => {
    await cartInBrowser(context, baseURL!)
    await openCheckout(page)
    await fillCustomer(page, 'liisa.kortti@example.com')
    await expect(page.getByRole('radio', { name: /Korttimaksu/ })).toBeChecked()
    await page.getByRole('checkbox', { name: fi('checkout.terms.accept') }).check()
    await page.getByRole('button', { name: fi('checkout.placeOrder.card') }).click()

    await page.waitForURL(/\/pay\/orders\/[0-9a-f-]{36}$/)
    const publicId = new URL(page.url()).pathname.split('/').at(-1)!
    await page.getByRole('textbox', { name: fi('lumopay.cardNumber') }).fill('4242 4242 4242 4242')
    await page.getByRole('textbox', { name: fi('lumopay.expiry') }).fill('12/35')
    await page.getByLabel(fi('lumopay.cvc')).fill('123')
    await page.getByRole('button', { name: /^Maksa / }).click()
    // the provider returns to the confirmation page the checkout gave it (checkoutUrls.redirectUrl)
    await expect(page).toHaveURL(`${baseURL}/fi/checkout/confirm?oid=${publicId}`)
    await expect(
      page.getByRole('heading', { level: 1, name: fi('page.checkoutConfirm.title') }),
    ).toBeVisible()
  })

  test('a blacklisted customer is stopped with the checkout message', async ({ page, context, baseURL }) => {
    await cartInBrowser(context, baseURL!)
    await openCheckout(page)
    await fillCustomer(page, FIXTURE_EMAIL_RULES.blacklisted.email)
    await page.getByRole('radio', { name: /Korttimaksu/ }).check()
    await page.getByRole('checkbox', { name: fi('checkout.terms.accept') }).check()
    await page.getByRole('button', { name: fi('checkout.placeOrder.card') }).click()

    const alert = page.getByRole('alert').filter({ hasText: fi('checkout.feedback.blacklisted') })
    await expect(alert).toBeVisible()
    await expect(alert).toBeFocused()
    expect(new URL(page.url()).pathname).toBe('/fi/kassa')
    await expect(page.getByRole('button', { name: fi('checkout.placeOrder.card') })).toBeEnabled()
  })

  test('a NOCREDIT customer, logged in, is offered only the payment options they may use', async ({
    page,
    context,
    baseURL,
  }) => {
    // The seeded customer has no password yet: they set one from the reset e-mail, as a real one would.
    const { email } = FIXTURE_CUSTOMERS.noCredit
    await graphql(context.request, 'mutation ($email: String!) { requestPasswordReset(email: $email) }', {
      email,
    })
    await expect.poll(() => resetLinkFor(email), { timeout: 20_000 }).toMatch(/\?key=/)
    const key = new URL((await resetLinkFor(email))!, baseURL).searchParams.get('key')!
    const password = 'Nocredit-salasana-1'
    await graphql(
      context.request,
      'mutation ($key: String!, $password: String!) { commitReset(resetKey: $key, password: $password) }',
      {
        key,
        password: await passwordDigest(password),
      },
    )
    const login = await context.request.post('/api/session/login', {
      headers: { 'content-type': 'application/json', 'x-lumo-csrf': '1' },
      data: { username: email, password: await passwordDigest(password), rememberMe: false },
    })
    expect(login.status()).toBe(200)

    await cartInBrowser(context, baseURL!)
    await page.goto('/fi/kassa')
    await waitForHydration(page)
    await expect(page.getByText(/Musta satiinimekko/)).toBeVisible()
    // the form comes filled from the account, and the options are the customer's own: no invoice
    await expect(page.getByLabel(fi('checkout.email'))).toHaveValue(email)
    await expect(page.getByRole('radio', { name: /Korttimaksu/ })).toBeVisible()
    await expect(page.getByRole('radio', { name: /Lasku/ })).toHaveCount(0)
    await expect(page.getByRole('radio', { name: /Korttimaksu/ })).toBeChecked()
  })

  test("a guest who types a NOCREDIT customer's e-mail learns nothing about that account", async ({
    page,
    context,
    baseURL,
  }) => {
    await cartInBrowser(context, baseURL!)
    await openCheckout(page)
    await page.getByRole('radio', { name: /Lasku/ }).check()
    const email = page.getByLabel(fi('checkout.email'))
    await email.fill(FIXTURE_CUSTOMERS.noCredit.email)
    const refreshed = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/graphql') &&
        (response.request().postData() ?? '').includes(FIXTURE_CUSTOMERS.noCredit.email),
    )
    await email.blur()
    await refreshed
    // the options were asked for again with that e-mail: invoice stays, no status message
    await expect(page.getByRole('radio', { name: /Lasku/ })).toBeChecked()
    await expect(page.getByRole('status').filter({ hasText: fi('checkout.feedback.limited') })).toHaveCount(0)
  })

  test("a quantity changed in the checkout's cart section reaches the order summary", async ({
    page,
    context,
    baseURL,
  }) => {
    await cartInBrowser(context, baseURL!)
    await openCheckout(page)
    const total = page.locator('.checkout-totals [data-money-row="total"] dd')
    await expect(total).toHaveText(/\d/)
    const before = (await total.textContent()) ?? ''
    const name = `${FIXTURE_PRODUCTS.satinDress.brand} ${FIXTURE_PRODUCTS.satinDress.names.fi}`
    await page
      .getByRole('button', { name: message('fi', 'cart.line.increase').replace('{name}', name) })
      .click()
    await expect(
      page.getByRole('group', { name: message('fi', 'cart.line.quantity').replace('{name}', name) }),
    ).toContainText('2')
    await expect(total).not.toHaveText(before)
  })

  test('a zip without delivery has no shipping options', async ({ page, context, baseURL }) => {
    await cartInBrowser(context, baseURL!)
    await openCheckout(page)
    await page.getByLabel(fi('checkout.zip')).fill(FIXTURE_NO_DELIVERY_ZIP.example)
    await expect(
      page.getByRole('status').filter({ hasText: fi('checkout.feedback.noShipping') }),
    ).toBeVisible()
    await expect(page.getByRole('radio', { name: /Posti/ })).toHaveCount(0)
    await page.getByLabel(fi('checkout.zip')).fill('00100')
    await expect(page.getByRole('radio', { name: /Posti – noutopiste/ })).toBeVisible()
  })
})

test.describe('checkout in Denmark', () => {
  const da = (id: string) => message('da', id)

  test('an organisation buys by invoice with its CVR number, in Danish', async ({
    page,
    context,
    baseURL,
    browserErrors,
  }) => {
    await cartInBrowser(context, baseURL!, 'dk')
    await page.goto('/dk/da/kassen')
    await waitForHydration(page)
    await expect(page.getByRole('radio', { name: /Faktura/ })).toBeVisible()

    await page.getByRole('radio', { name: da('checkout.customerType.organization') }).check()
    await page.getByLabel(da('checkout.company')).fill('Lumo ApS')
    const cvr = page.getByLabel(da('checkout.organizationId'))
    await cvr.fill('24256791')
    await cvr.blur()
    await expect(cvr).toHaveAccessibleDescription(da('validation.organizationId'))
    await cvr.fill('24256790')
    await expect(cvr).not.toHaveAttribute('aria-invalid', 'true')

    await page.getByLabel(da('checkout.email')).fill('indkob@lumo-aps.example.com')
    await page.getByLabel(da('checkout.firstName')).fill('Freja')
    await page.getByLabel(da('checkout.lastName')).fill('Jensen')
    await page.getByLabel(da('checkout.address')).fill('Vesterbrogade 1')
    const zip = page.getByLabel(da('checkout.zip'))
    await zip.fill('10500')
    await zip.blur()
    await expect(zip).toHaveAccessibleDescription(da('validation.zip'))
    await zip.fill('1050')
    await page.getByRole('textbox', { name: da('checkout.city'), exact: true }).fill('København K')
    await page.getByLabel(da('checkout.phone')).fill('+45 12 34 56 78')
    await page.getByRole('radio', { name: /Faktura/ }).check()
    await page.getByRole('checkbox', { name: da('checkout.terms.accept') }).check()
    // an organisation sees prices without VAT
    await expect(page.locator('.checkout-totals .money__vat')).toContainText(
      da('money.vatExcluded').split('{amount}')[0]!.trim(),
    )
    await page.getByRole('button', { name: da('checkout.placeOrder') }).click()

    await page.waitForURL(/\/dk\/da\/checkout\/confirm\?oid=[0-9a-f-]{36}$/)
    await expect(
      page.getByRole('heading', { level: 1, name: da('page.checkoutConfirm.title') }),
    ).toBeVisible()
    expect(browserErrors).toEqual([])
  })
})

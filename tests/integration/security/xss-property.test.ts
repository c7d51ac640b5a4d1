/**
 * The XSS property test (issue #15 Tests): every text a shopper can store or reflect — search
 * terms, names, addresses, cart line messages, reviews, return reasons — written with hostile
 * payloads (PAYLOADS, and generated texts around them) and read back on every server-rendered page
 * and in every mail that shows it. Each page is parsed by jsdom: no element or attribute of the
 * payload exists, every script carries the response's CSP nonce, the text is shown as text, and
 * the boot state (the serialised Redux and Apollo state) parses back to the exact strings.
 *
 * The production app as `npm start` wires it (tests/integration/server/production-app.ts); the
 * shopper registers through /api/session and writes through /graphql like the storefront.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { passwordDigest } from '../../../src/shared/password-digest'
import { pathFor, type UrlSettings } from '../../../src/shared/paths'
import { COOKIES } from '../../../src/shared/cookies'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import {
  renderNoticeMail,
  renderOrderConfirmation,
  shopperText,
  type OrderMail,
} from '../../../server/services/mail/render'
import { PRODUCTION_API_KEY, startProductionApp, type ProductionApp } from '../server/production-app'
import { PAYLOADS, hostileText, injectedParts, pageState, stringsIn, textOf } from './hostile-text'
import { registerAndLogInThroughShop } from '../helpers/auth'

const API_KEY = PRODUCTION_API_KEY
const settings: UrlSettings = { mode: 'path', marketDomains: {} }
const FI = { market: 'fi', locale: 'fi' } as const
const SKU = FIXTURE_PRODUCTS.satinDress.skus.inStock

/** The fixed payloads, then generated texts around them (a fixed seed: the same run every time). */
const TEXTS: string[] = [...PAYLOADS, ...fc.sample(hostileText(100), { numRuns: 4, seed: 15 })]

let shop: ProductionApp
let addressCount = 0

beforeAll(async () => {
  shop = await startProductionApp()
}, 300_000)
afterAll(async () => {
  await shop?.close()
})

/** Each request from its own address: the abuse limits per address are tested elsewhere. */
function nextAddress(): string {
  addressCount += 1
  return `198.18.${Math.floor(addressCount / 250) % 250}.${(addressCount % 250) + 1}`
}

interface Page {
  status: number
  html: string
  nonce: string | null
}

async function page(url: string, cookie?: string): Promise<Page> {
  const response = await shop.app.inject({
    method: 'GET',
    url,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextAddress(),
  })
  const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1] ?? null
  return { status: response.statusCode, html: response.body, nonce }
}

/**
 * The page is inert and its boot state parses; `shows`: these texts are on the page as text;
 * `inState`: the state carries them too, unchanged by its escaping.
 */
function expectInert(label: string, result: Page, expected: { shows?: string[]; inState?: string[] } = {}) {
  expect(result.status, label).toBe(200)
  expect(result.nonce, label).toBeTruthy()
  expect(injectedParts(result.html, { nonce: result.nonce }), label).toEqual([])
  const { state: values, alerts } = pageState(result.html)
  expect(alerts, `${label}: the state scripts ran the payload`).toBe(0)
  const state = stringsIn(values)
  const text = textOf(result.html)
  for (const shown of expected.shows ?? []) {
    expect(text, `${label}: shows ${JSON.stringify(shown)} as text`).toContain(shown)
  }
  for (const kept of expected.inState ?? []) {
    expect(
      state.some((value) => value.includes(kept)),
      `${label}: the state holds ${JSON.stringify(kept)}`,
    ).toBe(true)
  }
}

function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
}

interface Shopper {
  email: string
  cookie: string
  token: string
}

async function registerShopper(n: number): Promise<Shopper> {
  const email = `xss-${n}-${Date.now()}@example.fi`
  const response = await registerAndLogInThroughShop(shop.app, {
    headers: { 'x-lumo-csrf': '1' },
    payload: { username: email, password: await passwordDigest('salasana1'), rememberMe: true },
    remoteAddress: nextAddress(),
  })
  expect(response.statusCode).toBe(200)
  const token = response.cookies.find((cookie) => cookie.name === COOKIES.auth)?.value
  expect(token).toBeTruthy()
  return { email, cookie: cookiesOf(response), token: token! }
}

async function gql<T>(shopper: Shopper | null, query: string, variables: Record<string, unknown> = {}) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      'x-apikey': API_KEY,
      ...(shopper ? { authorization: `Bearer ${shopper.token}` } : {}),
    },
    payload: { query, variables },
    remoteAddress: nextAddress(),
  })
  return response.json() as { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }
}

/** What the browser shows of a typed value: trimmed as the API stores it. */
const stored = (text: string) => text.trim()

describe('the check itself', () => {
  it('finds what an unescaped payload would put in a page or a mail', () => {
    const page = (body: string) =>
      `<!doctype html><html><head><script nonce="n">window.__LUMO__=JSON.parse("{}")</script></head><body>${body}</body></html>`
    // (in a body a comment only hides text; inside a script it is caught by the state check)
    const markup = PAYLOADS.filter((payload) => /<\w/.test(payload) && !payload.startsWith('<!--'))
    for (const payload of markup) {
      expect(injectedParts(page(`<p>${payload}</p>`), { nonce: 'n' }), payload).not.toEqual([])
    }
    expect(injectedParts(page('<a href="javascript:alert(1)">x</a>'), { nonce: 'n' })).not.toEqual([])
    expect(injectedParts(page('<p title="x"></p>'), { nonce: 'n' })).toEqual([])
    // a state script that a payload closed early
    expect(() =>
      pageState(page('<script nonce="n">window.__staticRouterHydrationData = "</script>"</script>')),
    ).toThrow()
  })
})

describe('reflected: the search term', () => {
  for (const [index, text] of TEXTS.entries()) {
    it(`search page, term #${index} ${JSON.stringify(text).slice(0, 50)}`, async () => {
      const url = pathFor({ ...FI, settings }, 'search', { search: text })
      const result = await page(url)
      // the term is in the heading, the title and the state; never as markup
      const shown = stored(text) ? [stored(text)] : []
      expectInert(url, result, { shows: shown, inState: shown })
    })
  }
})

describe('stored: names, addresses, line messages and reviews on every page that shows them', () => {
  let products: string[] = []

  beforeAll(async () => {
    const list = await gql<{ products: { products: { alias: string }[] } }>(
      null,
      `{ products(take: 40, languageId: "fi-FI") { products { alias } } }`,
    )
    products = list.data!.products.products.map((product) => product.alias)
  })

  for (const [index, raw] of TEXTS.entries()) {
    it(`text #${index} ${JSON.stringify(raw).slice(0, 50)}`, async () => {
      const text = raw.slice(0, 100)
      const shown = stored(text)
      const shopper = await registerShopper(index)
      const address = {
        firstName: text,
        lastName: text,
        addressLine1: text,
        careOf: text,
        company: text,
        zip: '00100',
        city: text,
        country: 'FI',
      }
      const updated = await gql(
        shopper,
        `mutation ($address: AddressInputType) { updateUser(user: { address: $address }) { id } }`,
        { address },
      )
      expect(updated.errors).toBeUndefined()

      const cart = await gql<{ getCart: { id: string } }>(shopper, `{ getCart { id } }`)
      const cartId = cart.data!.getCart.id
      const added = await gql(
        shopper,
        `mutation ($id: String!, $m: String) { addToCart(id: $id, item: { skuId: ${SKU}, quantity: 1, message: $m }) { id } }`,
        { id: cartId, m: text },
      )
      expect(added.errors).toBeUndefined()
      const placed = await gql<{ placeOrder: { publicId: string; orderId: string } }>(
        shopper,
        `mutation ($cartId: String!, $checkout: CheckoutInputType!) { placeOrder(cartId: $cartId, checkout: $checkout) { publicId orderId } }`,
        {
          cartId,
          checkout: {
            email: shopper.email,
            paymentId: 2,
            shippingId: 1,
            message: text,
            billingAddress: address,
          },
        },
      )
      expect(placed.errors).toBeUndefined()

      const alias = products[index % products.length]!
      const reviewed = await gql(
        shopper,
        `mutation ($alias: String!, $t: String!) { postProductReview(alias: $alias, rating: 4, author: $t, comment: $t) }`,
        { alias, t: text },
      )
      expect(reviewed.errors).toBeUndefined()

      // a return reason is a code of a closed list: a hostile one is refused, never stored
      const returned = await gql(
        shopper,
        `mutation ($r: ReturnInputType!) { registerReturn(return: $r) { returnNumber } }`,
        {
          r: {
            orderNumber: placed.data!.placeOrder.orderId,
            items: [{ itemId: 1, quantity: 1, reasonCode: text }],
          },
        },
      )
      expect(returned.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT')

      const shows = shown ? [shown] : []
      const confirm = `${pathFor({ ...FI, settings }, 'checkout-confirm')}?oid=${placed.data!.placeOrder.publicId}`
      expectInert(`confirmation ${confirm}`, await page(confirm, shopper.cookie), { shows, inState: shows })
      expectInert(
        'account settings',
        await page(pathFor({ ...FI, settings }, 'account-settings'), shopper.cookie),
        { shows, inState: shows },
      )
      expectInert(
        'account orders',
        await page(pathFor({ ...FI, settings }, 'account-orders'), shopper.cookie),
      )
      expectInert(
        `product page ${alias}`,
        await page(`${pathFor({ ...FI, settings }, 'home')}p/${alias}`, shopper.cookie),
        { shows, inState: shows },
      )
    })
  }
})

describe('mails: every shopper text in the HTML body', () => {
  const ORDER: OrderMail = {
    returnWindowDays: 14,
    orderNumber: '1042',
    language: 'fi',
    currency: 'EUR',
    email: 'anna@example.fi',
    firstName: 'Anna',
    rows: [{ name: 'Mekko', brand: 'Lumo', size: 'M', quantity: 1, totalIncVat: 5995 }],
    money: {
      products: 5995,
      campaignSavings: 0,
      codeDiscount: 0,
      code: null,
      shipping: 0,
      paymentFee: 0,
      balance: 0,
      total: 5995,
      vat: 1160,
      vatIncluded: true,
    },
    shippingMethod: 'Posti',
    paymentMethod: 'Lasku',
    shippingAddress: {
      firstName: 'Anna',
      lastName: 'Virtanen',
      addressLine1: 'Katu 1',
      zip: '00100',
      city: 'Helsinki',
    },
    shopUrl: 'https://lumo.example',
  }

  it('the order confirmation shows names, addresses and product texts as text', () => {
    fc.assert(
      fc.property(hostileText(40), hostileText(200), hostileText(100), (name, line, product) => {
        const mail = renderOrderConfirmation({
          ...ORDER,
          firstName: name,
          rows: [{ ...ORDER.rows[0]!, name: product, brand: product, size: product }],
          shippingAddress: {
            firstName: name,
            lastName: name,
            addressLine1: line,
            careOf: line,
            company: line,
            zip: '00100',
            city: name,
          },
        })
        expect(injectedParts(mail.html, { nonce: null })).toEqual([])
        const text = textOf(mail.html)
        // what the mail keeps of a typed value (one line, no links: render.ts shopperText)
        for (const kept of [shopperText(name, 40), shopperText(line)]) if (kept) expect(text).toContain(kept)
        expect(text).toContain(product)
      }),
      { numRuns: 60 },
    )
  })

  it('every other mail (greeting name, texts, listed lines) shows them as text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'back-in-stock',
          'bonus-voucher',
          'loyalty-joined',
          'newsletter-confirm',
          'newsletter-welcome',
          'order-cancelled',
          'order-shipped',
          'password-reset',
          'return-refunded',
          'return-registered',
        ),
        hostileText(40),
        hostileText(100),
        (kind, name, line) => {
          let mail
          try {
            mail = renderNoticeMail({
              kind,
              language: 'fi',
              payload: {
                firstName: name,
                params: { product: line, number: line, code: line },
                lines: [line],
              },
              shopUrl: 'https://lumo.example',
            })
          } catch (error) {
            // a kind without its texts is not a mail this shop sends
            if (String(error).includes('no text')) return
            throw error
          }
          expect(injectedParts(mail.html, { nonce: null })).toEqual([])
          expect(textOf(mail.html)).toContain(line)
        },
      ),
      { numRuns: 60 },
    )
  })
})

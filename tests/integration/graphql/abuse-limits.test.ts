/**
 * The commerce API's abuse limits (issue #15 item 3, findings 6, 9 and 10; ADR 0024): after N
 * attempts from one address (or on one cart) the next answers TOO_MANY_REQUESTS with
 * extensions.retryAfter and HTTP 429 with Retry-After; another address is not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_PRODUCTS, FIXTURE_PROMO_CODES } from '../../../server/db/seed/fixtures'
import { ABUSE_LIMITS } from '../../../server/services/graphql/abuse-limits'
import type { LimitRule } from '../../../server/services/shared/rate-limit'
import { errorCodes, startCommerceApi, type CommerceApi, type GraphQLResponse } from './commerce-harness'

const SKU = FIXTURE_PRODUCTS.satinDress.skus
const GET_CART = `query { getCart(marketId: "fi") { id } }`
const ADD = `mutation ($id: String!, $skuId: Int!, $quantity: Int!) {
  addToCart(id: $id, item: { skuId: $skuId, quantity: $quantity }) { id } }`
const PROMO = `mutation ($id: String!, $code: String!) { setCartPromoCode(id: $id, promoCode: $code) { id promoCode } }`
const NEWSLETTER = `mutation ($email: String!) { subscribeToNewsletter(email: $email) }`
const STOCK = `mutation ($email: String!, $skuId: Int!) { monitorProductAvailability(email: $email, skuId: $skuId) }`
const STOCK_EXTENSION = `mutation ($email: String!, $skuId: Int!) {
  requestStockNotification(email: $email, skuId: $skuId) { ok } }`
const REVIEW = `mutation ($alias: String!) { postProductReview(alias: $alias, rating: 1, author: "A", comment: "Huono") }`
const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId } }`

const checkout = {
  email: 'limits@example.com',
  paymentId: 2,
  shippingId: 1,
  customerType: 'PERSON',
  billingAddress: {
    firstName: 'Matti',
    lastName: 'Meikäläinen',
    addressLine1: 'Mannerheimintie 1',
    zip: '00100',
    city: 'Helsinki',
    country: 'FI',
  },
}

let addressCount = 0
/** A fresh address (TEST-NET-3) per shopper of this file. */
function newAddress(): string {
  addressCount += 1
  return `203.0.113.${addressCount}`
}

function expectLimited(response: GraphQLResponse, rule: LimitRule) {
  expect(errorCodes(response)).toEqual(['TOO_MANY_REQUESTS'])
  const retryAfter = response.errors?.[0]?.extensions?.['retryAfter']
  expect(retryAfter).toEqual(expect.any(Number))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(rule.windowMs / 1000)
  expect(response.status).toBe(429)
  expect(response.retryAfter).toBe(String(retryAfter))
}

describe('abuse limits of the commerce API', () => {
  let api: CommerceApi

  beforeAll(async () => {
    api = await startCommerceApi('pglite')
  })
  afterAll(async () => {
    await api?.close()
  })

  async function cartWith(remoteAddress: string): Promise<string> {
    const created = await api.gql<{ getCart: { id: string } }>(GET_CART, {}, { remoteAddress })
    const id = created.data!.getCart.id
    expect(
      (await api.gql(ADD, { id, skuId: SKU.inStock, quantity: 1 }, { remoteAddress })).errors,
    ).toBeUndefined()
    return id
  }

  /** `limit` allowed attempts, then the next is refused. */
  async function useUp(rule: LimitRule, attempt: (i: number) => Promise<GraphQLResponse>) {
    for (let i = 0; i < rule.limit; i++)
      expect(errorCodes(await attempt(i))).not.toContain('TOO_MANY_REQUESTS')
    expectLimited(await attempt(rule.limit), rule)
  }

  describe('wrong promotion and gift codes (finding 10)', () => {
    it('blocks a cart after 10 wrong codes, even for a right one; another shopper still applies codes', async () => {
      const guesser = newAddress()
      const cartId = await cartWith(guesser)
      const rule = ABUSE_LIMITS.promoFailuresPerCart
      for (let i = 0; i < rule.limit; i++) {
        const wrong = await api.gql(PROMO, { id: cartId, code: `GUESS-${i}` }, { remoteAddress: guesser })
        expect(errorCodes(wrong)).toEqual(['InvalidPromoCode'])
      }
      expectLimited(
        await api.gql(
          PROMO,
          { id: cartId, code: FIXTURE_PROMO_CODES.welcome15.code },
          { remoteAddress: guesser },
        ),
        rule,
      )
      const other = newAddress()
      const applied = await api.gql<{ setCartPromoCode: { promoCode: string } }>(
        PROMO,
        { id: await cartWith(other), code: FIXTURE_PROMO_CODES.welcome15.code },
        { remoteAddress: other },
      )
      expect(applied.errors).toBeUndefined()
      expect(applied.data?.setCartPromoCode.promoCode).toBe('WELCOME15')
    })

    it('blocks an address that spreads its guesses over new carts', async () => {
      const guesser = newAddress()
      const rule = ABUSE_LIMITS.promoFailuresPerAddress
      const carts = [await cartWith(guesser), await cartWith(guesser), await cartWith(guesser)]
      for (let i = 0; i < rule.limit; i++) {
        const wrong = await api.gql(
          PROMO,
          { id: carts[i % 3], code: `GUESS-${i}` },
          { remoteAddress: guesser },
        )
        expect(errorCodes(wrong)).toEqual(['InvalidPromoCode'])
      }
      expectLimited(
        await api.gql(PROMO, { id: await cartWith(guesser), code: 'GUESS-X' }, { remoteAddress: guesser }),
        rule,
      )
    })

    it('does not count right codes, or codes the cart does not yet qualify for', async () => {
      const shopper = newAddress()
      const cartId = await cartWith(shopper)
      for (let i = 0; i < ABUSE_LIMITS.promoFailuresPerCart.limit + 2; i++) {
        const code = i % 2 === 0 ? FIXTURE_PROMO_CODES.welcome15.code : FIXTURE_PROMO_CODES.bigSpender.code
        const response = await api.gql(PROMO, { id: cartId, code }, { remoteAddress: shopper })
        expect(errorCodes(response)).toEqual(i % 2 === 0 ? [] : ['RequirementsNotMet'])
      }
    })
  })

  it('limits newsletter subscriptions per address and answers 429 with Retry-After', async () => {
    const address = newAddress()
    await useUp(ABUSE_LIMITS.newsletter, (i) =>
      api.gql(NEWSLETTER, { email: `n${i}@example.fi` }, { remoteAddress: address }),
    )
    const other = await api.gql(NEWSLETTER, { email: 'other@example.fi' }, { remoteAddress: newAddress() })
    expect(other.errors).toBeUndefined()
  })

  it('limits back-in-stock requests per address, both mutations together', async () => {
    const address = newAddress()
    await useUp(ABUSE_LIMITS.stockNotification, (i) =>
      api.gql(
        i % 2 === 0 ? STOCK : STOCK_EXTENSION,
        { email: `s${i}@example.fi`, skuId: SKU.inStock },
        {
          remoteAddress: address,
        },
      ),
    )
    const other = await api.gql(
      STOCK,
      { email: 'other@example.fi', skuId: SKU.inStock },
      { remoteAddress: newAddress() },
    )
    expect(other.errors).toBeUndefined()
  })

  it('limits reviews per address and per account (finding 9)', async () => {
    const alias = FIXTURE_PRODUCTS.satinDress.aliases.fi
    const reviewer = async (email: string) => {
      const row = await api.db
        .insertInto('users')
        .values({ email })
        .returning('user_id')
        .executeTakeFirstOrThrow()
      return api.tokenFor({ id: row.user_id, email })
    }
    const address = newAddress()
    const first = await reviewer('limit-review-1@example.fi')
    const second = await reviewer('limit-review-2@example.fi')
    const third = await reviewer('limit-review-3@example.fi')
    // one account from many addresses
    await useUp(ABUSE_LIMITS.reviewPerUser, () =>
      api.gql(REVIEW, { alias }, { token: first, remoteAddress: newAddress() }),
    )
    // many accounts from one address
    await useUp(ABUSE_LIMITS.reviewPerAddress, (i) =>
      api.gql(REVIEW, { alias }, { token: i % 2 === 0 ? second : third, remoteAddress: address }),
    )
    const elsewhere = await api.gql(REVIEW, { alias }, { token: second, remoteAddress: newAddress() })
    expect(elsewhere.errors).toBeUndefined()
  })

  const withEmail = (email: string) => ({ ...checkout, email })
  const NO_CART = '00000000-0000-4000-8000-000000000000'

  it('limits placeOrder attempts per address (finding 6); another shopper still orders', async () => {
    const address = newAddress()
    await useUp(ABUSE_LIMITS.placeOrder, (i) =>
      api.gql(
        PLACE,
        { cartId: NO_CART, checkout: withEmail(`loop-${i}@example.com`) },
        { remoteAddress: address },
      ),
    )
    const shopper = newAddress()
    const placed = await api.gql<{ placeOrder: { orderId: string } }>(
      PLACE,
      { cartId: await cartWith(shopper), checkout: withEmail('other-shopper@example.com') },
      { remoteAddress: shopper },
    )
    expect(placed.errors).toBeUndefined()
    expect(placed.data?.placeOrder.orderId).toBeTruthy()
  })

  describe('a crowd behind one address (issue 31)', () => {
    it('lets 100 shoppers with browsers of their own behind one address each place an order', async () => {
      // enough of the size for the crowd and the tests after it
      await api.db
        .updateTable('skus')
        .set({ stock_in_stock: 1000 })
        .where('sku_id', '=', SKU.inStock)
        .execute()
      const office = newAddress()
      const placed: string[] = []
      for (let i = 0; i < 100; i++) {
        const shopper = `crowd-shopper-${String(i).padStart(3, '0')}-browser`
        const created = await api.gql<{ getCart: { id: string } }>(
          GET_CART,
          {},
          { remoteAddress: office, shopper },
        )
        const cartId = created.data!.getCart.id
        expect(
          (
            await api.gql(
              ADD,
              { id: cartId, skuId: SKU.inStock, quantity: 1 },
              { remoteAddress: office, shopper },
            )
          ).errors,
        ).toBeUndefined()
        const order = await api.gql<{ placeOrder: { orderId: string } }>(
          PLACE,
          { cartId, checkout: withEmail(`crowd-${i}@example.com`) },
          { remoteAddress: office, shopper },
        )
        expect(order.errors).toBeUndefined()
        placed.push(order.data!.placeOrder.orderId)
      }
      expect(new Set(placed).size).toBe(100)
      // the address alone, as a client that names no browser, is the one shopper it was: 20 an hour
      expect(ABUSE_LIMITS.placeOrder.limit).toBeLessThan(placed.length)
    })

    it('stops one browser placing orders in a loop, however it varies the e-mail', async () => {
      const office = newAddress()
      const shopper = 'looping-browser-000001'
      await useUp(ABUSE_LIMITS.placeOrderPerShopper, (i) =>
        api.gql(
          PLACE,
          { cartId: NO_CART, checkout: withEmail(`looping-${i}@example.com`) },
          { remoteAddress: office, shopper },
        ),
      )
      // its neighbour behind the same address still orders
      const neighbour = 'neighbour-browser-0001'
      const cartId = (
        await api.gql<{ getCart: { id: string } }>(
          GET_CART,
          {},
          { remoteAddress: office, shopper: neighbour },
        )
      ).data!.getCart.id
      await api.gql(
        ADD,
        { id: cartId, skuId: SKU.inStock, quantity: 1 },
        { remoteAddress: office, shopper: neighbour },
      )
      const order = await api.gql(
        PLACE,
        { cartId, checkout: withEmail('neighbour@example.com') },
        { remoteAddress: office, shopper: neighbour },
      )
      expect(order.errors).toBeUndefined()
    })

    it('stops one e-mail placing orders in a loop, from fresh browsers and addresses', async () => {
      await useUp(ABUSE_LIMITS.placeOrderPerEmail, (i) =>
        api.gql(
          PLACE,
          {
            cartId: NO_CART,
            checkout: withEmail(i % 2 ? 'Same.Buyer@Example.com' : 'same.buyer@example.com '),
          },
          { remoteAddress: newAddress(), shopper: `fresh-browser-${String(i).padStart(6, '0')}` },
        ),
      )
    })

    it('stops an address that throws its browser id away at the crowd ceiling', async () => {
      const address = newAddress()
      await useUp(ABUSE_LIMITS.placeOrderCrowd, (i) =>
        api.gql(
          PLACE,
          { cartId: NO_CART, checkout: withEmail(`thrown-${i}@example.com`) },
          { remoteAddress: address, shopper: `thrown-away-${String(i).padStart(8, '0')}` },
        ),
      )
    })
  })
})

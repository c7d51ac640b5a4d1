/**
 * Cart operations over HTTP (app.inject) on a seeded database: prices and VAT per market, the
 * summary, promo and gift codes, stock limits, the completed-cart rule, and bad input that must
 * change nothing. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FIXTURE_PRODUCTS, FIXTURE_PROMO_CODES, FIXTURE_GIFT_CODES } from '../../../server/db/seed/fixtures'
import { MAX_UNITS_PER_SKU } from '../../../src/shared/order-limits'
import {
  CART_FIELDS,
  cents,
  commerceSnapshot,
  errorCodes,
  plain,
  startCommerceApi,
  type CartJson,
  type CommerceApi,
} from './commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const { satinDress, campaignDress } = FIXTURE_PRODUCTS
const SKU = satinDress.skus

const GET_CART = `query ($id: String, $marketId: String, $languageId: String, $includeCompleted: Boolean, $forceRefresh: Boolean) {
  getCart(id: $id, marketId: $marketId, languageId: $languageId, includeCompleted: $includeCompleted, forceRefresh: $forceRefresh) {
    ${CART_FIELDS} } }`
const ADD = `mutation ($id: String!, $skuId: Int, $quantity: Int!, $marketId: String) {
  addToCart(id: $id, item: { skuId: $skuId, quantity: $quantity }, marketId: $marketId) { ${CART_FIELDS} } }`
const UPDATE = `mutation ($id: String!, $skuId: Int, $lineId: ID, $quantity: Int!) {
  updateCartItem(id: $id, item: { skuId: $skuId, id: $lineId, quantity: $quantity }) { ${CART_FIELDS} } }`
const PROMO = `mutation ($id: String!, $code: String!, $marketId: String) {
  setCartPromoCode(id: $id, promoCode: $code, marketId: $marketId) { ${CART_FIELDS} } }`
const COMPLETE = `mutation ($id: String!) { completeCart(id: $id) { id isCompleted } }`

describeEachDatabase('cart operations on %s', (kind) => {
  let api: CommerceApi

  beforeAll(async () => {
    api = await startCommerceApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  async function newCart(marketId = 'fi'): Promise<CartJson> {
    const response = await api.gql<{ getCart: CartJson }>(GET_CART, { marketId })
    expect(response.errors).toBeUndefined()
    return response.data!.getCart
  }

  async function cartWith(skuId: number, quantity: number, marketId = 'fi'): Promise<CartJson> {
    const cart = await newCart(marketId)
    const response = await api.gql<{ addToCart: CartJson }>(ADD, { id: cart.id, skuId, quantity, marketId })
    expect(response.errors).toBeUndefined()
    return response.data!.addToCart
  }

  /** Runs an operation that must be refused, and checks it changed nothing. */
  async function refused(query: string, variables: Record<string, unknown>) {
    const before = await commerceSnapshot(api.db)
    const response = await api.gql(query, variables)
    expect(response.errors?.length).toBeGreaterThan(0)
    expect(await commerceSnapshot(api.db)).toBe(before)
    return response
  }

  it('getCart without an id creates an empty cart with a UUID id and the free-shipping distance', async () => {
    const cart = await newCart()
    expect(cart.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(cart.items).toEqual([])
    expect(cart.isCompleted).toBe(false)
    expect(cart.summary.total.sellingPriceIncVat).toBe(0)
    expect(cart.summary.shipping?.amountLeftToFreeShipping).toBe(69)
    expect(plain(cart.summary.shipping?.amountLeftToFreeShippingFormatted ?? '')).toBe('69,00 €')
    const again = await api.gql<{ getCart: CartJson }>(GET_CART, { id: cart.id })
    expect(again.data?.getCart.id).toBe(cart.id)
  })

  it('prices lines with Finnish 25.5 % VAT and ships free from 69 €', async () => {
    const cart = await cartWith(SKU.inStock, 2)
    const [item] = cart.items
    expect(item?.quantity).toBe(2)
    expect(item?.unitPrice.sellingPriceIncVat).toBe(59.95)
    // 5995 / 1.255 = 4776.89… → 4777
    expect(item?.unitPrice.sellingPriceExVat).toBe(47.77)
    expect(plain(item?.unitPrice.sellingPriceIncVatFormatted ?? '')).toBe('59,95 €')
    expect(item?.product.productId).toBe(satinDress.productId)
    expect(item?.product.skus.map((s) => s.skuId)).toContain(SKU.inStock)
    const { summary } = cart
    expect(summary.subTotal.sellingPriceIncVat).toBe(119.9)
    expect(summary.fees.shippingFeeIncVat).toBe(0)
    expect(cart.freeShipping).toBe(true)
    expect(summary.shipping?.amountLeftToFreeShipping).toBe(0)
    expect(summary.total.sellingPriceIncVat).toBe(119.9)
    expect(cents(summary.total.sellingPriceExVat) + cents(summary.total.vat)).toBe(
      cents(summary.total.sellingPriceIncVat),
    )
    expect(summary.vats).toEqual([{ rate: 25.5, amount: summary.total.vat }])
  })

  it('charges shipping below the threshold', async () => {
    const cart = await cartWith(SKU.inStock, 1)
    const { summary } = cart
    expect(summary.fees.shippingFeeIncVat).toBeGreaterThan(0)
    expect(summary.shipping?.amountLeftToFreeShipping).toBe(9.05)
    expect(cents(summary.total.sellingPriceIncVat)).toBe(5995 + cents(summary.fees.shippingFeeIncVat))
  })

  it('re-prices a cart in the market it is fetched in', async () => {
    const cart = await cartWith(SKU.inStock, 1)
    const swedish = await api.gql<{ getCart: CartJson }>(GET_CART, {
      id: cart.id,
      marketId: 'se',
      languageId: 'sv-SE',
    })
    const item = swedish.data?.getCart.items[0]
    expect(item?.unitPrice.sellingPriceIncVat).toBe(satinDress.regularPrice.se / 100)
    expect(swedish.data?.getCart.summary.total.currency.code).toBe('SEK')
    expect(plain(item?.unitPrice.sellingPriceIncVatFormatted ?? '')).toBe('649,00 kr')
    expect(swedish.data?.getCart.summary.vats[0]?.rate).toBe(25)
  })

  it('shows campaign prices and the campaign on the line', async () => {
    const { id } = await newCart()
    const sku = await api.db
      .selectFrom('skus')
      .select('sku_id')
      .where('product_id', '=', campaignDress.productId)
      .where('stock_in_stock', '>', 0)
      .orderBy('sku_id')
      .executeTakeFirstOrThrow()
    const response = await api.gql<{ addToCart: CartJson }>(ADD, { id, skuId: sku.sku_id, quantity: 1 })
    const item = response.data?.addToCart.items[0]
    expect(item?.unitPrice.isDiscounted).toBe(true)
    expect(item?.unitPrice.sellingPriceIncVat).toBeLessThan(item?.unitPrice.regularPriceIncVat ?? 0)
    expect(item?.campaign.appliedCampaigns.length).toBeGreaterThan(0)
    expect(response.data?.addToCart.summary.total.isDiscounted).toBe(true)
  })

  it('updateCartItem sets an absolute quantity and 0 removes the line', async () => {
    const cart = await cartWith(SKU.inStock, 1)
    const set = await api.gql<{ updateCartItem: CartJson }>(UPDATE, {
      id: cart.id,
      skuId: SKU.inStock,
      quantity: 4,
    })
    expect(set.data?.updateCartItem.items[0]?.quantity).toBe(4)
    const lineId = set.data?.updateCartItem.items[0]?.id
    const removed = await api.gql<{ updateCartItem: CartJson }>(UPDATE, { id: cart.id, lineId, quantity: 0 })
    expect(removed.errors).toBeUndefined()
    expect(removed.data?.updateCartItem.items).toEqual([])
  })

  it('refuses more than the stock with OUT_OF_STOCK and the stock in extensions', async () => {
    const cart = await cartWith(SKU.stockFive, 3)
    const response = await refused(ADD, { id: cart.id, skuId: SKU.stockFive, quantity: 3 })
    expect(errorCodes(response)).toEqual(['OUT_OF_STOCK'])
    expect(response.errors?.[0]?.message).toBe('only 5 left')
    expect(response.errors?.[0]?.extensions?.['stock']).toBe(5)
    const update = await refused(UPDATE, { id: cart.id, skuId: SKU.stockFive, quantity: 6 })
    expect(errorCodes(update)).toEqual(['OUT_OF_STOCK'])
    const none = await refused(ADD, { id: cart.id, skuId: SKU.outOfStock, quantity: 1 })
    expect(none.errors?.[0]?.message).toBe('only 0 left')
  })

  it('allows oversellable and static stock, and any stock, up to the per-size order limit (issue #15, finding 6)', async () => {
    for (const skuId of [SKU.inStock, SKU.oversellable, SKU.staticStock]) {
      const cart = await cartWith(skuId, MAX_UNITS_PER_SKU)
      expect(cart.items[0]?.quantity).toBe(MAX_UNITS_PER_SKU)
      const over = await refused(ADD, { id: cart.id, skuId, quantity: 1 })
      expect(errorCodes(over)).toEqual(['BAD_USER_INPUT'])
      expect(over.errors?.[0]?.message).toBe(`At most ${MAX_UNITS_PER_SKU} units of one size can be ordered`)
      expect(over.errors?.[0]?.extensions).toMatchObject({
        reason: 'QUANTITY_LIMIT',
        limit: MAX_UNITS_PER_SKU,
      })
      const update = await refused(UPDATE, { id: cart.id, skuId, quantity: MAX_UNITS_PER_SKU + 1 })
      expect(update.errors?.[0]?.extensions?.['reason']).toBe('QUANTITY_LIMIT')
    }
  })

  it('caps a line message at 500 characters in the API and in the database (issue #15, finding 7)', async () => {
    const cart = await cartWith(SKU.inStock, 1)
    const ADD_WITH_MESSAGE = `mutation ($id: String!, $skuId: Int, $message: String) {
      addToCart(id: $id, item: { skuId: $skuId, quantity: 1, message: $message }) { id } }`
    const UPDATE_WITH_MESSAGE = `mutation ($id: String!, $skuId: Int, $message: String) {
      updateCartItem(id: $id, item: { skuId: $skuId, quantity: 1, message: $message }) { id } }`
    const tooLong = 'x'.repeat(501)
    const add = await refused(ADD_WITH_MESSAGE, { id: cart.id, skuId: SKU.inStock, message: tooLong })
    expect(errorCodes(add)).toEqual(['BAD_USER_INPUT'])
    expect(add.errors?.[0]?.message).toBe('item.message must be at most 500 characters')
    const update = await refused(UPDATE_WITH_MESSAGE, { id: cart.id, skuId: SKU.inStock, message: tooLong })
    expect(errorCodes(update)).toEqual(['BAD_USER_INPUT'])
    const fits = await api.gql(UPDATE_WITH_MESSAGE, {
      id: cart.id,
      skuId: SKU.inStock,
      message: 'y'.repeat(500),
    })
    expect(fits.errors).toBeUndefined()
    await expect(
      api.db.updateTable('cart_items').set({ message: tooLong }).where('cart_id', '=', cart.id).execute(),
    ).rejects.toThrow(/cart_items_message_length/)
  })

  it('answers bad input with clear errors and changes nothing', async () => {
    const cart = await cartWith(SKU.inStock, 1)
    const unknown = await refused(ADD, {
      id: '00000000-0000-4000-8000-0000000000ff',
      skuId: SKU.inStock,
      quantity: 1,
    })
    expect(errorCodes(unknown)).toEqual(['NOT_FOUND'])
    expect(unknown.errors?.[0]?.message).toBe(
      'No cart was found with the ID 00000000-0000-4000-8000-0000000000ff',
    )
    expect(errorCodes(await refused(GET_CART, { id: 'not-a-uuid' }))).toEqual(['NOT_FOUND'])
    expect(errorCodes(await refused(ADD, { id: cart.id, skuId: SKU.inStock, quantity: -1 }))).toEqual([
      'BAD_USER_INPUT',
    ])
    expect(errorCodes(await refused(ADD, { id: cart.id, skuId: SKU.inStock, quantity: 0 }))).toEqual([
      'BAD_USER_INPUT',
    ])
    expect(errorCodes(await refused(UPDATE, { id: cart.id, skuId: SKU.inStock, quantity: -3 }))).toEqual([
      'BAD_USER_INPUT',
    ])
    expect(errorCodes(await refused(ADD, { id: cart.id, skuId: 99_999_999, quantity: 1 }))).toEqual([
      'NOT_FOUND',
    ])
    expect(errorCodes(await refused(ADD, { id: cart.id, quantity: 1 }))).toEqual(['BAD_USER_INPUT'])
    expect(errorCodes(await refused(UPDATE, { id: cart.id, lineId: '424242', quantity: 1 }))).toEqual([
      'NOT_FOUND',
    ])
    // malformed variables never reach a resolver
    const fractional = await refused(ADD, { id: cart.id, skuId: SKU.inStock, quantity: 1.5 })
    expect(fractional.status).toBe(400)
    const huge = await refused(ADD, { id: cart.id, skuId: SKU.inStock, quantity: 2 ** 40 })
    expect(huge.status).toBe(400)
    const missingKey = await api.gql(GET_CART, {}, { apiKey: null })
    expect(missingKey.status).toBe(401)
  })

  it('applies a percentage promo code and removes it with ""', async () => {
    const cart = await cartWith(SKU.inStock, 1)
    const response = await api.gql<{ setCartPromoCode: CartJson }>(PROMO, {
      id: cart.id,
      code: ' welcome15 ',
    })
    expect(response.errors).toBeUndefined()
    const promoted = response.data!.setCartPromoCode
    expect(promoted.promoCode).toBe(FIXTURE_PROMO_CODES.welcome15.code)
    // 15 % of 59.95 = 8.9925 → 8.99
    expect(cents(promoted.summary.total.discountIncVat)).toBe(899)
    expect(promoted.appliedCampaigns.some((c) => c.campaignId === 'promo:WELCOME15')).toBe(true)
    const removed = await api.gql<{ setCartPromoCode: CartJson }>(PROMO, { id: cart.id, code: '' })
    expect(removed.data?.setCartPromoCode.promoCode).toBeNull()
    expect(removed.data?.setCartPromoCode.summary.total.discountIncVat).toBe(0)
  })

  it('checks a fixed-amount code against its minimum order value', async () => {
    // 59.95 € of goods: below BIGSPENDER's 150 € minimum, above SAVE10's 50 €
    const small = await cartWith(SKU.inStock, 1)
    const refusedCode = await refused(PROMO, { id: small.id, code: FIXTURE_PROMO_CODES.bigSpender.code })
    expect(errorCodes(refusedCode)).toEqual(['RequirementsNotMet'])
    expect(plain(refusedCode.errors?.[0]?.message ?? '')).toContain('150,00 €')
    const accepted = await api.gql<{ setCartPromoCode: CartJson }>(PROMO, {
      id: small.id,
      code: FIXTURE_PROMO_CODES.save10.code,
    })
    expect(accepted.errors).toBeUndefined()
    const summary = accepted.data!.setCartPromoCode.summary
    expect(summary.fixedAmountDiscountIncVat).toBe(10)
    expect(cents(summary.subTotal.sellingPriceIncVat) - 1000 + cents(summary.fees.shippingFeeIncVat)).toBe(
      cents(summary.total.sellingPriceIncVat),
    )
  })

  it('refuses unknown, expired, not yet active and used-up codes as invalid', async () => {
    const cart = await cartWith(SKU.inStock, 1)
    for (const code of ['NOSUCHCODE', 'EXPIRED20', 'FUTURE25', 'ONCEONLY', 'x']) {
      const response = await refused(PROMO, { id: cart.id, code })
      expect(errorCodes(response)).toEqual(['InvalidPromoCode'])
    }
    // BIGSPENDER exists only in Finland and Sweden
    const danish = await cartWith(SKU.inStock, 1, 'dk')
    expect(errorCodes(await refused(PROMO, { id: danish.id, code: 'BIGSPENDER', marketId: 'dk' }))).toEqual([
      'InvalidPromoCode',
    ])
  })

  it('takes a gift code as balance that pays part of the order', async () => {
    const cart = await cartWith(SKU.inStock, 1)
    const response = await api.gql<{ setCartPromoCode: CartJson }>(PROMO, {
      id: cart.id,
      code: FIXTURE_GIFT_CODES.euroPartlyUsed.code,
    })
    expect(response.errors).toBeUndefined()
    const { balance, total } = response.data!.setCartPromoCode.summary
    expect(balance.pending).toBe(25)
    expect(cents(balance.totalSellingPriceExBalanceIncVat)).toBe(cents(total.sellingPriceIncVat) - 2500)
    expect(errorCodes(await refused(PROMO, { id: cart.id, code: FIXTURE_GIFT_CODES.empty.code }))).toEqual([
      'InvalidPromoCode',
    ])
    expect(errorCodes(await refused(PROMO, { id: cart.id, code: FIXTURE_GIFT_CODES.sek500.code }))).toEqual([
      'InvalidPromoCode',
    ])
  })

  it('makes a completed cart read-only', async () => {
    const cart = await cartWith(SKU.inStock, 1)
    const completed = await api.gql<{ completeCart: { isCompleted: boolean } }>(COMPLETE, { id: cart.id })
    expect(completed.data?.completeCart.isCompleted).toBe(true)
    expect(errorCodes(await refused(ADD, { id: cart.id, skuId: SKU.inStock, quantity: 1 }))).toEqual([
      'CART_COMPLETED',
    ])
    expect(errorCodes(await refused(UPDATE, { id: cart.id, skuId: SKU.inStock, quantity: 0 }))).toEqual([
      'CART_COMPLETED',
    ])
    expect(errorCodes(await refused(PROMO, { id: cart.id, code: 'WELCOME15' }))).toEqual(['CART_COMPLETED'])
    expect(errorCodes(await refused(GET_CART, { id: cart.id }))).toEqual(['NOT_FOUND'])
    const again = await api.gql<{ completeCart: { isCompleted: boolean } }>(COMPLETE, { id: cart.id })
    expect(again.data?.completeCart.isCompleted).toBe(true)
    expect(errorCodes(await refused(COMPLETE, { id: '00000000-0000-4000-8000-0000000000fe' }))).toEqual([
      'NOT_FOUND',
    ])
    const kept = await api.gql<{ getCart: CartJson }>(GET_CART, { id: cart.id, includeCompleted: true })
    expect(kept.data?.getCart.isCompleted).toBe(true)
    expect(kept.data?.getCart.items).toHaveLength(1)
  })

  it('forceRefresh lowers quantities to the stock and drops lines that cannot be bought', async () => {
    const cart = await cartWith(SKU.inStock, 3)
    await api.gql(ADD, { id: cart.id, skuId: SKU.stockFive, quantity: 2 })
    const restore = await api.db
      .selectFrom('skus')
      .select(['sku_id', 'stock_in_stock'])
      .where('sku_id', 'in', [SKU.inStock, SKU.stockFive])
      .execute()
    await api.db.updateTable('skus').set({ stock_in_stock: 2 }).where('sku_id', '=', SKU.inStock).execute()
    await api.db.updateTable('skus').set({ stock_in_stock: 0 }).where('sku_id', '=', SKU.stockFive).execute()
    try {
      const stale = await api.gql<{ getCart: CartJson }>(GET_CART, { id: cart.id })
      expect(stale.data?.getCart.items.map((i) => i.quantity)).toEqual([3, 2])
      const refreshed = await api.gql<{ getCart: CartJson }>(GET_CART, { id: cart.id, forceRefresh: true })
      expect(refreshed.data?.getCart.items.map((i) => [i.skuId, i.quantity])).toEqual([[SKU.inStock, 2]])
    } finally {
      for (const row of restore) {
        await api.db
          .updateTable('skus')
          .set({ stock_in_stock: row.stock_in_stock })
          .where('sku_id', '=', row.sku_id)
          .execute()
      }
    }
  })

  it("keeps a signed-in shopper's cart from other shoppers", async () => {
    const token = await api.tokenFor({ id: '00000000-0000-4000-8000-000000000001' })
    const created = await api.gql<{ getCart: CartJson }>(GET_CART, {}, { token })
    const id = created.data!.getCart.id
    const other = await api.tokenFor({ id: '00000000-0000-4000-8000-000000000002' })
    const response = await api.gql(GET_CART, { id }, { token: other })
    expect(errorCodes(response)).toEqual(['NOT_FOUND'])
    expect(errorCodes(await api.gql(GET_CART, { id }))).toEqual(['NOT_FOUND'])
  })
})

describeEachDatabase('minimum order value on %s', (kind) => {
  let api: CommerceApi
  const MINIMUM = `query ($id: String, $marketId: String) {
    getCart(id: $id, marketId: $marketId) {
      id minimumOrderValue { amount amountFormatted amountLeft amountLeftFormatted isReached } } }`
  const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!) {
    placeOrder(cartId: $cartId, checkout: $checkout) { orderId status } }`
  const checkout = {
    email: 'minimi@example.com',
    paymentId: 2,
    shippingId: 1,
    customerType: 'PERSON',
    billingAddress: {
      firstName: 'Maija',
      lastName: 'Minimi',
      addressLine1: 'Aleksanterinkatu 1',
      zip: '00100',
      city: 'Helsinki',
      country: 'FI',
    },
  }

  beforeAll(async () => {
    api = await startCommerceApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  interface MinimumJson {
    getCart: {
      id: string
      minimumOrderValue: {
        amount: number
        amountFormatted: string
        amountLeft: number
        amountLeftFormatted: string
        isReached: boolean
      } | null
    }
  }

  it('each market has the seeded minimum; an empty cart has not reached it', async () => {
    const seeded = await api.db.selectFrom('markets').select(['alias', 'min_order_value_inc_vat']).execute()
    expect(Object.fromEntries(seeded.map((row) => [row.alias, row.min_order_value_inc_vat]))).toEqual({
      fi: 1000,
      se: 10000,
      no: 10000,
      dk: 7500,
    })
    const fi = await api.gql<MinimumJson>(MINIMUM, { marketId: 'fi' })
    expect(fi.errors).toBeUndefined()
    expect(fi.data?.getCart.minimumOrderValue).toMatchObject({ amount: 10, amountLeft: 10, isReached: false })
    expect(plain(fi.data?.getCart.minimumOrderValue?.amountFormatted ?? '')).toBe('10,00 €')
    const se = await api.gql<MinimumJson>(MINIMUM, { id: fi.data?.getCart.id, marketId: 'se' })
    expect(se.data?.getCart.minimumOrderValue).toMatchObject({ amount: 100, isReached: false })
  })

  it('a cart above the minimum has reached it', async () => {
    const cart = await api.gql<MinimumJson>(MINIMUM, { marketId: 'fi' })
    const id = cart.data!.getCart.id
    await api.gql(ADD, { id, skuId: SKU.inStock, quantity: 1, marketId: 'fi' })
    const after = await api.gql<MinimumJson>(MINIMUM, { id, marketId: 'fi' })
    expect(after.data?.getCart.minimumOrderValue).toMatchObject({
      amount: 10,
      amountLeft: 0,
      isReached: true,
    })
  })

  it('placeOrder refuses an order below the minimum and changes nothing; above it the order is placed', async () => {
    // a database of its own whose Finnish minimum is raised above one dress (59,95 €) before
    // any request reads the markets (the API keeps them a minute)
    const fresh = await startCommerceApi(kind)
    try {
      await fresh.db
        .updateTable('markets')
        .set({ min_order_value_inc_vat: 10000 })
        .where('alias', '=', 'fi')
        .execute()
      const created = await fresh.gql<MinimumJson>(MINIMUM, { marketId: 'fi' })
      const cartId = created.data!.getCart.id
      await fresh.gql(ADD, { id: cartId, skuId: SKU.inStock, quantity: 1, marketId: 'fi' })
      const below = await fresh.gql<MinimumJson>(MINIMUM, { id: cartId, marketId: 'fi' })
      expect(below.data?.getCart.minimumOrderValue).toMatchObject({
        amount: 100,
        amountLeft: 40.05,
        isReached: false,
      })
      const before = await commerceSnapshot(fresh.db)
      const refused = await fresh.gql(PLACE, { cartId, checkout })
      expect(errorCodes(refused)).toEqual(['MinimumOrderValueNotReached'])
      expect(plain(refused.errors?.[0]?.message ?? '')).toContain('100,00 €')
      expect(await commerceSnapshot(fresh.db)).toBe(before)

      await fresh.gql(UPDATE, { id: cartId, skuId: SKU.inStock, quantity: 2 })
      const placed = await fresh.gql<{ placeOrder: { status: string } }>(PLACE, { cartId, checkout })
      expect(placed.errors).toBeUndefined()
      expect(placed.data?.placeOrder.status).toBe('completed')
    } finally {
      await fresh.close()
    }
  })
})

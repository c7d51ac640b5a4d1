/**
 * Checkout over HTTP on a seeded database: options per zip and customer, validateOrderCreation's
 * customer-status inputs, placeOrder (invoice and card), its idempotency and its refusals, the
 * confirmation query, the payment seam, and concurrent checkouts of the last items.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FIXTURE_CUSTOMERS,
  FIXTURE_EMAIL_RULES,
  FIXTURE_GIFT_CODES,
  FIXTURE_NO_DELIVERY_ZIP,
  FIXTURE_PRODUCTS,
} from '../../../server/db/seed/fixtures'
import { confirmOrderPayment } from '../../../server/services/graphql/checkout/payment'
import { MAX_UNITS_PER_SKU } from '../../../src/shared/order-limits'
import { isInvoiced, kindsOfferedIn } from '../../../src/shared/payment-kinds'
import {
  commerceSnapshot,
  errorCodes,
  skuStock,
  startCommerceApi,
  type CommerceApi,
} from './commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const SKU = FIXTURE_PRODUCTS.satinDress.skus
/** Seeded Finnish options: shipping 1 (default, free from 69 €), payment 1 card, 2 invoice. */
const FI = { shipping: 1, card: 1, invoice: 2 }

const GET_CART = `query { getCart(marketId: "fi") { id } }`
const ADD = `mutation ($id: String!, $skuId: Int!, $quantity: Int!) {
  addToCart(id: $id, item: { skuId: $skuId, quantity: $quantity }) { id } }`
const PROMO = `mutation ($id: String!, $code: String!) { setCartPromoCode(id: $id, promoCode: $code) { id } }`
const CHECKOUT = `mutation ($cartId: String!, $checkout: CheckoutInputType) {
  createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
    email checkoutStatus
    billingAddress { firstName zip }
    shippingOptions { id name displayName feeIncVat isDefault isSelected amountLeftToFreeShipping }
    paymentOptions { id name displayName feeIncVat isSelected paymentType checkoutType }
    cart { id summary { total { sellingPriceIncVat } fees { paymentFeeIncVat } } }
  } }`
const PREVIEW = `query ($cartId: String!, $checkout: CheckoutInputType) {
  checkoutPreview(cartId: $cartId, checkout: $checkout) {
    email checkoutStatus
    billingAddress { firstName zip }
    shippingOptions { id name displayName feeIncVat isDefault isSelected amountLeftToFreeShipping }
    paymentOptions { id name displayName feeIncVat isSelected paymentType checkoutType }
    cart { id summary { total { sellingPriceIncVat } fees { paymentFeeIncVat } } }
  } }`
const VALIDATE = `query ($cartId: String!, $checkout: CheckoutInputType!) {
  validateOrderCreation(cartId: $cartId, checkout: $checkout) { isValid message memberType paymentType } }`
const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId publicId status redirectUrl } }`
const CONFIRM = `query ($id: String!, $cartId: String) {
  checkout(id: $id, cartId: $cartId, paymentType: STANDARD) {
    completed nthPurchase
    order { orderId email currency sum itemValueIncVat shippingFeeIncVat paymentFeeIncVat status
      rows { articleNumber sku name quantity priceIncVat } }
    cart { id items { quantity } }
  } }`
const PUBLIC = `query ($id: Guid!) { getOrderPublic(publicOrderId: $id) { id publicId status email cart { items { quantity } } } }`

interface PlaceJson {
  orderId: string
  publicId: string
  status: string
  redirectUrl: string | null
}

let buyers = 0
/**
 * A buyer of their own per checkout: one e-mail may place 20 orders an hour (ADR 0024), and this
 * file places more than that; `matti.meikalainen+N@example.com`, which MATTI matches.
 */
function nextBuyerEmail(): string {
  buyers += 1
  return `matti.meikalainen+${buyers}@example.com`
}
const MATTI = expect.stringMatching(/^matti\.meikalainen\+\d+@example\.com$/)

function checkoutInput(overrides: Record<string, unknown> = {}) {
  return {
    email: nextBuyerEmail(),
    paymentId: FI.invoice,
    shippingId: FI.shipping,
    customerType: 'PERSON',
    billingAddress: {
      firstName: 'Matti',
      lastName: 'Meikäläinen',
      addressLine1: 'Mannerheimintie 1',
      zip: '00100',
      city: 'Helsinki',
      country: 'FI',
    },
    ...overrides,
  }
}

describeEachDatabase('checkout on %s', (kind) => {
  let api: CommerceApi

  beforeAll(async () => {
    api = await startCommerceApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  async function cartWith(skuId: number, quantity: number, token?: string): Promise<string> {
    const created = await api.gql<{ getCart: { id: string } }>(GET_CART, {}, token ? { token } : {})
    const id = created.data!.getCart.id
    const added = await api.gql(ADD, { id, skuId, quantity }, token ? { token } : {})
    expect(added.errors).toBeUndefined()
    return id
  }

  async function place(cartId: string, checkout = checkoutInput(), token?: string) {
    return api.gql<{ placeOrder: PlaceJson }>(PLACE, { cartId, checkout }, token ? { token } : {})
  }

  async function refused(query: string, variables: Record<string, unknown>, token?: string) {
    const before = await commerceSnapshot(api.db)
    const response = await api.gql(query, variables, token ? { token } : {})
    expect(response.errors?.length).toBeGreaterThan(0)
    expect(await commerceSnapshot(api.db)).toBe(before)
    return response
  }

  describe('createOrUpdateCheckout', () => {
    it('offers the market shipping and payment options and keeps the choices', async () => {
      const cartId = await cartWith(SKU.inStock, 1)
      const response = await api.gql<{ createOrUpdateCheckout: Record<string, never> }>(CHECKOUT, {
        cartId,
        checkout: checkoutInput(),
      })
      expect(response.errors).toBeUndefined()
      const checkout = response.data!.createOrUpdateCheckout as unknown as {
        email: string
        checkoutStatus: string
        shippingOptions: { id: number; isSelected: boolean; amountLeftToFreeShipping: number }[]
        paymentOptions: { id: number; name: string; isSelected: boolean; feeIncVat: number }[]
        cart: { summary: { fees: { paymentFeeIncVat: number } } }
      }
      expect(checkout.email).toEqual(MATTI)
      expect(checkout.checkoutStatus).toBe('OK')
      expect(checkout.shippingOptions.map((o) => o.id)).toEqual([1, 2])
      expect(checkout.shippingOptions.find((o) => o.id === 1)?.amountLeftToFreeShipping).toBe(9.05)
      // Finland's kinds: card, invoice and MobilePay
      expect(checkout.paymentOptions.map((o) => o.name)).toEqual(kindsOfferedIn('fi'))
      expect(checkout.paymentOptions.find((o) => o.isSelected)?.id).toBe(FI.invoice)
      // the invoice fee is part of the summary once invoice is chosen
      expect(checkout.cart.summary.fees.paymentFeeIncVat).toBe(2.95)
    })

    it('offers no shipping to a zip without delivery', async () => {
      const cartId = await cartWith(SKU.inStock, 1)
      const response = await api.gql<{ createOrUpdateCheckout: { shippingOptions: unknown[] } }>(CHECKOUT, {
        cartId,
        checkout: { billingAddress: { zip: FIXTURE_NO_DELIVERY_ZIP.example } },
      })
      expect(response.data?.createOrUpdateCheckout.shippingOptions).toEqual([])
    })

    it('limits payment for a NOCREDIT customer and flags a blacklisted e-mail', async () => {
      const token = await api.tokenFor({ id: FIXTURE_CUSTOMERS.noCredit.userId })
      const cartId = await cartWith(SKU.inStock, 1, token)
      const limited = await api.gql<{ createOrUpdateCheckout: { paymentOptions: { name: string }[] } }>(
        CHECKOUT,
        { cartId, checkout: { email: FIXTURE_CUSTOMERS.noCredit.email } },
        { token },
      )
      // everything but the invoice (card and MobilePay in Finland)
      expect(limited.data?.createOrUpdateCheckout.paymentOptions.map((o) => o.name)).toEqual(
        kindsOfferedIn('fi').filter((kind) => !isInvoiced(kind)),
      )
      const other = await cartWith(SKU.inStock, 1)
      const blocked = await api.gql<{ createOrUpdateCheckout: { checkoutStatus: string } }>(CHECKOUT, {
        cartId: other,
        checkout: { email: FIXTURE_EMAIL_RULES.blacklisted.email },
      })
      expect(blocked.data?.createOrUpdateCheckout.checkoutStatus).toBe('CUSTOMER_BLACKLISTED')
    })

    it('refuses an unknown cart and malformed input without changes', async () => {
      const unknown = await refused(CHECKOUT, {
        cartId: '00000000-0000-4000-8000-00000000beef',
        checkout: checkoutInput(),
      })
      expect(errorCodes(unknown)).toEqual(['NOT_FOUND'])
      const cartId = await cartWith(SKU.inStock, 1)
      const tooLong = await refused(CHECKOUT, {
        cartId,
        checkout: checkoutInput({ message: 'x'.repeat(5000) }),
      })
      expect(errorCodes(tooLong)).toEqual(['BAD_USER_INPUT'])
      const wrongType = await refused(CHECKOUT, { cartId, checkout: { paymentId: 'card' } })
      expect(wrongType.status).toBe(400)
    })
  })

  describe('checkoutPreview (the checkout page render, ADR 0042)', () => {
    type Answer = Record<string, unknown>
    const preview = (cartId: string, checkout: Record<string, unknown> = {}, token?: string) =>
      api.gql<{ checkoutPreview: Answer }>(PREVIEW, { cartId, checkout }, token ? { token } : {})
    const update = (cartId: string, checkout: Record<string, unknown> = {}, token?: string) =>
      api.gql<{ createOrUpdateCheckout: Answer }>(CHECKOUT, { cartId, checkout }, token ? { token } : {})

    /** Runs `work` and returns the statements it sent that are not reads. */
    async function writesOf(work: () => Promise<unknown>): Promise<string[]> {
      const writes: string[] = []
      const stop = api.database.onQuery((event) => {
        if (!/^\s*select\b/i.test(event.sql)) writes.push(event.sql)
      })
      try {
        await work()
      } finally {
        stop()
      }
      return writes
    }

    it('answers what createOrUpdateCheckout answers, and writes nothing', async () => {
      const cartId = await cartWith(SKU.inStock, 1)
      const before = await commerceSnapshot(api.db)
      let previewed: Awaited<ReturnType<typeof preview>> | undefined
      const input = checkoutInput()
      expect(await writesOf(async () => (previewed = await preview(cartId, input)))).toEqual([])
      expect(previewed?.errors).toBeUndefined()
      expect(await commerceSnapshot(api.db)).toBe(before)
      const updated = await update(cartId, input)
      expect(previewed?.data?.checkoutPreview).toEqual(updated.data?.createOrUpdateCheckout)
      expect(previewed?.data?.checkoutPreview).toMatchObject({
        email: MATTI,
        cart: { summary: { fees: { paymentFeeIncVat: 2.95 } } },
      })
    })

    it('shows the saved choices under the new ones, and prices the options it selects', async () => {
      const cartId = await cartWith(SKU.inStock, 1)
      // nothing chosen yet: the defaults are selected and priced, as a second call chose them
      const fresh = (await preview(cartId)).data!.checkoutPreview
      const selected = (options: unknown) =>
        (options as { id: number; isSelected: boolean }[]).find((option) => option.isSelected)?.id
      const shippingId = selected(fresh['shippingOptions'])
      const paymentId = selected(fresh['paymentOptions'])
      expect(shippingId).toBe(FI.shipping)
      expect(paymentId).toBeDefined()
      const chosen = (await update(cartId, { shippingId, paymentId })).data!.createOrUpdateCheckout
      expect(fresh['cart']).toEqual(chosen['cart'])
      // the invoice saved earlier stays chosen (and priced) under a preview that names no payment
      await update(cartId, { paymentId: FI.invoice })
      const kept = (await preview(cartId, { billingAddress: { zip: '00100' } })).data!.checkoutPreview
      expect(selected(kept['paymentOptions'])).toBe(FI.invoice)
      expect(kept).toMatchObject({ cart: { summary: { fees: { paymentFeeIncVat: 2.95 } } } })
    })

    it("refuses another customer's cart, a completed cart and an unknown one, as a change would", async () => {
      const owner = await api.tokenFor({ id: FIXTURE_CUSTOMERS.noCredit.userId })
      const owned = await cartWith(SKU.inStock, 1, owner)
      expect((await preview(owned, {}, owner)).errors).toBeUndefined()
      const stranger = await api.tokenFor({ id: 'someone-else' })
      expect(errorCodes(await preview(owned, {}, stranger))).toEqual(['NOT_FOUND'])
      expect(errorCodes(await preview(owned))).toEqual(['NOT_FOUND'])
      const completed = await cartWith(SKU.inStock, 1)
      await api.gql(`mutation ($id: String!) { completeCart(id: $id) { id } }`, { id: completed })
      expect(errorCodes(await preview(completed))).toEqual(['CART_COMPLETED'])
      expect(errorCodes(await preview('00000000-0000-4000-8000-00000000beef'))).toEqual(['NOT_FOUND'])
    })
  })

  describe('validateOrderCreation', () => {
    it('returns the inputs of the customer-status rule', async () => {
      const cartId = await cartWith(SKU.inStock, 1)
      const validate = async (checkout: Record<string, unknown>, token?: string) => {
        const response = await api.gql<{ validateOrderCreation: Record<string, unknown> }>(
          VALIDATE,
          { cartId, checkout },
          token ? { token } : {},
        )
        expect(response.errors).toBeUndefined()
        return response.data!.validateOrderCreation
      }
      expect(await validate(checkoutInput())).toEqual({
        isValid: true,
        message: null,
        memberType: null,
        paymentType: 'DirectInvoice',
      })
      expect(await validate(checkoutInput({ email: FIXTURE_EMAIL_RULES.blacklisted.email }))).toMatchObject({
        isValid: false,
        message: 'Customer is blacklisted',
      })
      expect(await validate(checkoutInput({ email: FIXTURE_EMAIL_RULES.invalid.email }))).toMatchObject({
        isValid: false,
        message: 'Email seems to be invalid',
      })
      expect(await validate(checkoutInput({ email: 'no-at-sign' }))).toMatchObject({
        message: 'Email seems to be invalid',
      })
      expect(
        await validate(
          checkoutInput({ billingAddress: { lastName: 'X', addressLine1: 'Y', zip: '00100', city: 'Z' } }),
        ),
      ).toMatchObject({ isValid: false, message: 'First name is required' })
      expect(
        await validate(
          checkoutInput({ billingAddress: { firstName: 'A', lastName: 'X', addressLine1: 'Y', city: 'Z' } }),
        ),
      ).toMatchObject({ isValid: false, message: 'Zip is required' })
      expect(await validate(checkoutInput({ paymentId: 999 }))).toMatchObject({
        message: 'Payment must be selected',
      })

      const token = await api.tokenFor({ id: FIXTURE_CUSTOMERS.noCredit.userId })
      const noCredit = await validate(checkoutInput({ email: FIXTURE_CUSTOMERS.noCredit.email }), token)
      expect(noCredit).toMatchObject({
        isValid: false,
        memberType: 'NOCREDIT-DEBT',
        paymentType: 'DirectInvoice',
      })
      const byCard = await validate(
        checkoutInput({ email: FIXTURE_CUSTOMERS.noCredit.email, paymentId: FI.card }),
        token,
      )
      expect(byCard).toEqual({
        isValid: true,
        message: null,
        memberType: 'NOCREDIT-DEBT',
        paymentType: 'Card',
      })
    })

    it('answers NOT_FOUND for an unknown cart', async () => {
      const response = await api.gql(VALIDATE, { cartId: 'nope', checkout: checkoutInput() })
      expect(errorCodes(response)).toEqual(['NOT_FOUND'])
    })
  })

  describe('placeOrder', () => {
    it('places an invoice order: re-priced, stock decremented, cart completed, idempotent', async () => {
      const before = await skuStock(api.db, SKU.inStock)
      const cartId = await cartWith(SKU.inStock, 2)
      const first = await place(cartId)
      expect(first.errors).toBeUndefined()
      const placed = first.data!.placeOrder
      expect(placed.status).toBe('completed')
      expect(placed.redirectUrl).toBeNull()
      expect(placed.publicId).toMatch(/^[0-9a-f-]{36}$/)
      expect((await skuStock(api.db, SKU.inStock)).stock_in_stock).toBe(before.stock_in_stock - 2)

      const order = await api.db
        .selectFrom('orders')
        .selectAll()
        .where('order_id', '=', Number(placed.orderId))
        .executeTakeFirstOrThrow()
      // 2 × 59.95 + invoice fee 2.95, free shipping
      expect(order.item_value_inc_vat).toBe(11990)
      expect(order.payment_fee_inc_vat).toBe(295)
      expect(order.total_inc_vat).toBe(12285)
      expect(order.total_ex_vat + order.vat_total).toBe(order.total_inc_vat)
      expect(order.status).toBe('received')

      const snapshot = await commerceSnapshot(api.db)
      const again = await place(cartId)
      expect(again.data?.placeOrder).toEqual(placed)
      expect(await commerceSnapshot(api.db)).toBe(snapshot)

      const confirm = await api.gql<{ checkout: Record<string, unknown> }>(CONFIRM, {
        id: placed.orderId,
        cartId,
      })
      expect(confirm.errors).toBeUndefined()
      expect(confirm.data?.checkout).toMatchObject({
        completed: true,
        nthPurchase: 1,
        order: {
          orderId: placed.orderId,
          email: MATTI,
          currency: 'EUR',
          sum: 122.85,
        },
        cart: { id: cartId, items: [{ quantity: 2 }] },
      })
      const byPublicId = await api.gql(PUBLIC, { id: placed.publicId })
      expect(byPublicId.data).toMatchObject({
        getOrderPublic: { publicId: placed.publicId, status: 'received' },
      })
      // a numeric order id alone reveals nothing
      expect(errorCodes(await api.gql(CONFIRM, { id: placed.orderId }))).toEqual(['NOT_FOUND'])
    })

    it('refuses an order over the per-size limit and changes nothing (issue #15, finding 6)', async () => {
      // the cart refuses it too; this cart got its line before the limit (or past the cart rules)
      const cartId = await cartWith(SKU.inStock, 1)
      await api.db
        .updateTable('cart_items')
        .set({ quantity: MAX_UNITS_PER_SKU + 1 })
        .where('cart_id', '=', cartId)
        .execute()
      const response = await refused(PLACE, { cartId, checkout: checkoutInput({ paymentId: FI.invoice }) })
      expect(errorCodes(response)).toEqual(['BAD_USER_INPUT'])
      expect(response.errors?.[0]?.extensions).toMatchObject({
        reason: 'QUANTITY_LIMIT',
        per: 'sku',
        limit: MAX_UNITS_PER_SKU,
        skuId: SKU.inStock,
      })
      // at the limit the same cart is ordered
      await api.db
        .updateTable('cart_items')
        .set({ quantity: MAX_UNITS_PER_SKU })
        .where('cart_id', '=', cartId)
        .execute()
      const stock = await skuStock(api.db, SKU.inStock)
      const placed = await place(cartId, checkoutInput({ paymentId: FI.invoice }))
      expect(placed.errors).toBeUndefined()
      expect((await skuStock(api.db, SKU.inStock)).stock_in_stock).toBe(
        stock.stock_in_stock - MAX_UNITS_PER_SKU,
      )
    })

    it('applies the promo code and the gift code and spends them', async () => {
      const cartId = await cartWith(SKU.inStock, 1)
      await api.gql(PROMO, { id: cartId, code: 'WELCOME15' })
      await api.gql(PROMO, { id: cartId, code: FIXTURE_GIFT_CODES.euroPartlyUsed.code })
      const used = await api.db
        .selectFrom('promo_codes')
        .select('used_count')
        .where('code', '=', 'WELCOME15')
        .executeTakeFirstOrThrow()
      const response = await place(cartId, checkoutInput({ paymentId: FI.invoice }))
      expect(response.errors).toBeUndefined()
      const order = await api.db
        .selectFrom('orders')
        .selectAll()
        .where('order_id', '=', Number(response.data!.placeOrder.orderId))
        .executeTakeFirstOrThrow()
      expect(order.promo_code).toBe('WELCOME15')
      expect(order.discount_inc_vat).toBe(899)
      expect(order.from_balance).toBe(2500)
      // goods below 69 € pay shipping; plus the 2.95 € invoice fee, minus the 25 € gift balance
      expect(order.total_inc_vat).toBe(order.item_value_inc_vat + order.shipping_fee_inc_vat + 295 - 2500)
      const gift = await api.db
        .selectFrom('gift_codes')
        .select('balance')
        .where('code', '=', FIXTURE_GIFT_CODES.euroPartlyUsed.code)
        .executeTakeFirstOrThrow()
      expect(gift.balance).toBe(0)
      const after = await api.db
        .selectFrom('promo_codes')
        .select('used_count')
        .where('code', '=', 'WELCOME15')
        .executeTakeFirstOrThrow()
      expect(after.used_count).toBe(used.used_count + 1)
    })

    it('refuses an order whose gift code another order spent first, instead of charging the full price', async () => {
      const gift = FIXTURE_GIFT_CODES.euro50.code
      const first = await cartWith(SKU.inStock, 1)
      const second = await cartWith(SKU.inStock, 1)
      // both carts show the gift code taking 50 €
      await api.gql(PROMO, { id: first, code: gift })
      await api.gql(PROMO, { id: second, code: gift })
      const placed = await place(first, checkoutInput({ paymentId: FI.invoice }))
      expect(placed.errors).toBeUndefined()
      const ordersBefore = await api.db.selectFrom('orders').select('order_id').execute()
      const late = await place(second, checkoutInput({ paymentId: FI.invoice }))
      expect(errorCodes(late)).toEqual(['CONFLICT'])
      expect(late.errors?.[0]?.message).toBe(
        'The gift code or account balance changed; please review the cart',
      )
      expect(await api.db.selectFrom('orders').select('order_id').execute()).toHaveLength(ordersBefore.length)
    })

    it('refuses with a clear code and changes nothing', async () => {
      const cartId = await cartWith(SKU.inStock, 1)
      const blacklisted = await refused(PLACE, {
        cartId,
        checkout: checkoutInput({ email: FIXTURE_EMAIL_RULES.blacklisted.email }),
      })
      expect(errorCodes(blacklisted)).toEqual(['FORBIDDEN'])
      expect(blacklisted.errors?.[0]?.message).toBe('Customer is blacklisted')
      const invalidEmail = await refused(PLACE, { cartId, checkout: checkoutInput({ email: 'broken' }) })
      expect(invalidEmail.errors?.[0]?.message).toBe('Email seems to be invalid')
      const missing = await refused(PLACE, {
        cartId,
        checkout: checkoutInput({ billingAddress: { firstName: 'A' } }),
      })
      expect(errorCodes(missing)).toEqual(['BAD_USER_INPUT'])
      expect(missing.errors?.[0]?.message).toBe('Last name is required')
      const noDelivery = await refused(PLACE, {
        cartId,
        checkout: checkoutInput({ shippingAddress: { zip: FIXTURE_NO_DELIVERY_ZIP.example, country: 'FI' } }),
      })
      expect(noDelivery.errors?.[0]?.message).toBe('Shipping must be selected')
      const wrongCountry = await refused(PLACE, {
        cartId,
        checkout: checkoutInput({ billingAddress: { ...checkoutInput().billingAddress, country: 'SE' } }),
      })
      expect(wrongCountry.errors?.[0]?.message).toBe('Invalid Billing Country')
      const unknown = await refused(PLACE, {
        cartId: '00000000-0000-4000-8000-0000000000aa',
        checkout: checkoutInput(),
      })
      expect(errorCodes(unknown)).toEqual(['NOT_FOUND'])

      const token = await api.tokenFor({ id: FIXTURE_CUSTOMERS.noCredit.userId })
      const creditCart = await cartWith(SKU.inStock, 1, token)
      const noCredit = await refused(
        PLACE,
        { cartId: creditCart, checkout: checkoutInput({ email: FIXTURE_CUSTOMERS.noCredit.email }) },
        token,
      )
      expect(errorCodes(noCredit)).toEqual(['FORBIDDEN'])

      const completedCart = await cartWith(SKU.inStock, 1)
      await api.gql(`mutation ($id: String!) { completeCart(id: $id) { id } }`, { id: completedCart })
      const completed = await refused(PLACE, { cartId: completedCart, checkout: checkoutInput() })
      expect(errorCodes(completed)).toEqual(['CART_COMPLETED'])
      expect(errorCodes(await api.gql(CONFIRM, { id: '00000000-0000-4000-8000-000000000abc' }))).toEqual([
        'NOT_FOUND',
      ])

      const emptyCart = (await api.gql<{ getCart: { id: string } }>(GET_CART)).data!.getCart.id
      const empty = await refused(PLACE, { cartId: emptyCart, checkout: checkoutInput() })
      expect(empty.errors?.[0]?.message).toBe('The cart is empty')
    })

    it('refuses an order whose stock ran out after it was put in the cart', async () => {
      const cartId = await cartWith(SKU.oversellable, 3)
      await api.db
        .updateTable('skus')
        .set({ stock_oversellable: 2 })
        .where('sku_id', '=', SKU.oversellable)
        .execute()
      const response = await refused(PLACE, { cartId, checkout: checkoutInput() })
      expect(errorCodes(response)).toEqual(['OUT_OF_STOCK'])
      expect(response.errors?.[0]?.extensions).toMatchObject({ skuId: SKU.oversellable, stock: 2 })
      await api.db
        .updateTable('skus')
        .set({ stock_oversellable: 25 })
        .where('sku_id', '=', SKU.oversellable)
        .execute()
    })

    it('never decrements static stock', async () => {
      const cartId = await cartWith(SKU.staticStock, 3)
      const before = await skuStock(api.db, SKU.staticStock)
      expect((await place(cartId)).errors).toBeUndefined()
      expect(await skuStock(api.db, SKU.staticStock)).toEqual(before)
    })

    it('places a card order as pending until the payment provider confirms it', async () => {
      const cartId = await cartWith(SKU.inStock, 1)
      const response = await place(cartId, checkoutInput({ paymentId: FI.card }))
      const placed = response.data!.placeOrder
      expect(placed.status).toBe('pending')
      expect(placed.redirectUrl).toBe(`${api.config.publicUrl}/pay/orders/${placed.publicId}`)
      const pending = await api.gql<{ checkout: { completed: boolean } }>(CONFIRM, { id: placed.publicId })
      expect(pending.data?.checkout.completed).toBe(false)

      const paid = await confirmOrderPayment(api.db, Number(placed.orderId), {
        status: 'paid',
        transactionId: 'tx-1',
      })
      expect(paid).toMatchObject({ changed: true, status: 'received' })
      expect(
        (await confirmOrderPayment(api.db, Number(placed.orderId), { status: 'paid', transactionId: 'tx-1' }))
          .changed,
      ).toBe(false)
      const confirmed = await api.gql<{ checkout: { completed: boolean } }>(CONFIRM, { id: placed.publicId })
      expect(confirmed.data?.checkout.completed).toBe(true)
      expect((await place(cartId, checkoutInput({ paymentId: FI.card }))).data?.placeOrder.status).toBe(
        'completed',
      )
    })

    it('cancels a card order whose payment failed and gives everything back', async () => {
      const cartId = await cartWith(SKU.stockFive, 2)
      await api.gql(PROMO, { id: cartId, code: 'WELCOME15' })
      const promoUse = () =>
        api.db
          .selectFrom('promo_codes')
          .select('used_count')
          .where('code', '=', 'WELCOME15')
          .executeTakeFirstOrThrow()
      const usedBefore = (await promoUse()).used_count
      const stockBefore = await skuStock(api.db, SKU.stockFive)
      const placed = (await place(cartId, checkoutInput({ paymentId: FI.card }))).data!.placeOrder
      expect((await skuStock(api.db, SKU.stockFive)).stock_in_stock).toBe(stockBefore.stock_in_stock - 2)
      const failed = await confirmOrderPayment(api.db, Number(placed.orderId), {
        status: 'failed',
        reason: 'card declined',
      })
      expect(failed).toMatchObject({ changed: true, status: 'cancelled' })
      expect(await skuStock(api.db, SKU.stockFive)).toEqual(stockBefore)
      expect((await promoUse()).used_count).toBe(usedBefore)
      expect((await place(cartId)).data?.placeOrder.status).toBe('cancelled')
      await expect(
        confirmOrderPayment(api.db, Number(placed.orderId), { status: 'paid', transactionId: 'late' }),
      ).rejects.toThrow(/cancelled/)
    })
  })

  describe("the customer form's per-country rules", () => {
    async function validation(checkout: Record<string, unknown>) {
      const cartId = await cartWith(SKU.inStock, 1)
      const response = await api.gql<{ validateOrderCreation: { isValid: boolean; message: string | null } }>(
        VALIDATE,
        { cartId, checkout },
      )
      expect(response.errors).toBeUndefined()
      return response.data!.validateOrderCreation
    }
    const address = (zip: string) => ({ ...checkoutInput().billingAddress, zip })

    it('refuses a zip that is not one of the market country', async () => {
      expect(await validation(checkoutInput({ billingAddress: address('0010') }))).toMatchObject({
        isValid: false,
        message: 'Zip is invalid',
      })
      // a Norwegian zip in the Finnish market
      expect(await validation(checkoutInput({ billingAddress: address('0150') }))).toMatchObject({
        isValid: false,
        message: 'Zip is invalid',
      })
      expect(await validation(checkoutInput({ billingAddress: address('00 100') }))).toMatchObject({
        isValid: true,
      })
    })

    it('checks a personal id, or an organisation number, against the market country', async () => {
      expect(await validation(checkoutInput({ identityNumber: '131052-308T' }))).toMatchObject({
        isValid: true,
      })
      for (const identityNumber of ['131052-308A', '811218-9876', '0112038-9']) {
        expect(await validation(checkoutInput({ identityNumber }))).toMatchObject({
          isValid: false,
          message: 'Identity number is invalid',
        })
      }
      const organisation = { customerType: 'ORGANIZATION' }
      expect(await validation(checkoutInput({ ...organisation, identityNumber: '0112038-9' }))).toMatchObject(
        { isValid: true },
      )
      expect(
        await validation(checkoutInput({ ...organisation, identityNumber: '131052-308T' })),
      ).toMatchObject({
        isValid: false,
        message: 'Identity number is invalid',
      })
    })

    it('places no order with an invalid personal id or zip', async () => {
      const cartId = await cartWith(SKU.inStock, 1)
      const badId = await refused(PLACE, {
        cartId,
        checkout: checkoutInput({ identityNumber: '131052-308A' }),
      })
      expect(errorCodes(badId)).toEqual(['BAD_USER_INPUT'])
      expect(badId.errors?.[0]?.message).toBe('Identity number is invalid')
      const badZip = await refused(PLACE, {
        cartId,
        checkout: checkoutInput({ billingAddress: address('1234') }),
      })
      expect(badZip.errors?.[0]?.message).toBe('Zip is invalid')
      const placed = await place(cartId, checkoutInput({ identityNumber: '131052-308T' }))
      expect(placed.errors).toBeUndefined()
      expect(placed.data?.placeOrder.status).toBe('completed')
    })
  })

  describe('concurrency', () => {
    it('30 simultaneous checkouts of a SKU with stock 5 give exactly 5 orders and stock 0', async () => {
      const skuId = SKU.stockFive
      await api.db.updateTable('skus').set({ stock_in_stock: 5 }).where('sku_id', '=', skuId).execute()
      const carts: string[] = []
      for (let i = 0; i < 30; i += 1) carts.push(await cartWith(skuId, 1))
      const ordersBefore = await api.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      const responses = await Promise.all(carts.map((cartId) => place(cartId)))
      const placed = responses.filter((r) => r.data?.placeOrder)
      const refusedResponses = responses.filter((r) => r.errors)
      expect(placed).toHaveLength(5)
      expect(refusedResponses).toHaveLength(25)
      for (const response of refusedResponses) expect(errorCodes(response)).toEqual(['OUT_OF_STOCK'])
      expect((await skuStock(api.db, skuId)).stock_in_stock).toBe(0)
      const ordersAfter = await api.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      expect(Number(ordersAfter.n) - Number(ordersBefore.n)).toBe(5)
    })

    it('orders of the same products in opposite orders never deadlock', async () => {
      // Different sizes of the same two products: the SKU locks do not overlap, the product rows do.
      const blouse = await api.db
        .selectFrom('skus')
        .select('sku_id')
        .where('product_id', '=', FIXTURE_PRODUCTS.newBlouse.productId)
        .orderBy('sku_id')
        .limit(2)
        .execute()
      const [blouseA, blouseB] = blouse.map((row) => row.sku_id)
      if (blouseA === undefined || blouseB === undefined) throw new Error('the new blouse has two sizes')
      const skus = [SKU.inStock, SKU.stockFive, blouseA, blouseB]
      await api.db.updateTable('skus').set({ stock_in_stock: 100 }).where('sku_id', 'in', skus).execute()
      const carts: string[] = []
      for (let i = 0; i < 16; i += 1) {
        const [first, second] = i % 2 === 0 ? [SKU.inStock, blouseA] : [blouseB, SKU.stockFive]
        const cartId = await cartWith(first, 1)
        expect((await api.gql(ADD, { id: cartId, skuId: second, quantity: 1 })).errors).toBeUndefined()
        carts.push(cartId)
      }
      const responses = await Promise.all(carts.map((cartId) => place(cartId)))
      for (const response of responses) expect(response.errors).toBeUndefined()
      for (const skuId of skus) expect((await skuStock(api.db, skuId)).stock_in_stock).toBe(92)
    })

    it('simultaneous placeOrder calls for one cart give one order', async () => {
      const cartId = await cartWith(SKU.inStock, 1)
      const stockBefore = await skuStock(api.db, SKU.inStock)
      const responses = await Promise.all(Array.from({ length: 8 }, () => place(cartId)))
      for (const response of responses) expect(response.errors).toBeUndefined()
      const ids = new Set(responses.map((r) => r.data?.placeOrder.orderId))
      expect(ids.size).toBe(1)
      const orders = await api.db
        .selectFrom('orders')
        .select('order_id')
        .where('cart_id', '=', cartId)
        .execute()
      expect(orders).toHaveLength(1)
      expect((await skuStock(api.db, SKU.inStock)).stock_in_stock).toBe(stockBefore.stock_in_stock - 1)
    })
  })
})

/**
 * The cart follows the account (issue 27 part 6, ADR 0057): mergeCart at login makes the
 * device's cart and the account's one cart, by the written rules (same size one line,
 * quantities added within stock and the order limits, the market's current prices, a code kept
 * while it holds). A second device sees it; another customer never reads it; after a logout the
 * device starts anew and the account's cart waits for the next login.
 *
 * Before: there was no account cart. A cart a customer used was theirs only on the device that
 * held its id; logging in on a second device showed an empty cart.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FIXTURE_GIFT_CODES, FIXTURE_PRODUCTS, FIXTURE_PROMO_CODES } from '../../../server/db/seed/fixtures'
import { MAX_UNITS_PER_SKU } from '../../../src/shared/order-limits'
import { describeEachDatabase } from '../helpers/outside-servers'
import {
  CART_FIELDS,
  errorCodes,
  startCommerceApi,
  type CartJson,
  type CommerceApi,
} from './commerce-harness'

const SKU = FIXTURE_PRODUCTS.satinDress.skus

const GET_CART = `query ($id: String, $marketId: String) { getCart(id: $id, marketId: $marketId) { ${CART_FIELDS} } }`
const ADD = `mutation ($id: String!, $skuId: Int, $quantity: Int!, $marketId: String) {
  addToCart(id: $id, item: { skuId: $skuId, quantity: $quantity }, marketId: $marketId) { ${CART_FIELDS} } }`
const PROMO = `mutation ($id: String!, $code: String!, $marketId: String) {
  setCartPromoCode(id: $id, promoCode: $code, marketId: $marketId) { ${CART_FIELDS} } }`
const MERGE = `mutation ($id: String, $marketId: String) {
  mergeCart(id: $id, marketId: $marketId) { ${CART_FIELDS} } }`

interface Customer {
  id: string
  token: string
}

describeEachDatabase('the account cart on %s', (kind) => {
  let api: CommerceApi
  let customers = 0

  beforeAll(async () => {
    api = await startCommerceApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  async function customer(): Promise<Customer> {
    customers += 1
    const email = `account-cart-${customers}@example.fi`
    const row = await api.db
      .insertInto('users')
      .values({ email, password_hash: 'unusable' })
      .returning('user_id')
      .executeTakeFirstOrThrow()
    return { id: row.user_id, token: await api.tokenFor({ id: row.user_id, email }) }
  }

  /** A device's cart: anonymous (a guest's) unless a token is given, with these lines. */
  async function deviceCart(lines: [skuId: number, quantity: number][], token?: string, marketId = 'fi') {
    const created = await api.gql<{ getCart: CartJson }>(GET_CART, { marketId }, { token })
    let cart = created.data!.getCart
    for (const [skuId, quantity] of lines) {
      const added = await api.gql<{ addToCart: CartJson }>(
        ADD,
        { id: cart.id, skuId, quantity, marketId },
        { token },
      )
      expect(added.errors).toBeUndefined()
      cart = added.data!.addToCart
    }
    return cart
  }

  async function merge(who: Customer, id: string | null, marketId = 'fi') {
    const response = await api.gql<{ mergeCart: CartJson | null }>(
      MERGE,
      { id, marketId },
      { token: who.token },
    )
    expect(response.errors).toBeUndefined()
    return response.data!.mergeCart
  }

  const quantities = (cart: CartJson | null) =>
    Object.fromEntries((cart?.items ?? []).map((item) => [item.skuId, item.quantity]))

  it('adopts the device cart at the first login, and a second device sees it', async () => {
    const aino = await customer()
    const phone = await deviceCart([[SKU.inStock, 2]])
    const adopted = await merge(aino, phone.id)
    expect(adopted!.id).toBe(phone.id)
    expect(quantities(adopted)).toEqual({ [SKU.inStock]: 2 })

    // the laptop has no cart: logging in there brings the same cart, same lines
    const laptop = await merge(aino, null)
    expect(laptop!.id).toBe(phone.id)
    expect(quantities(laptop)).toEqual({ [SKU.inStock]: 2 })
    // and it is the account's: a guest holding the id cannot read it any more
    expect(errorCodes(await api.gql(GET_CART, { id: phone.id }))).toEqual(['NOT_FOUND'])
  })

  it('merges by the rules: one line per size, quantities added within stock and the order limits', async () => {
    const aino = await customer()
    const account = await merge(
      aino,
      (
        await deviceCart([
          [SKU.inStock, 3],
          [SKU.stockFive, 4],
        ])
      ).id,
    )
    const tablet = await deviceCart([
      [SKU.inStock, 2], // same size: 3 + 2
      [SKU.stockFive, 3], // 4 + 3 is more than the 5 in stock: 5
      [SKU.staticStock, 9],
    ])
    const merged = await merge(aino, tablet.id)
    expect(merged!.id).toBe(account!.id)
    expect(quantities(merged)).toEqual({ [SKU.inStock]: 5, [SKU.stockFive]: 5, [SKU.staticStock]: 9 })
    expect(merged!.items).toHaveLength(3)
    // the device's cart is merged away
    const gone = await api.db.selectFrom('carts').select('cart_id').where('cart_id', '=', tablet.id).execute()
    expect(gone).toEqual([])

    // a size never goes past MAX_UNITS_PER_SKU, whatever the two carts held
    const more = await deviceCart([[SKU.staticStock, MAX_UNITS_PER_SKU]])
    expect(quantities(await merge(aino, more.id))[SKU.staticStock]).toBe(MAX_UNITS_PER_SKU)
  })

  it("prices the merged cart at the market's current prices", async () => {
    const aino = await customer()
    await merge(aino, (await deviceCart([[SKU.inStock, 1]])).id)
    const merged = await merge(aino, (await deviceCart([[SKU.inStock, 1]])).id)
    const [line] = merged!.items
    expect(line!.quantity).toBe(2)
    expect(line!.unitPrice.sellingPriceIncVat).toBe(FIXTURE_PRODUCTS.satinDress.regularPrice.fi / 100)
    expect(merged!.summary.total.currency.code).toBe('EUR')
  })

  it('keeps a code that holds, the device first; a gift code while it has a balance', async () => {
    const aino = await customer()
    const accountCart = await deviceCart([[SKU.inStock, 1]])
    await api.gql(PROMO, { id: accountCart.id, code: FIXTURE_PROMO_CODES.welcome15.code, marketId: 'fi' })
    await merge(aino, accountCart.id)

    // the device's code holds for the merged cart: it wins
    const withSave = await deviceCart([[SKU.staticStock, 1]])
    await api.gql(PROMO, { id: withSave.id, code: FIXTURE_PROMO_CODES.save10.code, marketId: 'fi' })
    const first = await merge(aino, withSave.id)
    expect(first!.promoCode).toBe(FIXTURE_PROMO_CODES.save10.code)

    // a device without a code keeps the account's; a gift code comes along
    const withGift = await deviceCart([[SKU.inStock, 1]])
    await api.gql(PROMO, { id: withGift.id, code: FIXTURE_GIFT_CODES.euro50.code, marketId: 'fi' })
    const second = await merge(aino, withGift.id)
    expect(second!.promoCode).toBe(FIXTURE_PROMO_CODES.save10.code)
    const row = await api.db
      .selectFrom('carts')
      .select('gift_code')
      .where('cart_id', '=', second!.id)
      .executeTakeFirstOrThrow()
    expect(row.gift_code).toBe(FIXTURE_GIFT_CODES.euro50.code)
  })

  it('keeps one cart per market', async () => {
    const aino = await customer()
    const fi = await merge(aino, (await deviceCart([[SKU.inStock, 1]])).id)
    const se = await merge(aino, (await deviceCart([[SKU.stockFive, 1]], undefined, 'se')).id, 'se')
    expect(se!.id).not.toBe(fi!.id)
    expect(quantities(se)).toEqual({ [SKU.stockFive]: 1 })
    expect(se!.summary.total.currency.code).toBe('SEK')
    expect(quantities(await merge(aino, null))).toEqual({ [SKU.inStock]: 1 })
  })

  it("never reads or merges another customer's cart", async () => {
    const aino = await customer()
    const sven = await customer()
    const ainos = await merge(aino, (await deviceCart([[SKU.inStock, 2]])).id)
    // Sven names Aino's cart: he gets no cart, and hers is unchanged
    expect(await merge(sven, ainos!.id)).toBeNull()
    expect(errorCodes(await api.gql(GET_CART, { id: ainos!.id }, { token: sven.token }))).toEqual([
      'NOT_FOUND',
    ])
    const own = await merge(sven, (await deviceCart([[SKU.staticStock, 1]])).id)
    expect(own!.id).not.toBe(ainos!.id)
    expect(quantities(own)).toEqual({ [SKU.staticStock]: 1 })
    expect(quantities(await merge(aino, null))).toEqual({ [SKU.inStock]: 2 })
  })

  it('needs a login', async () => {
    const response = await api.gql(MERGE, { id: null, marketId: 'fi' })
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED'])
  })

  it("after a logout the device starts a new cart; the account's waits for the next login", async () => {
    const aino = await customer()
    const account = await merge(aino, (await deviceCart([[SKU.inStock, 1]])).id)
    // logged out, the device makes a new cart as a guest: a new id, empty
    const guest = await deviceCart([])
    expect(guest.id).not.toBe(account!.id)
    expect(guest.items).toEqual([])
    // the next login brings the account's cart back, with what the guest added since
    await api.gql(ADD, { id: guest.id, skuId: SKU.staticStock, quantity: 1, marketId: 'fi' })
    const back = await merge(aino, guest.id)
    expect(back!.id).toBe(account!.id)
    expect(quantities(back)).toEqual({ [SKU.inStock]: 1, [SKU.staticStock]: 1 })
  })
})

/**
 * The checkout options cache (server/services/graphql/checkout/options-cache.ts): each market's
 * shipping and payment options and zip rules are read once and kept, and the database's
 * notifications (migration 1032) drop them when the shop edits them, so the next cart or checkout
 * is priced with the new fee. Each test awaits the cache's invalidation, never a timer.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { startCommerceApi, type CommerceApi } from './commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const SKU = FIXTURE_PRODUCTS.satinDress.skus.inStock
const GET_CART = `query ($id: String) { getCart(id: $id, marketId: "fi") { id summary { shipping { feeIncVat } } } }`
const ADD = `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${SKU}, quantity: 1 }, marketId: "fi") { id } }`
const PREVIEW = `query ($cartId: String!) { checkoutPreview(cartId: $cartId, marketId: "fi") {
  shippingOptions { id feeIncVat isSelected } paymentOptions { id isSelected } } }`

describeEachDatabase('the checkout options cache on %s', (kind) => {
  let api: CommerceApi
  let cartId: string

  beforeAll(async () => {
    api = await startCommerceApi(kind)
    cartId = (await api.gql<{ getCart: { id: string } }>(GET_CART)).data!.getCart.id
    expect((await api.gql(ADD, { id: cartId })).errors).toBeUndefined()
  })
  afterAll(async () => {
    await api?.close()
  })

  /** The SQL statements `work` sends that read the options tables. */
  async function optionReads(work: () => Promise<unknown>): Promise<string[]> {
    const reads: string[] = []
    const stop = api.database.onQuery((event) => {
      if (/\b(shipping_options|payment_options|shipping_zip_rules)\b/.test(event.sql)) reads.push(event.sql)
    })
    try {
      await work()
    } finally {
      stop()
    }
    return reads
  }

  const invalidation = () =>
    new Promise<void>((resolve) => {
      const stop = api.app.checkoutOptionsCache.onInvalidated(() => {
        stop()
        resolve()
      })
    })

  it('reads the options once, then answers carts and checkouts without asking the database', async () => {
    await api.gql(GET_CART, { id: cartId })
    await api.gql(PREVIEW, { cartId })
    expect(
      await optionReads(async () => {
        expect((await api.gql(GET_CART, { id: cartId })).errors).toBeUndefined()
        expect((await api.gql(PREVIEW, { cartId })).errors).toBeUndefined()
      }),
    ).toEqual([])
  })

  it('prices the next request with a changed fee and leaves out an option the shop withdrew', async () => {
    type Preview = {
      checkoutPreview: { shippingOptions: { id: number; feeIncVat: number; isSelected: boolean }[] }
    }
    const before = (await api.gql<Preview>(PREVIEW, { cartId })).data!.checkoutPreview.shippingOptions
    const selected = before.find((option) => option.isSelected)!
    const other = before.find((option) => !option.isSelected)!

    let dropped = invalidation()
    await sql`UPDATE shipping_options SET fee_inc_vat = fee_inc_vat + 100,
      free_shipping_threshold_inc_vat = NULL WHERE shipping_option_id = ${selected.id}`.execute(api.db)
    await dropped
    const after = (await api.gql<Preview>(PREVIEW, { cartId })).data!.checkoutPreview.shippingOptions
    expect(after.find((option) => option.id === selected.id)!.feeIncVat).toBeGreaterThanOrEqual(
      selected.feeIncVat + 1,
    )
    const cart = await api.gql<{ getCart: { summary: { shipping: { feeIncVat: number } } } }>(GET_CART, {
      id: cartId,
    })
    expect(cart.data!.getCart.summary.shipping.feeIncVat).toBe(
      after.find((o) => o.id === selected.id)!.feeIncVat,
    )

    dropped = invalidation()
    await sql`UPDATE shipping_options SET is_active = false WHERE shipping_option_id = ${other.id}`.execute(
      api.db,
    )
    await dropped
    const withdrawn = (await api.gql<Preview>(PREVIEW, { cartId })).data!.checkoutPreview.shippingOptions
    expect(withdrawn.map((option) => option.id)).not.toContain(other.id)
  })
})

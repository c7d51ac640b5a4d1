/**
 * The payment kinds have one definition (src/shared/payment-kinds.ts); the database's reference
 * table (migration 1058) must hold the same list, and orders and payment options may name no
 * other kind. The seed offers each market exactly the kinds the module offers there.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { MARKET_ALIASES } from '../../../src/shared/markets'
import { kindsOfferedIn, PAYMENT_KIND_IDS } from '../../../src/shared/payment-kinds'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

describeEachDatabase('payment kinds in the database (%s)', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: 20 } })
  })

  afterAll(async () => {
    await database?.close()
  })

  it('the reference table holds exactly the kinds of src/shared/payment-kinds.ts', async () => {
    const rows = await database.db.selectFrom('payment_kinds').select('kind').orderBy('kind').execute()
    expect(rows.map((row) => row.kind)).toEqual([...PAYMENT_KIND_IDS].sort())
  })

  it('refuses a payment option or an order of a kind it does not know', async () => {
    const option = await database.db
      .selectFrom('payment_options')
      .selectAll()
      .orderBy('payment_option_id')
      .executeTakeFirstOrThrow()
    await expect(
      database.db
        .updateTable('payment_options')
        .set({ kind: 'cheque' as never })
        .where('payment_option_id', '=', option.payment_option_id)
        .execute(),
    ).rejects.toThrow(/payment_options_kind_fkey/)
    const order = await database.db
      .selectFrom('orders')
      .select('order_id')
      .orderBy('order_id')
      .executeTakeFirstOrThrow()
    await expect(
      database.db
        .updateTable('orders')
        .set({ payment_kind: 'cheque' as never })
        .where('order_id', '=', order.order_id)
        .execute(),
    ).rejects.toThrow(/orders_payment_kind_fkey/)
  })

  it('the seed offers each market the kinds offered there, and only those', async () => {
    const rows = await database.db.selectFrom('payment_options').select(['market_alias', 'kind']).execute()
    for (const market of MARKET_ALIASES) {
      expect(
        rows
          .filter((row) => row.market_alias === market)
          .map((row) => row.kind)
          .sort(),
      ).toEqual([...kindsOfferedIn(market)].sort())
    }
  })
})

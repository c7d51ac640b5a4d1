/**
 * First-purchase promo codes (the newsletter's 15 % code, docs/product-rules.md#mails-and-subscriptions): placeOrder refuses such a code
 * when the customer already has an order that was not cancelled, looked up by the order's e-mail
 * and by the signed-in account. setCartPromoCode refuses it at once when the shopper is already
 * known (signed in, or the checkout's address saved); placeOrder checks it again in its
 * transaction, where a guest's address is always known.
 */
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { requirementsNotMet } from '../errors'

export async function assertFirstPurchase(
  trx: Kysely<DB>,
  promoCode: string | null | undefined,
  customer: { email: string | null | undefined; userId: string | null },
): Promise<void> {
  if (!promoCode) return
  const rule = await trx
    .selectFrom('promo_codes')
    .select('first_purchase_only')
    .where('code', '=', promoCode)
    .executeTakeFirst()
  if (!rule?.first_purchase_only) return
  const email = (customer.email ?? '').trim().toLowerCase()
  const earlier = await trx
    .selectFrom('orders')
    .select('order_id')
    .where('status', '<>', 'cancelled')
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(email)`, '=', email),
        ...(customer.userId ? [eb('user_id', '=', customer.userId)] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst()
  if (earlier) throw requirementsNotMet(`The promo code ${promoCode} is for a first purchase only`)
}

/** An order's confirmation mail as the renderer reads it, from the order's rows in the database. */
import type { Kysely } from 'kysely'
import { orderMoneyFromPlacedOrder } from '../../../src/shared/order-money'
import { marketReturnWindowDays } from '../../../src/shared/markets'
import type { MailDB } from './db'
import type { MailLanguage, OrderMail } from './render'

export function languageOf(value: string): MailLanguage {
  return value === 'sv' || value === 'nb' || value === 'da' ? value : 'fi'
}

export async function loadOrderMail(
  db: Kysely<MailDB>,
  orderId: number,
  publicUrl: string,
): Promise<OrderMail | undefined> {
  const order = await db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirst()
  if (!order) return undefined
  const rows = await db
    .selectFrom('order_rows')
    .select([
      'product_name',
      'brand_name',
      'sku_name',
      'quantity',
      'unit_price_inc_vat',
      'regular_unit_price_inc_vat',
    ])
    .where('order_id', '=', orderId)
    .orderBy('order_row_id')
    .execute()
  const payment = order.payment_option_id
    ? await db
        .selectFrom('payment_options')
        .select('display_names')
        .where('payment_option_id', '=', order.payment_option_id)
        .executeTakeFirst()
    : undefined
  const language = languageOf(order.language)
  const names = (payment?.display_names ?? {}) as Record<string, string>
  // the window the returns service applies (a row per market, written from the shop definition)
  const returnWindow = await db
    .selectFrom('market_return_windows')
    .select('days')
    .where('market_alias', '=', order.market_alias)
    .executeTakeFirst()
  return {
    orderNumber: String(order.order_id),
    language,
    currency: order.currency_code,
    email: order.email,
    firstName: order.first_name,
    rows: rows.map((row) => ({
      name: row.product_name,
      brand: row.brand_name,
      size: row.sku_name,
      quantity: row.quantity,
      totalIncVat: row.unit_price_inc_vat * row.quantity,
    })),
    money: orderMoneyFromPlacedOrder({
      rows: rows.map((row) => ({
        quantity: row.quantity,
        unitPriceIncVat: row.unit_price_inc_vat,
        regularUnitPriceIncVat: row.regular_unit_price_inc_vat,
      })),
      discountIncVat: order.discount_inc_vat,
      promoCode: order.promo_code,
      shippingFeeIncVat: order.shipping_fee_inc_vat,
      paymentFeeIncVat: order.payment_fee_inc_vat,
      fromBalance: order.from_balance,
      totalIncVat: order.total_inc_vat,
      vatTotal: order.vat_total,
    }),
    shippingMethod: order.shipping_method,
    paymentMethod: names[language] ?? Object.values(names)[0] ?? order.payment_kind,
    shippingAddress: order.shipping_address,
    // the host the order was placed on: a journey never switches host (ADR 0057)
    shopUrl: order.shop_url ?? publicUrl,
    returnWindowDays: returnWindow?.days ?? marketReturnWindowDays(order.market_alias),
  }
}

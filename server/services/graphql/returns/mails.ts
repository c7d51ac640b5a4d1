/**
 * The e-mails of shipping, returns and an operator's cancel (server/contracts/mail.ts):
 * `order-shipped`, `return-registered`, `return-refunded` and `order-cancelled`, queued in the
 * transaction of the change that causes them, in the order's language. Their texts are
 * `mail.orderShipped.*`, `mail.returnRegistered.*`, `mail.returnRefunded.*` and
 * `mail.orderCancelled.*` in locales/{fi,sv,nb,da}.json; the lines listed here (items, amounts)
 * are formatted in that language too.
 */
import type { Transaction } from 'kysely'
import type { NoticeMailPayload } from '../../../contracts/mail'
import { toJson, type Order, type OrderRow } from '../../../db/schema'
import { isInvoiced } from '../../../../src/shared/payment-kinds'
import { localeTexts, type ServiceLanguage } from '../../shared/locale-texts'
import { LOCALES, type LocaleCode } from '../../../../src/shared/markets'
import { formatMoney } from '../../../../src/shared/money'
import { returnReasonMessage } from '../../../../src/shared/returns'
import { returnWindowDays } from './store'
import type { CommerceDB } from '../cart/db'

type Trx = Transaction<CommerceDB>

function languageOf(order: Order): ServiceLanguage {
  return order.language
}

/** `{name}` placeholders of a locale text, filled in (the texts here are plain ICU arguments). */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

function text(language: ServiceLanguage, id: string, values: Record<string, string | number> = {}): string {
  const texts = localeTexts(language, id.startsWith('mail.') ? 'mail.' : 'returns.')
  return fill(texts[id] ?? id, values)
}

export function money(order: Order, amount: number): string {
  return formatMoney(amount, order.currency_code, LOCALES[order.language as LocaleCode].iso)
}

/** `2 × Brand Product, M` */
export function itemLine(row: OrderRow, quantity: number): string {
  const size = row.sku_name && row.sku_name !== row.product_name ? `, ${row.sku_name}` : ''
  return `${quantity} × ${row.brand_name} ${row.product_name}${size}`
}

async function queue(trx: Trx, order: Order, kind: string, payload: NoticeMailPayload): Promise<void> {
  await trx
    .insertInto('mail_messages')
    .values({
      kind,
      order_id: null,
      recipient: order.email,
      language: languageOf(order),
      status: 'queued',
      // the mail's links stay on the host the order was placed on (ADR 0057)
      payload: toJson(order.shop_url ? { shopUrl: order.shop_url, ...payload } : payload),
    })
    .execute()
}

export async function queueOrderShippedMail(
  trx: Trx,
  order: Order,
  shipment: { carrier: string; trackingNumber: string; trackingLink: string | null },
): Promise<void> {
  const days = await returnWindowDays(trx, order.market_alias)
  return queue(trx, order, 'order-shipped', {
    firstName: order.first_name,
    params: {
      number: String(order.order_id),
      days: String(days),
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
    },
    ...(shipment.trackingLink ? { actionUrl: shipment.trackingLink } : {}),
  })
}

export function queueReturnRegisteredMail(
  trx: Trx,
  order: Order,
  registered: {
    returnNumber: string
    until: Date
    items: { row: OrderRow; quantity: number; reasonCode: string }[]
  },
): Promise<void> {
  const language = languageOf(order)
  const iso = LOCALES[order.language as LocaleCode].iso
  return queue(trx, order, 'return-registered', {
    firstName: order.first_name,
    params: {
      number: registered.returnNumber,
      orderNumber: String(order.order_id),
      until: new Intl.DateTimeFormat(iso, { dateStyle: 'long', timeZone: 'Europe/Helsinki' }).format(
        registered.until,
      ),
    },
    lines: registered.items.map(
      ({ row, quantity, reasonCode }) =>
        `${itemLine(row, quantity)} – ${text(language, returnReasonMessage(reasonCode))}`,
    ),
  })
}

export function queueReturnRefundedMail(
  trx: Trx,
  order: Order,
  refunded: {
    returnNumber: string
    refundTo: 'payment' | 'balance'
    total: number
    items: { row: OrderRow; quantity: number }[]
  },
): Promise<void> {
  const language = languageOf(order)
  const amount = money(order, refunded.total)
  const destination =
    refunded.refundTo === 'balance'
      ? text(language, 'returns.refundTo.balance')
      : text(language, `returns.refundTo.${order.payment_kind}`)
  return queue(trx, order, 'return-refunded', {
    firstName: order.first_name,
    params: { number: refunded.returnNumber, orderNumber: String(order.order_id), amount, destination },
    lines: [
      ...refunded.items.map(({ row, quantity }) => itemLine(row, quantity)),
      text(language, 'returns.refundLine', { amount, destination }),
    ],
  })
}

/**
 * `order-cancelled`: the items, and what became of the money — refunded to the card, the invoice
 * void, an unpaid card not charged — and of the gift code and balance the order spent.
 */
export async function queueOrderCancelledMail(
  trx: Trx,
  order: Order,
  cancelled: {
    released: { giftCodes: { code: string; amount: number }[]; toAccount: number }
    refunded: number
  },
): Promise<void> {
  const language = languageOf(order)
  const rows = await trx
    .selectFrom('order_rows')
    .selectAll()
    .where('order_id', '=', order.order_id)
    .orderBy('order_row_id')
    .execute()
  const lines = rows.map((row) => itemLine(row, row.quantity))
  if (cancelled.refunded > 0)
    lines.push(
      text(language, 'mail.orderCancelled.refunded', {
        amount: money(order, cancelled.refunded),
        destination: text(language, `returns.refundTo.${order.payment_kind}`),
      }),
    )
  else if (isInvoiced(order.payment_kind)) lines.push(text(language, 'mail.orderCancelled.invoiceVoid'))
  else if (order.total_inc_vat > 0) lines.push(text(language, 'mail.orderCancelled.notCharged'))
  for (const gift of cancelled.released.giftCodes)
    lines.push(
      text(language, 'mail.orderCancelled.giftCode', { amount: money(order, gift.amount), code: gift.code }),
    )
  if (cancelled.released.toAccount > 0)
    lines.push(
      text(language, 'mail.orderCancelled.refunded', {
        amount: money(order, cancelled.released.toAccount),
        destination: text(language, 'returns.refundTo.balance'),
      }),
    )
  await queue(trx, order, 'order-cancelled', {
    firstName: order.first_name,
    params: { number: String(order.order_id) },
    lines,
  })
}

import { parseArgs } from 'node:util'
import type { AdminCommand } from './types'

type Address = Record<string, string | undefined>

/** What GET /admin/api/orders/{order} answers (server/services/graphql/orders/admin-read.ts). */
export interface OrderDetails {
  order: {
    orderId: number
    publicId: string
    createdAt: string
    status: string
    market: string
    language: string
    email: string
    name: string
    customerType: string
    account: boolean
    payment: string
    paymentReference: string | null
    paidAt: string | null
    shippingMethod: string
    promoCode: string | null
    giftCode: string | null
    message: string | null
    awaitingApproval: boolean
    deliveredAt: string | null
  }
  lines: {
    articleNumber: string
    product: string
    size: string
    brand: string
    quantity: number
    unitPrice: number
    discount: number
    total: number
    vatRate: number
  }[]
  money: {
    currency: string
    items: number
    discount: number
    shipping: number
    paymentFee: number
    fromBalance: number
    total: number
    vat: number
  }
  events: { at: string; kind: string; status: string | null; reason: string | null; amount: number | null }[]
  billingAddress: Address
  shippingAddress: Address
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The one order `order` names: its number or its public id (a UUID); nothing else reaches the API. */
export function orderKeyArgument(args: string[]): { key: string; json: boolean } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false } },
  })
  if (positionals.length !== 1)
    throw new Error('order takes one order number or public id, e.g. npm run admin -- order 1042')
  const key = positionals[0]!.trim()
  if (!/^[1-9][0-9]{0,9}$/.test(key) && !UUID.test(key))
    throw new Error(`order: "${key}" is neither an order number nor a public id`)
  return { key, json: values.json }
}

const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`
const time = (iso: string) => iso.slice(0, 19).replace('T', ' ')

function addressLines(address: Address): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ')
  const place = [address.zip, address.city].filter(Boolean).join(' ')
  return [
    address.company,
    name,
    address.careOf ? `c/o ${address.careOf}` : undefined,
    address.addressLine1,
    address.addressLine2,
    address.addressLine3,
    place,
    address.country,
    address.mobile ?? address.phone,
  ].filter((line): line is string => Boolean(line))
}

/** One order as an operator reads it: who, what, the money, what happened, where it goes. */
export function orderSummary(details: OrderDetails): string[] {
  const { order, lines, money: sums, events } = details
  const currency = sums.currency
  const out = [
    `Order ${order.orderId}  (public id ${order.publicId})`,
    `  status     ${order.status}${order.awaitingApproval ? ', awaiting approval' : ''}`,
    `  placed     ${time(order.createdAt)} UTC, market ${order.market}, language ${order.language}`,
    `  customer   ${order.name} <${order.email}>, ${order.customerType}${order.account ? ', signed in' : ', guest'}`,
    `  payment    ${order.payment}${order.paidAt ? `, paid ${time(order.paidAt)}` : ', not paid'}${order.paymentReference ? ` (ref ${order.paymentReference})` : ''}`,
    `  shipping   ${order.shippingMethod}${order.deliveredAt ? `, delivered ${time(order.deliveredAt)}` : ''}`,
  ]
  if (order.promoCode) out.push(`  promo code ${order.promoCode}`)
  if (order.giftCode) out.push(`  gift code  ${order.giftCode}`)
  if (order.message) out.push(`  message    ${order.message}`)
  out.push('', 'Lines')
  for (const line of lines) {
    const discount = line.discount > 0 ? `, −${money(line.discount, currency)}` : ''
    out.push(
      `  ${line.quantity} × ${line.brand} ${line.product}, ${line.size} (${line.articleNumber})  ` +
        `${money(line.unitPrice, currency)} each${discount} = ${money(line.total, currency)}, VAT ${line.vatRate} %`,
    )
  }
  const rows: [string, number][] = [
    ['Items', sums.items],
    ['Discount', -sums.discount],
    ['Shipping', sums.shipping],
    ['Payment fee', sums.paymentFee],
    ['From balance', -sums.fromBalance],
  ]
  out.push('', 'Money')
  for (const [label, amount] of rows)
    if (amount !== 0 || label === 'Items')
      out.push(`  ${label.padEnd(13)}${money(amount, currency).padStart(14)}`)
  out.push(`  ${'Total'.padEnd(13)}${money(sums.total, currency).padStart(14)}`)
  out.push(`  ${'of which VAT'.padEnd(13)}${money(sums.vat, currency).padStart(14)}`)
  out.push('', 'History')
  for (const event of events) {
    const what = [
      event.kind === 'status' ? `status ${event.status}` : event.kind,
      event.amount !== null ? money(event.amount, currency) : undefined,
      event.reason ?? undefined,
    ].filter(Boolean)
    out.push(`  ${time(event.at)}  ${what.join(', ')}`)
  }
  out.push('', 'Billing address', ...addressLines(details.billingAddress).map((line) => `  ${line}`))
  out.push('', 'Shipping address', ...addressLines(details.shippingAddress).map((line) => `  ${line}`))
  return out
}

export const orderCommand: AdminCommand = {
  name: 'order',
  summary: 'one order: its lines, money, status history and addresses',
  usage: '<order number or public id> [--json]',
  async run(args, call, print) {
    const { key, json } = orderKeyArgument(args)
    const details = await call<OrderDetails>('GET', `/orders/${encodeURIComponent(key)}`)
    if (json) return print(JSON.stringify(details, null, 2))
    for (const line of orderSummary(details)) print(line)
  },
}

import { parseArgs } from 'node:util'
import type { AdminCommand } from './types'

/** What GET /admin/api/orders answers per order (server/services/graphql/orders/admin-read.ts). */
export interface OrderListEntry {
  orderId: number
  publicId: string
  createdAt: string
  status: string
  market: string
  email: string
  name: string
  units: number
  total: number
  currency: string
  payment: string
  awaitingApproval: boolean
}

const STATUSES = ['received', 'processing', 'completed', 'cancelled']
const MARKETS = ['fi', 'se', 'no', 'dk']
/** The shop's languages name their market too: `--market sv` is Sweden's. */
const MARKET_OF_LANGUAGE: Record<string, string> = { sv: 'se', nb: 'no', da: 'dk' }

/** The query string `orders` sends, from its arguments; throws a readable error on bad input. */
export function ordersQuery(args: string[]): { query: URLSearchParams; json: boolean } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      market: { type: 'string' },
      email: { type: 'string' },
      limit: { type: 'string' },
      before: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  })
  if (positionals.length > 0) throw new Error(`orders: unexpected argument "${positionals[0]}"`)
  const query = new URLSearchParams()
  if (values.status !== undefined) {
    const status = values.status.toLowerCase()
    if (!STATUSES.includes(status))
      throw new Error(`orders: --status is one of ${STATUSES.join(', ')}, not "${values.status}"`)
    query.set('status', status)
  }
  if (values.market !== undefined) {
    const given = values.market.toLowerCase()
    const market = MARKET_OF_LANGUAGE[given] ?? given
    if (!MARKETS.includes(market))
      throw new Error(`orders: --market is one of fi, se (sv), no (nb), dk (da), not "${values.market}"`)
    query.set('market', market)
  }
  if (values.email !== undefined) {
    if (values.email.trim() === '') throw new Error('orders: --email needs a value')
    query.set('email', values.email.trim())
  }
  for (const name of ['limit', 'before'] as const) {
    const value = values[name]
    if (value === undefined) continue
    if (!/^[1-9][0-9]{0,9}$/.test(value))
      throw new Error(`orders: --${name} is a whole number, not "${value}"`)
    query.set(name, value)
  }
  return { query, json: values.json }
}

/** The list as a table: one order a line, columns padded to their widest cell. */
export function orderTable(orders: OrderListEntry[]): string[] {
  const header = ['ORDER', 'PLACED (UTC)', 'STATUS', 'MARKET', 'E-MAIL', 'NAME', 'UNITS', 'TOTAL', 'PAYMENT']
  const rows = orders.map((order) => [
    String(order.orderId),
    order.createdAt.slice(0, 16).replace('T', ' '),
    order.awaitingApproval ? `${order.status} (awaiting approval)` : order.status,
    order.market,
    order.email,
    order.name,
    String(order.units),
    `${order.total.toFixed(2)} ${order.currency}`,
    order.payment,
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const numeric = new Set([0, 6, 7])
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd()
  return [line(header), ...rows.map(line)]
}

export const ordersCommand: AdminCommand = {
  name: 'orders',
  summary: 'list orders, newest first, to find one (by status, market or part of the e-mail)',
  usage:
    '[--status received|processing|completed|cancelled] [--market fi|se|no|dk] [--email <part>] [--limit <n>] [--before <order>] [--json]',
  async run(args, call, print) {
    const { query, json } = ordersQuery(args)
    const answer = await call<{ orders: OrderListEntry[]; next: number | null }>('GET', `/orders?${query}`)
    if (json) return print(JSON.stringify(answer, null, 2))
    if (answer.orders.length === 0) return print('No orders match.')
    for (const line of orderTable(answer.orders)) print(line)
    if (answer.next !== null) {
      query.set('before', String(answer.next))
      print(`\nMore: npm run admin -- orders ${argsOf(query)}`)
    }
  },
}

function argsOf(query: URLSearchParams): string {
  return [...query]
    .map(([name, value]) => `--${name} ${/^[\w@.+-]+$/.test(value) ? value : JSON.stringify(value)}`)
    .join(' ')
}

import { parseArgs } from 'node:util'
import { orderArgument } from './order-argument'
import type { AdminCommand } from './types'

interface AwaitingOrder {
  orderId: number
  createdAt: string
  market: string
  email: string
  units: number
  total: number
  currency: string
}

export const approveCommand: AdminCommand = {
  name: 'approve',
  summary: "let a guest's large invoice order ship; without an order, list the orders awaiting approval",
  usage: '[<order>] [--limit <n>] [--json]',
  async run(args, call, print) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        order: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    })
    if (positionals.length === 0 && values.order === undefined) {
      const query = new URLSearchParams()
      if (values.limit) query.set('limit', values.limit)
      const answer = await call<{ orders: AwaitingOrder[] }>('GET', `/orders/awaiting-approval?${query}`)
      if (values.json) return print(JSON.stringify(answer, null, 2))
      if (answer.orders.length === 0) return print('no orders await approval')
      for (const order of answer.orders)
        print(
          `order ${order.orderId}\t${order.createdAt}\t${order.market}\t${order.units} units\t${order.total} ${order.currency}\t${order.email}`,
        )
      return
    }
    const order = orderArgument('approve', positionals, values.order)
    const answer = await call<{ orderId: number }>('POST', `/orders/${order}/approve`, {})
    print(`order ${answer.orderId} approved: it can be shipped`)
  },
}

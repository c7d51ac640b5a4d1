import { parseArgs } from 'node:util'
import type { AdminCommand } from './types'

interface ReturnEntry {
  returnNumber: string
  orderNumber: string
  email: string | null
  status: string
  createdAt: string
  refundTo: string | null
  refundTotal: number | null
  items: {
    itemId: number
    name: string | null
    size: string | null
    quantity: number
    reasonCode: string
    receivedQuantity: number | null
  }[]
}

export const returnsCommand: AdminCommand = {
  name: 'returns',
  summary: 'list returns, oldest first, with their items and reasons (what to expect in the post)',
  usage: '[--status registered|received|refunded] [--limit <n>] [--json]',
  async run(args, call, print) {
    const { values } = parseArgs({
      args,
      options: {
        status: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    })
    const query = new URLSearchParams()
    if (values.status) query.set('status', values.status)
    if (values.limit) query.set('limit', values.limit)
    const answer = await call<{ returns: ReturnEntry[] }>('GET', `/returns?${query}`)
    if (values.json) return print(JSON.stringify(answer, null, 2))
    for (const entry of answer.returns) {
      const refund = entry.refundTotal === null ? '' : `\trefunded ${entry.refundTotal} to ${entry.refundTo}`
      print(
        `${entry.returnNumber}\torder ${entry.orderNumber}\t${entry.status}\t${entry.createdAt}\t${entry.email ?? ''}${refund}`,
      )
      for (const item of entry.items)
        print(
          `  item ${item.itemId}\t${item.quantity} × ${item.name ?? '?'}${item.size ? `, ${item.size}` : ''}\t${item.reasonCode}` +
            (item.receivedQuantity === null ? '' : `\treceived ${item.receivedQuantity}`),
        )
    }
  },
}

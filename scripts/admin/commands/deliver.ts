import { parseArgs } from 'node:util'
import type { AdminCommand } from './types'

export const deliverCommand: AdminCommand = {
  name: 'deliver',
  summary: 'mark a shipped order delivered (now, or when the carrier says); the return window starts',
  usage: '--order <number> [--at <ISO time>]',
  async run(args, call, print) {
    const { values } = parseArgs({ args, options: { order: { type: 'string' }, at: { type: 'string' } } })
    if (!values.order) throw new Error('deliver needs --order')
    const answer = await call<{ orderId: number; status: string; deliveredAt: string }>(
      'POST',
      `/orders/${encodeURIComponent(values.order)}/deliver`,
      values.at ? { deliveredAt: values.at } : {},
    )
    print(`order ${answer.orderId} ${answer.status}, delivered ${answer.deliveredAt}`)
  },
}

import { parseArgs } from 'node:util'
import { orderArgument } from './order-argument'
import type { AdminCommand } from './types'

interface CancelAnswer {
  orderId: number
  status: string
  restocked: number
  refunded: number
}

export const cancelCommand: AdminCommand = {
  name: 'cancel',
  summary:
    'cancel an order not yet shipped: stock back, a paid card refunded, gift code and balance back, the customer mailed',
  usage: '<order> [--reason "…"]',
  async run(args, call, print) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { order: { type: 'string' }, reason: { type: 'string' } },
    })
    const order = orderArgument('cancel', positionals, values.order)
    if (values.reason !== undefined && !values.reason.trim()) throw new Error('cancel: --reason is empty')
    const answer = await call<CancelAnswer>(
      'POST',
      `/orders/${order}/cancel`,
      values.reason === undefined ? {} : { reason: values.reason },
    )
    print(
      `order ${answer.orderId} ${answer.status}: ${answer.restocked} units back in stock` +
        (answer.refunded > 0 ? `, ${answer.refunded} refunded to the card` : ''),
    )
  },
}

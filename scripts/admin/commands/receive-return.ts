import { parseArgs } from 'node:util'
import type { AdminCommand } from './types'

interface ReceiveAnswer {
  returnNumber: string
  status: string
  refundTo: string | null
  refundTotal: number | null
}

/** `--item 41:1` (order row 41, one received); repeat for each row. */
function parseItem(value: string): { itemId: number; quantity: number } {
  const match = /^(\d+):(\d+)$/.exec(value)
  if (!match) throw new Error(`--item ${value}: write <item id>:<quantity received>, e.g. 41:1`)
  return { itemId: Number(match[1]), quantity: Number(match[2]) }
}

export const receiveReturnCommand: AdminCommand = {
  name: 'receive-return',
  summary: 'receive a return (back in stock) and refund it to the payment method or the account balance',
  usage: '--return <R1042-1> [--item <id>:<qty> …] [--to payment|balance] [--no-restock] [--no-refund]',
  async run(args, call, print) {
    const { values } = parseArgs({
      args,
      options: {
        return: { type: 'string' },
        item: { type: 'string', multiple: true },
        to: { type: 'string', default: 'payment' },
        'no-restock': { type: 'boolean', default: false },
        'no-refund': { type: 'boolean', default: false },
      },
    })
    if (!values.return) throw new Error('receive-return needs --return')
    const answer = await call<ReceiveAnswer>(
      'POST',
      `/returns/${encodeURIComponent(values.return)}/receive`,
      {
        ...(values.item ? { items: values.item.map(parseItem) } : {}),
        restock: !values['no-restock'],
        refund: !values['no-refund'],
        refundTo: values.to,
      },
    )
    print(
      `${answer.returnNumber} ${answer.status}` +
        (answer.refundTotal === null ? '' : `: ${answer.refundTotal} to ${answer.refundTo}`),
    )
  },
}

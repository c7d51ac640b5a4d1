import { parseArgs } from 'node:util'
import type { AdminCommand } from './types'

interface PayoutAnswer {
  period: string
  asOf: string
  vouchers: { code: string; contactId: string; points: number; amount: number; currency: string }[]
}

export const payoutCommand: AdminCommand = {
  name: 'payout',
  summary: "run the quarter's loyalty points payout: credited points become bonus vouchers",
  usage: '[--as-of YYYY-MM-DD] [--json]',
  async run(args, call, print) {
    const { values } = parseArgs({
      args,
      options: { 'as-of': { type: 'string' }, json: { type: 'boolean', default: false } },
    })
    const body = values['as-of'] ? { asOf: values['as-of'] } : {}
    const answer = await call<PayoutAnswer>('POST', '/loyalty/payouts', body)
    if (values.json) return print(JSON.stringify(answer, null, 2))
    print(`payout ${answer.period} as of ${answer.asOf}: ${answer.vouchers.length} voucher(s)`)
    for (const voucher of answer.vouchers)
      print(
        `${voucher.code}\t${voucher.points} points\t${voucher.amount / 100} ${voucher.currency}\t${voucher.contactId}`,
      )
  },
}

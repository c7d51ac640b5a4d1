import { parseArgs } from 'node:util'
import type { AdminCommand } from './types'

interface SubscribersAnswer {
  subscribers: Record<string, unknown>[]
  next: string | number | null
}

const COLUMNS = {
  newsletter: [
    'email',
    'status',
    'market',
    'language',
    'subscribedAt',
    'confirmedAt',
    'unsubscribedAt',
    'welcomeCode',
  ],
  'back-in-stock': [
    'id',
    'email',
    'status',
    'skuId',
    'articleNumber',
    'size',
    'market',
    'language',
    'subscribedAt',
    'sentAt',
  ],
} as const

/** `subscribers --type newsletter|back-in-stock [--status …]` (GET /subscribers). */
export const subscribersCommand: AdminCommand = {
  name: 'subscribers',
  summary: 'list newsletter or back-in-stock subscribers and their state',
  usage: '--type newsletter|back-in-stock [--status <state>] [--limit <n>] [--after <cursor>] [--json]',
  async run(args, call, print) {
    const { values } = parseArgs({
      args,
      options: {
        type: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string' },
        after: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    })
    const type = values.type
    if (type !== 'newsletter' && type !== 'back-in-stock') throw new Error('--type newsletter|back-in-stock')
    const query = new URLSearchParams({ type })
    if (values.status) query.set('status', values.status)
    if (values.limit) query.set('limit', values.limit)
    if (values.after) query.set('after', values.after)
    const answer = await call<SubscribersAnswer>('GET', `/subscribers?${query}`)
    if (values.json) return print(JSON.stringify(answer, null, 2))
    const columns = COLUMNS[type]
    print(columns.join('\t'))
    for (const row of answer.subscribers) print(columns.map((column) => String(row[column] ?? '')).join('\t'))
    if (answer.next !== null) print(`… more: --after ${answer.next}`)
  },
}

import { parseArgs } from 'node:util'
import type { AdminCommand } from './types'

interface StockAnswer {
  skuId: number
  articleNumber: string
  size: string
  previousQuantity: number
  quantity: number
  backInStockMails: number
}

/** `stock --sku 123 --quantity 5` or `stock --article LU-1001 --size M --quantity 5` (POST /stock). */
export const stockCommand: AdminCommand = {
  name: 'stock',
  summary: "set a size's stock on hand (answers waiting back-in-stock requests)",
  usage: '(--sku <id> | --article <article number> --size <size>) --quantity <n> [--json]',
  async run(args, call, print) {
    const { values } = parseArgs({
      args,
      options: {
        sku: { type: 'string' },
        article: { type: 'string' },
        size: { type: 'string' },
        quantity: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    })
    const quantity = Number(values.quantity)
    if (values.quantity === undefined || !Number.isInteger(quantity))
      throw new Error('--quantity <n>: a whole number is required')
    let body: Record<string, unknown>
    if (values.sku !== undefined) body = { skuId: Number(values.sku), quantity }
    else if (values.article !== undefined && values.size !== undefined)
      body = { articleNumber: values.article, size: values.size, quantity }
    else throw new Error('Name the size: --sku <id>, or --article <article number> --size <size>')
    const answer = await call<StockAnswer>('POST', '/stock', body)
    if (values.json) return print(JSON.stringify(answer, null, 2))
    print(
      `SKU ${answer.skuId} (${answer.articleNumber}, size ${answer.size}): ${answer.previousQuantity} → ${answer.quantity}` +
        (answer.backInStockMails > 0 ? `; ${answer.backInStockMails} back-in-stock mail(s) queued` : ''),
    )
  },
}

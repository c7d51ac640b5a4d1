import { parseArgs } from 'node:util'
import { formatVitalsTable, type VitalsP75Row } from '../../../server/services/log/vitals-report'
import type { AdminCommand } from './types'

/** What shoppers' browsers measured: p75 of each Core Web Vital per page type and market. */
export const vitalsCommand: AdminCommand = {
  name: 'vitals',
  summary: "field Core Web Vitals: the 75th percentile per page type and market, from shoppers' browsers",
  usage: '[--days <1–28>] [--json]',
  async run(args, call, print) {
    const { values } = parseArgs({
      args,
      options: { days: { type: 'string' }, json: { type: 'boolean', default: false } },
    })
    const query = values.days ? `?days=${encodeURIComponent(values.days)}` : ''
    const answer = await call<{ days: number; rows: VitalsP75Row[] }>('GET', `/vitals${query}`)
    if (values.json) return print(JSON.stringify(answer, null, 2))
    print(`The last ${answer.days} days:`)
    print(formatVitalsTable(answer.rows))
  },
}

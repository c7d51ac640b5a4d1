/**
 * The real-user metrics report (`npm run report -- vitals`, and `lumo_web_vitals_p75` on
 * /metrics): the 75th percentile of each Core Web Vital per page type and market over the stored
 * samples (web_vitals, migrations 1000 and 1059; 28 days are kept), the figure Google's thresholds
 * are judged by, with the sample count so a thin page type is read with care. Samples reported
 * before the market was sent count under the market `–`.
 */
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { VITAL_NAMES, type VitalName } from '../../../src/shared/vitals'

/** The market of samples reported without one (before migration 1059). */
export const UNKNOWN_MARKET = '–'

export interface VitalsP75Row {
  pageType: string
  market: string
  metric: VitalName
  p75: number
  samples: number
}

/** Google's "good" limits, for the report's verdict column. */
export const GOOD_P75: Record<VitalName, number> = { LCP: 2500, INP: 200, CLS: 0.1, TTFB: 800 }

export async function vitalsP75(db: Kysely<DB>, options: { since?: Date } = {}): Promise<VitalsP75Row[]> {
  let query = db
    .selectFrom('web_vitals')
    .select([
      'page_type',
      'market',
      'metric',
      sql<number>`percentile_cont(0.75) WITHIN GROUP (ORDER BY value)`.as('p75'),
      sql<string>`count(*)`.as('samples'),
    ])
    .groupBy(['page_type', 'market', 'metric'])
    .orderBy('page_type')
    .orderBy('market')
    .orderBy('metric')
  if (options.since) query = query.where('recorded_at', '>=', options.since)
  const rows = await query.execute()
  return rows.map((row) => ({
    pageType: row.page_type,
    market: row.market ?? UNKNOWN_MARKET,
    metric: row.metric,
    p75: Number(row.p75),
    samples: Number(row.samples),
  }))
}

function formatValue(metric: VitalName, value: number): string {
  return metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`
}

/** One line per page type and market, a column per metric: `p75 (n)`, marked when above the good limit. */
export function formatVitalsTable(rows: readonly VitalsP75Row[]): string {
  if (rows.length === 0) return 'No real-user metrics collected yet.'
  const groups = [...new Map(rows.map((row) => [`${row.pageType} ${row.market}`, row])).values()]
  const header = ['page type', 'market', ...VITAL_NAMES.map((name) => `${name} p75`)]
  const lines = groups.map(({ pageType, market }) => [
    pageType,
    market,
    ...VITAL_NAMES.map((metric) => {
      const row = rows.find(
        (candidate) =>
          candidate.pageType === pageType && candidate.market === market && candidate.metric === metric,
      )
      if (!row) return '–'
      const flag = row.p75 > GOOD_P75[metric] ? ' !' : ''
      return `${formatValue(metric, row.p75)} (n=${row.samples})${flag}`
    }),
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  )
  const render = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')
  return [
    render(header),
    render(widths.map((width) => '-'.repeat(width))),
    ...lines.map(render),
    '',
    `! = above Google's "good" limit (LCP ${GOOD_P75.LCP} ms, INP ${GOOD_P75.INP} ms, CLS ${GOOD_P75.CLS}, TTFB ${GOOD_P75.TTFB} ms)`,
  ].join('\n')
}

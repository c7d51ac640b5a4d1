/**
 * Reports from what the shop has collected: `npm run report -- vitals [--days N]` prints the 75th
 * percentile of LCP, INP, CLS and TTFB per page type (real-user metrics, ADR 0035), from the
 * database the configuration names (DATA_DIR's PGlite, or DATABASE_URL). PGlite has one writer:
 * stop the server first, or point DATABASE_URL at the shared PostgreSQL.
 */
import { ConfigError, loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db'
import { formatVitalsTable, vitalsP75 } from '../../server/services/log/vitals-report'

const USAGE = 'Usage: npm run report -- vitals [--days N]'

function daysOption(args: string[]): number | undefined {
  const index = args.indexOf('--days')
  if (index === -1) return undefined
  const days = Number(args[index + 1])
  if (!Number.isInteger(days) || days <= 0) throw new Error(`--days takes a whole number of days. ${USAGE}`)
  return days
}

async function main(args: string[]): Promise<void> {
  const [report, ...rest] = args
  if (report !== 'vitals') throw new Error(USAGE)
  const days = daysOption(rest)
  const config = loadConfig()
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    const since = days ? new Date(Date.now() - days * 24 * 60 * 60 * 1000) : undefined
    const rows = await vitalsP75(database.db, since ? { since } : {})
    console.log(`Real-user metrics, 75th percentile per page type${days ? ` (last ${days} days)` : ''}:\n`)
    console.log(formatVitalsTable(rows))
  } finally {
    await database.close()
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error)
  process.exitCode = 1
})

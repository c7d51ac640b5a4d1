/**
 * The end-to-end suite in real Chromium (`npm run test:e2e`, stage 5 of `npm test`): makes sure
 * Debian's Chromium is installed, builds if the production build is missing or stale, runs Playwright
 * (playwright.config.ts starts the production server) and counts passed/failed from its JSON
 * report. Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- -g redirects`).
 */
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ensureChromium, ChromiumUnavailableError } from './ensure-chromium'
import { countPlaywright, totalsLine, type Counts } from './harness/reports'
import { REPO_ROOT } from './harness/production-server'
import { ensureBuild, localBin, runCommand } from './harness/run-command'

export const PLAYWRIGHT_REPORT = path.join(REPO_ROOT, 'test-results', 'e2e-report.json')

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown
  } catch {
    return undefined
  }
}

function failure(problem: string): Counts {
  return { passed: 0, failed: 1, skipped: 0, problems: [problem] }
}

export async function runEndToEnd(playwrightArgs: string[] = []): Promise<Counts> {
  try {
    ensureChromium()
  } catch (error) {
    if (error instanceof ChromiumUnavailableError) {
      console.error(error.message)
      return failure(error.message)
    }
    throw error
  }
  if (!(await ensureBuild())) return failure('the production build failed')
  rmSync(PLAYWRIGHT_REPORT, { force: true })
  const exitCode = await runCommand(
    localBin('playwright'),
    ['test', '--config', 'playwright.config.ts', ...playwrightArgs],
    {
      LUMO_E2E_REPORT: PLAYWRIGHT_REPORT,
    },
  )
  return countPlaywright(readJson(PLAYWRIGHT_REPORT), exitCode)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const counts = await runEndToEnd(process.argv.slice(2))
  for (const problem of counts.problems) console.error(`e2e: ${problem}`)
  console.log(totalsLine(counts.passed, counts.failed, counts.skipped))
  process.exit(counts.failed > 0 ? 1 : 0)
}

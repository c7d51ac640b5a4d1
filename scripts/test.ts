/**
 * `npm test`: everything a fresh machine needs checked, in order, each stage reported —
 * (1) type check, (2) lint, (3) format (Prettier), (4) vitest unit + integration, (4b) when a
 * TEST_* server variable is set, every test file collected again without it, (5) production
 * build, (6) end-to-end tests in Chromium. Type check, lint, format and build count as one test each. Prints a summary table
 * whose last line is `N passed, N failed` (`, N skipped` when tests wait for a server), writes test-results/summary.json, and exits 1 if
 * anything failed. Every stage runs even after a failure, so one run shows every problem.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { countExitCode, countVitest, formatSummary, type Counts, type StageResult } from './harness/reports'
import { REPO_ROOT } from './harness/production-server'
import { localBin, runCommand } from './harness/run-command'
import { runEndToEnd } from './e2e'
import { checkSuitesWithoutServers, outsideServerVariablesSet } from './harness/suites-without-servers'

const RESULTS_DIR = path.join(REPO_ROOT, 'test-results')
const VITEST_REPORT = path.join(RESULTS_DIR, 'vitest.json')
export const SUMMARY_FILE = path.join(RESULTS_DIR, 'summary.json')

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown
  } catch {
    return undefined
  }
}

interface Stage {
  name: string
  run(): Promise<Counts>
}

let buildPassed = false

const stages: Stage[] = [
  {
    name: 'type check',
    run: async () =>
      countExitCode(await runCommand(localBin('tsc'), ['--noEmit', '-p', 'tsconfig.json']), 'tsc'),
  },
  {
    name: 'lint',
    run: async () => countExitCode(await runCommand(localBin('eslint'), ['.']), 'eslint'),
  },
  {
    name: 'format',
    run: async () => countExitCode(await runCommand(localBin('prettier'), ['--check', '.']), 'prettier'),
  },
  {
    name: 'unit + integration',
    run: async () => {
      rmSync(VITEST_REPORT, { force: true })
      const exitCode = await runCommand(localBin('vitest'), [
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${VITEST_REPORT}`,
      ])
      return countVitest(readJson(VITEST_REPORT), exitCode)
    },
  },
  // With TEST_DATABASE_URL or TEST_REDIS_URL set (CI), the run above is not what a fresh machine
  // runs: check that every test file still defines its suites without them.
  ...(outsideServerVariablesSet().length > 0
    ? [
        {
          name: 'suites without servers',
          run: () => checkSuitesWithoutServers(RESULTS_DIR, readJson),
        },
      ]
    : []),
  {
    name: 'build',
    run: async () => {
      const counts = countExitCode(await runCommand('npm', ['run', 'build']), 'npm run build')
      buildPassed = counts.failed === 0
      return counts
    },
  },
  {
    name: 'end-to-end',
    run: async () =>
      buildPassed
        ? runEndToEnd()
        : { passed: 0, failed: 1, skipped: 0, problems: ['not run: the production build failed'] },
  },
]

async function main() {
  mkdirSync(RESULTS_DIR, { recursive: true })
  const results: StageResult[] = []
  for (const stage of stages) {
    console.log(`\n━━ ${stage.name} ━━`)
    const started = Date.now()
    let counts: Counts
    try {
      counts = await stage.run()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      console.error(message)
      counts = { passed: 0, failed: 1, skipped: 0, problems: [`crashed: ${message.split('\n')[0]}`] }
    }
    const result = { name: stage.name, durationMs: Date.now() - started, ...counts }
    results.push(result)
    console.log(`━━ ${stage.name}: ${result.passed} passed, ${result.failed} failed`)
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0)
  const failed = results.reduce((sum, r) => sum + r.failed, 0)
  const skipped = results.reduce((sum, r) => sum + r.skipped, 0)
  writeFileSync(SUMMARY_FILE, JSON.stringify({ passed, failed, skipped, stages: results }, null, 2))
  console.log(`\n${formatSummary(results)}`)
  process.exitCode = failed > 0 ? 1 : 0
}

await main()

/**
 * The README's `npm test` runs on a fresh machine with no PostgreSQL or Redis, while CI names
 * both through `TEST_*` variables. A test file whose suites exist only when a variable is set
 * (`describe.each(url ? [url] : [])`) passes in CI and fails on that machine ("No test suite
 * found"). So when any of the variables is set, the harness collects every test file once more
 * with them unset, running nothing: a test-name filter that matches no test skips every test
 * and hook, while vitest still fails each file that defines no suite.
 */
import { rmSync } from 'node:fs'
import path from 'node:path'
import { countVitest, type Counts } from './reports'
import { localBin, runCommand } from './run-command'
import { OUTSIDE_SERVER_VARIABLES } from './outside-servers'

/** A test-name pattern no test name can match: every test is filtered out, no hook runs. */
export const MATCHES_NO_TEST = '$^'

export function outsideServerVariablesSet(env: NodeJS.ProcessEnv = process.env): string[] {
  return OUTSIDE_SERVER_VARIABLES.filter((name) => env[name])
}

/** One test: passed when every test file defines its suites with the outside-server variables unset. */
export async function checkSuitesWithoutServers(
  resultsDir: string,
  readReport: (file: string) => unknown,
  extraArgs: readonly string[] = [],
): Promise<Counts> {
  const report = path.join(resultsDir, 'vitest-without-servers.json')
  rmSync(report, { force: true })
  const unset = Object.fromEntries(OUTSIDE_SERVER_VARIABLES.map((name) => [name, undefined]))
  // Collection only: threads without isolation share the module graph between files.
  const exitCode = await runCommand(
    localBin('vitest'),
    [
      'run',
      '--pool=threads',
      '--no-isolate',
      `--testNamePattern=${MATCHES_NO_TEST}`,
      '--reporter=dot',
      '--reporter=json',
      `--outputFile=${report}`,
      ...extraArgs,
    ],
    unset,
  )
  const counts = countVitest(readReport(report), exitCode)
  const ran = counts.passed
  const result: Counts = {
    passed: counts.failed === 0 && ran === 0 ? 1 : 0,
    failed: counts.failed > 0 || ran > 0 ? 1 : 0,
    skipped: 0,
    problems: counts.problems.map(
      (problem) => `without ${OUTSIDE_SERVER_VARIABLES.join(' and ')}: ${problem}`,
    ),
  }
  if (ran > 0) result.problems.push(`the collection-only run ran ${ran} test(s)`)
  return result
}

/**
 * Turns the machine-readable reports of vitest and Playwright into passed/failed counts, and
 * prints the harness summary. A file that fails to load or a run that dies without failing any
 * test still counts as a failure, so a broken suite can never add up to "0 failed".
 */

export interface Counts {
  passed: number
  failed: number
  skipped: number
  /** Why something counted as failed beyond failed tests (a file that did not load, a crash). */
  problems: string[]
}

export interface StageResult extends Counts {
  name: string
  durationMs: number
}

interface VitestAssertion {
  status?: string
}
interface VitestFile {
  name?: string
  status?: string
  message?: string
  assertionResults?: VitestAssertion[]
}
interface VitestReport {
  numPassedTests?: number
  numFailedTests?: number
  numPendingTests?: number
  numTodoTests?: number
  testResults?: VitestFile[]
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function relativeToCwd(file: string): string {
  const prefix = `${process.cwd()}/`
  return file.startsWith(prefix) ? file.slice(prefix.length) : file
}

/** Counts from `vitest run --reporter=json`; `exitCode` catches failures outside any test. */
export function countVitest(report: unknown, exitCode: number | null): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0, problems: [] }
  if (!isRecord(report)) {
    counts.failed = 1
    counts.problems.push(`vitest wrote no JSON report (exit ${exitCode})`)
    return counts
  }
  const vitest = report as VitestReport
  counts.passed = vitest.numPassedTests ?? 0
  counts.failed = vitest.numFailedTests ?? 0
  counts.skipped = (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0)
  for (const file of vitest.testResults ?? []) {
    const failedInside = (file.assertionResults ?? []).some((a) => a.status === 'failed')
    if (file.status === 'failed' && !failedInside) {
      counts.failed += 1
      const reason =
        (file.message ?? '').split('\n').find((line) => line.trim() !== '') ??
        'failed outside its tests (in a hook such as beforeAll: its tests were skipped)'
      counts.problems.push(`${relativeToCwd(file.name ?? 'a test file')}: ${reason.trim()}`)
    }
  }
  if (exitCode !== 0 && counts.failed === 0) {
    counts.failed = 1
    counts.problems.push(`vitest exited with ${exitCode} (an unhandled error outside the tests)`)
  }
  return counts
}

interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number }
  errors?: { message?: string }[]
}

/** Counts from Playwright's json reporter. A flaky test (passed on retry) counts as failed. */
export function countPlaywright(report: unknown, exitCode: number | null): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0, problems: [] }
  if (!isRecord(report)) {
    counts.failed = 1
    counts.problems.push(`Playwright wrote no JSON report (exit ${exitCode})`)
    return counts
  }
  const playwright = report as PlaywrightReport
  const stats = playwright.stats ?? {}
  counts.passed = stats.expected ?? 0
  counts.failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0)
  counts.skipped = stats.skipped ?? 0
  if (stats.flaky) counts.problems.push(`${stats.flaky} flaky test(s) passed only on retry`)
  // Errors outside tests: global setup (the server did not start), a spec that does not load.
  for (const error of playwright.errors ?? []) {
    counts.failed += 1
    counts.problems.push((error.message ?? 'error outside the tests').split('\n')[0] ?? '')
  }
  if (exitCode !== 0 && counts.failed === 0) {
    counts.failed = 1
    counts.problems.push(`Playwright exited with ${exitCode}`)
  }
  return counts
}

/** A check that is one test: passed or failed (type check, lint, build). */
export function countExitCode(exitCode: number | null, what: string): Counts {
  return exitCode === 0
    ? { passed: 1, failed: 0, skipped: 0, problems: [] }
    : { passed: 0, failed: 1, skipped: 0, problems: [`${what} exited with ${exitCode}`] }
}

/** `N passed, N failed`, with `, N skipped` when tests were skipped (tests waiting for a server). */
export function totalsLine(passed: number, failed: number, skipped = 0): string {
  return skipped > 0
    ? `${passed} passed, ${failed} failed, ${skipped} skipped`
    : `${passed} passed, ${failed} failed`
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

/** The summary table; its last line is the totals line alone. */
export function formatSummary(stages: StageResult[]): string {
  const header = ['stage', 'passed', 'failed', 'skipped', 'time']
  const rows = stages.map((s) => [
    s.name,
    String(s.passed),
    String(s.failed),
    String(s.skipped),
    seconds(s.durationMs),
  ])
  const passed = stages.reduce((sum, s) => sum + s.passed, 0)
  const failed = stages.reduce((sum, s) => sum + s.failed, 0)
  const skipped = stages.reduce((sum, s) => sum + s.skipped, 0)
  const total = stages.reduce((sum, s) => sum + s.durationMs, 0)
  rows.push(['total', String(passed), String(failed), String(skipped), seconds(total)])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')
  const rule = widths.map((w) => '-'.repeat(w)).join('  ')
  const problems = stages.flatMap((s) => s.problems.map((p) => `  ${s.name}: ${p}`))
  return [
    line(header),
    rule,
    ...rows.slice(0, -1).map(line),
    rule,
    line(rows[rows.length - 1] ?? []),
    ...(problems.length > 0 ? ['', 'Problems:', ...problems] : []),
    '',
    totalsLine(passed, failed, skipped),
  ].join('\n')
}

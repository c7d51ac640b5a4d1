import { describe, expect, it } from 'vitest'
import { countExitCode, countPlaywright, countVitest, formatSummary, totalsLine } from './reports'

describe('countVitest', () => {
  it('takes the passed, failed and skipped counts from the JSON report', () => {
    const report = {
      numPassedTests: 7,
      numFailedTests: 2,
      numPendingTests: 1,
      numTodoTests: 1,
      testResults: [
        {
          name: 'a.test.ts',
          status: 'failed',
          assertionResults: [{ status: 'failed' }, { status: 'passed' }],
        },
      ],
    }
    expect(countVitest(report, 1)).toEqual({ passed: 7, failed: 2, skipped: 2, problems: [] })
  })

  it('counts a test file that fails to load as one failure', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 0,
      testResults: [
        { name: 'ok.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
        {
          name: 'broken.test.ts',
          status: 'failed',
          message: "Cannot find module './nope'\n  at …",
          assertionResults: [],
        },
      ],
    }
    const counts = countVitest(report, 1)
    expect(counts.passed).toBe(3)
    expect(counts.failed).toBe(1)
    expect(counts.problems).toEqual(["broken.test.ts: Cannot find module './nope'"])
  })

  it('names a file whose hook failed (empty message, tests skipped) relative to the working directory', () => {
    const report = {
      numPassedTests: 0,
      numFailedTests: 0,
      numPendingTests: 30,
      testResults: [
        {
          name: `${process.cwd()}/tests/integration/cart.test.ts`,
          status: 'failed',
          message: '',
          assertionResults: [{ status: 'skipped' }],
        },
      ],
    }
    expect(countVitest(report, 1)).toEqual({
      passed: 0,
      failed: 1,
      skipped: 30,
      problems: [
        'tests/integration/cart.test.ts: failed outside its tests (in a hook such as beforeAll: its tests were skipped)',
      ],
    })
  })

  it('fails a run that exits non-zero with every test passed (an unhandled error)', () => {
    const counts = countVitest({ numPassedTests: 4, numFailedTests: 0, testResults: [] }, 1)
    expect(counts).toMatchObject({ passed: 4, failed: 1 })
  })

  it('fails when there is no report at all', () => {
    expect(countVitest(undefined, 1)).toMatchObject({ passed: 0, failed: 1 })
  })

  it('passes a clean run', () => {
    expect(countVitest({ numPassedTests: 5, numFailedTests: 0, testResults: [] }, 0)).toEqual({
      passed: 5,
      failed: 0,
      skipped: 0,
      problems: [],
    })
  })
})

describe('countPlaywright', () => {
  it('maps expected/unexpected/skipped and counts flaky tests as failed', () => {
    const counts = countPlaywright(
      { stats: { expected: 9, unexpected: 1, flaky: 1, skipped: 2 }, errors: [] },
      1,
    )
    expect(counts).toMatchObject({ passed: 9, failed: 2, skipped: 2 })
    expect(counts.problems).toEqual(['1 flaky test(s) passed only on retry'])
  })

  it('counts an error outside the tests (global setup could not start the server)', () => {
    const report = {
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
      errors: [{ message: 'server did not start\nlog…' }],
    }
    expect(countPlaywright(report, 1)).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
      problems: ['server did not start'],
    })
  })

  it('fails a non-zero exit that the report does not explain, and a missing report', () => {
    expect(countPlaywright({ stats: { expected: 3 } }, 1)).toMatchObject({ passed: 3, failed: 1 })
    expect(countPlaywright(undefined, null)).toMatchObject({ passed: 0, failed: 1 })
  })
})

describe('countExitCode', () => {
  it('is one passed test for exit 0 and one failed test otherwise', () => {
    expect(countExitCode(0, 'tsc')).toMatchObject({ passed: 1, failed: 0 })
    expect(countExitCode(2, 'tsc')).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
      problems: ['tsc exited with 2'],
    })
  })
})

describe('formatSummary', () => {
  const stages = [
    { name: 'type check', passed: 1, failed: 0, skipped: 0, problems: [], durationMs: 4200 },
    {
      name: 'unit + integration',
      passed: 120,
      failed: 2,
      skipped: 0,
      problems: ['x.test.ts: boom'],
      durationMs: 30_000,
    },
  ]

  it('adds the stages up and ends with the totals line alone', () => {
    const lines = formatSummary(stages).split('\n')
    expect(lines[lines.length - 1]).toBe('121 passed, 2 failed')
    expect(lines.find((l) => l.startsWith('total'))).toMatch(/^total\s+121\s+2\s+0\s+34\.2 s$/)
    expect(lines).toContain('  unit + integration: x.test.ts: boom')
  })

  it('formats the totals line exactly', () => {
    expect(totalsLine(0, 0)).toBe('0 passed, 0 failed')
    expect(totalsLine(5, 0, 3)).toBe('5 passed, 0 failed, 3 skipped')
  })

  it('names the skipped tests in the totals line', () => {
    const withSkipped = [...stages, { ...stages[0]!, name: 'e2e', passed: 0, skipped: 4 }]
    const lines = formatSummary(withSkipped).split('\n')
    expect(lines[lines.length - 1]).toBe('121 passed, 2 failed, 4 skipped')
  })
})

/**
 * `npm run bench [-- name… --flag value…]`: runs the benchmarks in scripts/bench/ (every module
 * there that exports `benchmark`), prints each one's table and writes its section of
 * docs/benchmarks.md. Sections are delimited by markers, so a bench run replaces only its own
 * figures. Flags after the names go to the chosen benchmarks (e.g. `-- load --duration 5`).
 */
import './production-env'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { DatabaseKind } from '../../server/db'

export interface BenchmarkRow {
  metric: string
  value: string
  /** The quality bar from docs/quality-bars.md, when there is one. */
  target?: string
  /** Whether the value meets the target; absent when there is no target. */
  meets?: boolean
}

export interface BenchmarkResult {
  rows: BenchmarkRow[]
  /** How it was measured: conditions a reader needs to interpret the figures. */
  notes: string[]
}

export interface Benchmark {
  /** Short name used on the command line and in the markers (`npm run bench -- ssr`). */
  name: string
  title: string
  /** `flags`: the command line from the first `--flag` on (`npm run bench -- load --duration 5`). */
  run(flags?: readonly string[]): Promise<BenchmarkResult>
}

const BENCH_DIR = import.meta.dirname
const REPORT = path.join(BENCH_DIR, '..', '..', 'docs', 'benchmarks.md')

function isBenchmark(value: unknown): value is Benchmark {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Benchmark>
  return (
    typeof candidate.name === 'string' &&
    typeof candidate.title === 'string' &&
    typeof candidate.run === 'function'
  )
}

/**
 * The databases a bench measures: PGlite always, and PostgreSQL too when BENCH_DATABASE_URL names
 * a server (handed to the test database helper as TEST_DATABASE_URL).
 */
export function benchDatabaseKinds(): DatabaseKind[] {
  if (!process.env.BENCH_DATABASE_URL) return ['pglite']
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL
  return ['pglite', 'postgres']
}

/** The nearest-rank percentile of the values (NaN for none). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length) - 1
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? Number.NaN
}

/** The command line split into benchmark names and the flags that follow the first `--…`. */
export function splitArguments(args: readonly string[]): { names: string[]; flags: string[] } {
  const firstFlag = args.findIndex((arg) => arg.startsWith('--'))
  if (firstFlag === -1) return { names: [...args], flags: [] }
  return { names: args.slice(0, firstFlag), flags: args.slice(firstFlag) }
}

/** A duration for a table cell. */
export const ms = (value: number) => `${value.toFixed(1)} ms`

export async function discoverBenchmarks(dir = BENCH_DIR): Promise<Benchmark[]> {
  const files = readdirSync(dir)
    .filter(
      (file) =>
        file.endsWith('.ts') && file !== 'index.ts' && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'),
    )
    .sort()
  const found: Benchmark[] = []
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { benchmark?: unknown }
    if (isBenchmark(module.benchmark)) found.push(module.benchmark)
  }
  return found
}

export function formatTable(rows: BenchmarkRow[]): string {
  const cells = rows.map((row) => [
    row.metric,
    row.value,
    row.target ?? '',
    row.meets === undefined ? '' : row.meets ? 'yes' : 'NO',
  ])
  const header = ['metric', 'value', 'target', 'meets']
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)))
  const line = (c: string[]) => `| ${c.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.map(line)].join('\n')
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')
}

/** Where and when: the load average matters on a shared machine, where other work skews every figure. */
function machine(loadBefore: string): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  let commit = 'unknown'
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: BENCH_DIR,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    // not a git checkout: the commit stays unknown
  }
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ')
  const memory = Math.round(os.totalmem() / 2 ** 30)
  return `${when} UTC, commit ${commit}, Node ${process.version}, ${os.cpus().length} × ${cpu}, ${memory} GB RAM, load average (1/5/15 min) ${loadBefore} before and ${loadAverage()} after`
}

export function renderSection(
  benchmark: Benchmark,
  result: BenchmarkResult,
  measuredOn: string,
  flags: readonly string[] = [],
): string {
  const command = ['npm run bench --', benchmark.name, ...flags].join(' ')
  return [
    // Laid out as Prettier formats Markdown, so formatting the docs leaves the figures alone.
    `<!-- bench:${benchmark.name}:start -->`,
    '',
    `## ${benchmark.title}`,
    '',
    `Measured ${measuredOn}. Reproduce with \`${command}\`.`,
    '',
    formatTable(result.rows),
    '',
    ...result.notes.map((note) => `- ${note}`),
    '',
    `<!-- bench:${benchmark.name}:end -->`,
  ].join('\n')
}

/** Replaces the benchmark's marked section in the report, or appends it. */
export function mergeSection(report: string, name: string, section: string): string {
  const start = `<!-- bench:${name}:start -->`
  const end = `<!-- bench:${name}:end -->`
  const from = report.indexOf(start)
  const to = report.indexOf(end)
  if (from >= 0 && to > from) return report.slice(0, from) + section + report.slice(to + end.length)
  return `${report.trimEnd()}\n\n${section}\n`
}

const REPORT_HEADER = `# Benchmarks

Figures for the quality bars of docs/quality-bars.md, written by \`npm run bench\` (scripts/bench/). Each
section says when and on what it was measured; run it again to refresh it. Benchmarks are not
tests: they measure and report, and the "meets" column compares with the target.
`

async function main(args: string[]) {
  const { names: selected, flags } = splitArguments(args)
  const all = await discoverBenchmarks()
  const unknown = selected.filter((name) => !all.some((b) => b.name === name))
  if (unknown.length > 0) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${all.map((b) => b.name).join(', ')}`)
    process.exit(2)
  }
  const chosen = selected.length > 0 ? all.filter((b) => selected.includes(b.name)) : all
  let failed = false
  for (const benchmark of chosen) {
    console.log(`\n━━ ${benchmark.title}`)
    try {
      const loadBefore = loadAverage()
      const result = await benchmark.run(flags)
      console.log(`\n${formatTable(result.rows)}`)
      // read the report now, not at the start: a bench runs for minutes, and an edit made to
      // another section meanwhile must survive
      const report = mergeSection(
        existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : REPORT_HEADER,
        benchmark.name,
        renderSection(benchmark, result, machine(loadBefore), flags),
      )
      writeFileSync(REPORT, report)
    } catch (error) {
      failed = true
      console.error(`${benchmark.name} failed:`, error instanceof Error ? error.message : error)
    }
  }
  console.log(`\nFigures written to ${path.relative(process.cwd(), REPORT)}`)
  if (failed) process.exitCode = 1
}

// No top-level await: bench modules import helpers from this module, and a cycle through a module
// that is still awaiting at the top level would never settle.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}

import { describe, expect, it } from 'vitest'
import { formatTable, mergeSection, renderSection, splitArguments, type Benchmark } from './index'

const benchmark: Benchmark = { name: 'ssr', title: 'SSR', run: async () => ({ rows: [], notes: [] }) }

describe('benchmark report', () => {
  it('renders a table with targets and whether they are met', () => {
    const table = formatTable([
      { metric: 'ttfb', value: '12.0 ms' },
      { metric: 'js', value: '90.0 KiB', target: '≤ 150.0 KiB', meets: true },
      { metric: 'p99', value: '300 ms', target: '≤ 150 ms', meets: false },
    ]).split('\n')
    expect(table[0]).toMatch(/^\| metric +\| value +\| target +\| meets \|$/)
    expect(table[1]).toBe('| ------ | -------- | ----------- | ----- |')
    expect(table[3]).toContain('| yes')
    expect(table[4]).toContain('| NO ')
    expect(table[2]).not.toMatch(/yes|NO/)
  })

  it('replaces only its own section of the report and keeps the rest', () => {
    const first = renderSection(benchmark, { rows: [{ metric: 'a', value: '1' }], notes: ['old'] }, 'then')
    const report = mergeSection('# Benchmarks\n\nHand-written intro.\n', 'ssr', first)
    const withOther = mergeSection(
      report,
      'lighthouse',
      '<!-- bench:lighthouse:start -->L<!-- bench:lighthouse:end -->',
    )
    const second = renderSection(benchmark, { rows: [{ metric: 'a', value: '2' }], notes: ['new'] }, 'now')
    const updated = mergeSection(withOther, 'ssr', second)
    expect(updated).toContain('Hand-written intro.')
    expect(updated).toContain('<!-- bench:lighthouse:start -->L<!-- bench:lighthouse:end -->')
    expect(updated).toContain('- new')
    expect(updated).not.toContain('- old')
    expect(updated.match(/bench:ssr:start/g)).toHaveLength(1)
  })
})

describe('renderSection', () => {
  it('names the command that reproduces the figures, with the flags of the run', () => {
    const result = { rows: [{ metric: 'a', value: '1' }], notes: [] }
    expect(renderSection(benchmark, result, 'today')).toContain('Reproduce with `npm run bench -- ssr`.')
    expect(renderSection(benchmark, result, 'today', ['--duration', '10'])).toContain(
      'Reproduce with `npm run bench -- ssr --duration 10`.',
    )
  })
})

describe('splitArguments', () => {
  it('takes names up to the first flag and hands the rest to the benchmarks', () => {
    expect(splitArguments(['load', '--duration', '5', '--soak', '300'])).toEqual({
      names: ['load'],
      flags: ['--duration', '5', '--soak', '300'],
    })
    expect(splitArguments(['ssr', 'load'])).toEqual({ names: ['ssr', 'load'], flags: [] })
    expect(splitArguments(['--duration', '5'])).toEqual({ names: [], flags: ['--duration', '5'] })
  })
})

import { describe, expect, it } from 'vitest'
import { clsFromShifts, inpFromLatencies } from './measure'
import { inVitalsSample, vitalsBatch } from './reporter'

describe('the metrics', () => {
  it('INP is the worst interaction, skipping one per 50', () => {
    expect(inpFromLatencies([])).toBeNull()
    expect(inpFromLatencies([40, 120, 80])).toBe(120)
    const many = Array.from({ length: 100 }, (_, i) => i + 1)
    // 100 interactions: the two worst are skipped
    expect(inpFromLatencies(many)).toBe(98)
  })

  it('CLS is the largest session window (gaps under 1 s, at most 5 s)', () => {
    expect(clsFromShifts([])).toBe(0)
    expect(
      clsFromShifts([
        { startTime: 100, value: 0.05 },
        { startTime: 600, value: 0.05 },
        // a gap of 2 s starts a new window
        { startTime: 2600, value: 0.02 },
      ]),
    ).toBeCloseTo(0.1)
    // a window is cut at 5 s even without a gap
    const steady = Array.from({ length: 12 }, (_, i) => ({ startTime: i * 900, value: 0.01 }))
    expect(clsFromShifts(steady)).toBeCloseTo(0.06)
  })
})

describe('the reporter', () => {
  it('samples page loads by the rate', () => {
    expect(inVitalsSample(0.1, () => 0.05)).toBe(true)
    expect(inVitalsSample(0.1, () => 0.1)).toBe(false)
  })

  it('batches the metrics with the page type', () => {
    const values = new Map([
      ['LCP', 1234.56789],
      ['CLS', 0.0123],
    ] as const)
    expect(JSON.parse(vitalsBatch('product', values) ?? 'null')).toEqual({
      metrics: [
        { name: 'LCP', value: 1234.5679, pageType: 'product' },
        { name: 'CLS', value: 0.0123, pageType: 'product' },
      ],
    })
    expect(vitalsBatch('product', new Map())).toBeNull()
  })
})

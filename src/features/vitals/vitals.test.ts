import { describe, expect, it } from 'vitest'
import { inVitalsSample, vitalsBatch } from './reporter'

describe('the reporter', () => {
  it('samples page loads by the rate', () => {
    expect(inVitalsSample(0.1, () => 0.05)).toBe(true)
    expect(inVitalsSample(0.1, () => 0.1)).toBe(false)
  })

  it('batches the metrics with the page type and the market', () => {
    const values = new Map([
      ['LCP', 1234.56789],
      ['CLS', 0.0123],
    ] as const)
    expect(JSON.parse(vitalsBatch('product', 'se', values) ?? 'null')).toEqual({
      market: 'se',
      metrics: [
        { name: 'LCP', value: 1234.5679, pageType: 'product' },
        { name: 'CLS', value: 0.0123, pageType: 'product' },
      ],
    })
    expect(vitalsBatch('product', 'se', new Map())).toBeNull()
  })
})

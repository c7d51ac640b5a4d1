import { describe, expect, it } from 'vitest'
import { blockingTime, medianLoad } from './interaction'

describe('interaction bench figures', () => {
  it('counts what each long task ran past 50 ms as blocking time', () => {
    expect(blockingTime([])).toBe(0)
    expect(blockingTime([51, 120, 50])).toBe(1 + 70)
  })

  it('reports the run whose blocking time is the median', () => {
    const runs = [
      { interactiveMs: 900, longTasks: [300] },
      { interactiveMs: 800, longTasks: [60] },
      { interactiveMs: 850, longTasks: [100, 90] },
    ]
    expect(medianLoad(runs)).toBe(runs[2])
    expect(() => medianLoad([])).toThrow('no runs')
  })
})

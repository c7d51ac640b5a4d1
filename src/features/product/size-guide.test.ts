import { describe, expect, it } from 'vitest'
import { sizeChart } from './size-guide'

describe('sizeChart', () => {
  it('gives bust, waist and hip for EU sizes', () => {
    const chart = sizeChart(['34', '36', '38'])
    expect(chart?.kind).toBe('clothing')
    expect(chart?.rows).toEqual([
      { size: '34', values: ['80', '64', '88'] },
      { size: '36', values: ['84', '68', '92'] },
      { size: '38', values: ['88', '72', '96'] },
    ])
  })

  it('maps letter sizes to their EU sizes and measurement ranges', () => {
    const chart = sizeChart(['XS', 'M', 'L'])
    expect(chart?.kind).toBe('letters')
    expect(chart?.rows[0]).toEqual({ size: 'XS', values: ['32/34', '76–80', '60–64', '84–88'] })
    expect(chart?.rows[1]).toEqual({ size: 'M', values: ['38', '88', '72', '96'] })
  })

  it('gives the foot length of shoe sizes by the Paris point', () => {
    // a run of even sizes only reads as clothing; shoe runs have odd sizes
    expect(sizeChart(['36', '38'])?.kind).toBe('clothing')
    const shoes = sizeChart(['35', '37', '41'], (value) => value.toFixed(1))
    expect(shoes?.kind).toBe('shoes')
    expect(shoes?.rows).toEqual([
      { size: '35', values: ['21.8'] },
      { size: '37', values: ['23.2'] },
      { size: '41', values: ['25.8'] },
    ])
  })

  it('converts jeans waist sizes from inches', () => {
    const chart = sizeChart(['26', '27', '28'])
    expect(chart?.kind).toBe('waist')
    expect(chart?.rows.map((row) => row.values[0])).toEqual(['66', '69', '71'])
    expect(sizeChart(['33', '34', '36'])?.kind).toBe('waist')
  })

  it('gives underbust and bust for bra sizes', () => {
    const chart = sizeChart(['75B', '80C'])
    expect(chart?.kind).toBe('bra')
    expect(chart?.rows).toEqual([
      { size: '75B', values: ['73–77', '88–90'] },
      { size: '80C', values: ['78–82', '95–97'] },
    ])
  })

  it('has no chart for one-size products or unknown labels', () => {
    expect(sizeChart(['One size'])).toBeNull()
    expect(sizeChart([])).toBeNull()
  })
})

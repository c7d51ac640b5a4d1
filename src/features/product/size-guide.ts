/**
 * Size charts for the size guide: body measurements in centimetres for the size runs the shop
 * sells (EU women's sizes, letter sizes, jeans waist sizes, shoes and bra sizes), chosen by the
 * product's own size labels. Standard European women's measurements; shoes by the Paris point
 * (one size = 2/3 cm, EU size = 1.5 × (foot length + 1.5 cm)).
 */

export type SizeChartKind = 'clothing' | 'letters' | 'waist' | 'shoes' | 'bra'

export interface SizeChart {
  kind: SizeChartKind
  /** message ids of the measurement columns, after the size column */
  columns: string[]
  rows: { size: string; values: string[] }[]
}

/** EU size → bust, waist, hip (cm). */
const EU_BODY: Record<string, [number, number, number]> = {
  '32': [76, 60, 84],
  '34': [80, 64, 88],
  '36': [84, 68, 92],
  '38': [88, 72, 96],
  '40': [92, 76, 100],
  '42': [96, 80, 104],
  '44': [100, 84, 108],
  '46': [106, 90, 114],
  '48': [112, 96, 120],
  '50': [118, 102, 126],
}

/** Letter size → the EU sizes it covers. */
const LETTER_EU: Record<string, string[]> = {
  XS: ['32', '34'],
  S: ['36'],
  M: ['38'],
  L: ['40', '42'],
  XL: ['44'],
  XXL: ['46'],
  '3XL': ['48', '50'],
}

/** Cup letter → bust minus underbust (cm), EU standard 2 cm steps. */
const CUP_DIFFERENCE: Record<string, number> = { A: 12, B: 14, C: 16, D: 18, E: 20, F: 22 }

const COLUMNS: Record<SizeChartKind, string[]> = {
  clothing: ['product.sizeGuide.bust', 'product.sizeGuide.waist', 'product.sizeGuide.hip'],
  letters: [
    'product.sizeGuide.euSize',
    'product.sizeGuide.bust',
    'product.sizeGuide.waist',
    'product.sizeGuide.hip',
  ],
  waist: ['product.sizeGuide.waist'],
  shoes: ['product.sizeGuide.footLength'],
  bra: ['product.sizeGuide.underbust', 'product.sizeGuide.bust'],
}

const range = (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`)

function shoeFootLength(size: number): string {
  return (size / 1.5 - 1.5).toFixed(1)
}

/** The chart for these size labels, or null when they are not one of the known runs (one size). */
export function sizeChart(
  labels: readonly string[],
  formatNumber: (value: number) => string = String,
): SizeChart | null {
  const sizes = labels.filter((label) => label.trim() !== '')
  if (sizes.length === 0) return null
  const every = (test: (size: string) => boolean) => sizes.every(test)

  if (every((size) => /^\d{2}[A-F]$/.test(size))) {
    return {
      kind: 'bra',
      columns: COLUMNS.bra,
      rows: sizes.map((size) => {
        const band = Number(size.slice(0, 2))
        const cup = CUP_DIFFERENCE[size.slice(2)] ?? 0
        return { size, values: [range(band - 2, band + 2), range(band + cup - 1, band + cup + 1)] }
      }),
    }
  }
  if (every((size) => size in LETTER_EU)) {
    return {
      kind: 'letters',
      columns: COLUMNS.letters,
      rows: sizes.map((size) => {
        const eu = LETTER_EU[size] ?? []
        const bodies = eu.map((key) => EU_BODY[key]).filter((body) => body !== undefined)
        const first = bodies[0]
        const last = bodies[bodies.length - 1]
        const values =
          first && last
            ? [0, 1, 2].map((column) => range(first[column] as number, last[column] as number))
            : ['', '', '']
        return { size, values: [eu.join('/'), ...values] }
      }),
    }
  }
  const numbers = sizes.map(Number)
  if (numbers.some((value) => !Number.isInteger(value))) return null
  // Even sizes 32–50 read as EU clothing sizes; a run with odd sizes is shoes (35–42) or jeans
  // waist sizes (24–36). A run of even sizes only is ambiguous and gets the clothing chart.
  if (every((size) => size in EU_BODY)) {
    return {
      kind: 'clothing',
      columns: COLUMNS.clothing,
      rows: sizes.map((size) => ({ size, values: (EU_BODY[size] ?? []).map(String) })),
    }
  }
  if (numbers.every((value) => value >= 35 && value <= 42)) {
    return {
      kind: 'shoes',
      columns: COLUMNS.shoes,
      rows: sizes.map((size) => ({ size, values: [formatNumber(Number(shoeFootLength(Number(size))))] })),
    }
  }
  if (numbers.every((value) => value >= 24 && value <= 36)) {
    return {
      kind: 'waist',
      columns: COLUMNS.waist,
      rows: sizes.map((size) => ({ size, values: [String(Math.round(Number(size) * 2.54))] })),
    }
  }
  return null
}

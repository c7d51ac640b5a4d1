/**
 * The natural order of size names, the one order every list of sizes uses (the size facet of
 * product lists and of search): letter sizes from XXS to 3XL (and beyond), then numeric sizes
 * ascending (EU 32 … 50, waist 24 … 36, shoes 35 … 42, cups 70B … 90D), then any other name
 * alphabetically, and one-size last.
 */

/** Letter sizes, smallest first; the X-forms and the numbered forms (2XL, 3XL) are the same size. */
const LETTER_SIZES: Readonly<Record<string, number>> = {
  XXXS: 0,
  '3XS': 0,
  XXS: 1,
  '2XS': 1,
  XS: 2,
  S: 3,
  M: 4,
  L: 5,
  XL: 6,
  XXL: 7,
  '2XL': 7,
  XXXL: 8,
  '3XL': 8,
  XXXXL: 9,
  '4XL': 9,
  '5XL': 10,
}

const ONE_SIZE = /^(one[ -]?size|onesize|os|yksi koko|en storlek|one-size)$/i
/** A number (with decimals: shoe 38.5 or 38,5) and an optional suffix: EU 38, cup 75B, 36/32. */
const NUMERIC = /^(\d+(?:[.,]\d+)?)(.*)$/

const enum Kind {
  Letter = 0,
  Numeric = 1,
  Other = 2,
  OneSize = 3,
}

interface SizeKey {
  kind: Kind
  rank: number
  rest: string
}

function keyOf(name: string): SizeKey {
  const trimmed = name.trim()
  const letter = LETTER_SIZES[trimmed.toUpperCase()]
  if (letter !== undefined) return { kind: Kind.Letter, rank: letter, rest: '' }
  if (ONE_SIZE.test(trimmed)) return { kind: Kind.OneSize, rank: 0, rest: '' }
  const numeric = NUMERIC.exec(trimmed)
  if (numeric) {
    return { kind: Kind.Numeric, rank: Number(numeric[1]!.replace(',', '.')), rest: numeric[2]!.trim() }
  }
  return { kind: Kind.Other, rank: 0, rest: trimmed }
}

/** Compares two size names in their natural order (for Array.prototype.sort). */
export function compareSizes(a: string, b: string): number {
  const x = keyOf(a)
  const y = keyOf(b)
  return (
    x.kind - y.kind ||
    x.rank - y.rank ||
    x.rest.localeCompare(y.rest, 'en', { numeric: true }) ||
    a.localeCompare(b, 'en')
  )
}

/** The size names in their natural order (a new array). */
export function sortSizes<T extends string>(names: readonly T[]): T[] {
  return [...names].sort(compareSizes)
}

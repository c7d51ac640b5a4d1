/**
 * Query text: normalising, splitting into words, edit distance for typo tolerance and the `{…}`
 * highlight markers of phrase suggestions (docs/service-contracts.md#search-api). Language-neutral; the stemming is
 * PostgreSQL's (the snowball configurations of the `languages` table).
 */

/** Letters and digits of any script; the hyphen of `t-paita` is a word separator, as in to_tsvector. */
const WORD = /[\p{L}\p{N}]+/gu

/** Lower case, Unicode-composed (so `ä` typed as a + combining diaeresis still matches), trimmed. */
export function normaliseQuery(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** The words of a query in order, lower case. */
export function queryWords(text: string): string[] {
  return normaliseQuery(text).match(WORD) ?? []
}

/** A Lumo article number (`LU000123`, also typed as `lu123`), normalised to the catalogue's form. */
export function articleNumberOf(word: string): string | null {
  const match = /^lu0*(\d{1,6})$/i.exec(word)
  if (!match?.[1]) return null
  return `lu${match[1].padStart(6, '0')}`
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions, the commonest typo),
 * giving up early once `limit` is exceeded.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let previousPrevious: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, previousPrevious[j - 2]! + 1)
      }
      current.push(value)
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin > limit) return limit + 1
    previousPrevious = previous
    previous = current
  }
  return previous[b.length]!
}

/** How many typos a word of this length may carry and still be corrected. */
export function typoAllowance(word: string): number {
  if (word.length <= 3) return 0
  if (word.length <= 5) return 1
  return 2
}

/**
 * Marks the parts of `text` that start with one of the query words as `{…}`: `musta villaneule`
 * for the query `vill` gives `musta {vill}aneule`.
 */
export function highlight(text: string, words: readonly string[]): string {
  const wanted = words.filter((word) => word.length > 0)
  if (wanted.length === 0) return text
  return text.replace(/[\p{L}\p{N}]+/gu, (token) => {
    const lower = token.toLowerCase()
    const match = wanted.filter((word) => lower.startsWith(word)).sort((x, y) => y.length - x.length)[0]
    return match ? `{${token.slice(0, match.length)}}${token.slice(match.length)}` : token
  })
}

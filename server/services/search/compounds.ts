/**
 * Compound words (Finnish, Swedish, Norwegian and Danish write them as one word): `villaneule` is
 * `villa` + `neule`, `bomullsklänning` is `bomull` + linking `s` + `klänning`. The snowball stemmers
 * leave compounds whole, so without this a search for `neule` misses `villaneule`, and one for
 * `villaneule` misses a `neule` whose material is `villa`.
 *
 * No dictionary is shipped: the catalogue's own vocabulary decides. A word splits where
 *   - its first part is a word of the vocabulary (optionally with a linking s/e), and the rest is
 *     at least three letters, or
 *   - its last part is the last part of several other words (a recurring head noun, like `mekko`
 *     in `juhlamekko`, `maksimekko`, `paitamekko`).
 */

/** Letters a Nordic compound may put between its parts (sv/nb/da `s`, nb `e`). */
const LINKING = ['s', 'e'] as const

const MIN_PART = 3
const MIN_HEAD_NOUN = 4
/** A tail must end this many other words of the vocabulary to count as a head noun. */
const HEAD_NOUN_WORDS = 3

export interface CompoundVocabulary {
  /** every known word, lower case */
  has(word: string): boolean
  /** the words a tail ends, to find recurring head nouns */
  words: Iterable<string>
}

/** The recurring last parts of the vocabulary's words and how many words end with each. */
export function headNouns(words: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const word of words) {
    for (let i = MIN_PART; i <= word.length - MIN_HEAD_NOUN; i++) {
      const tail = word.slice(i)
      counts.set(tail, (counts.get(tail) ?? 0) + 1)
    }
  }
  for (const [tail, count] of counts) if (count < HEAD_NOUN_WORDS) counts.delete(tail)
  return counts
}

function knownModifier(head: string, isWord: (word: string) => boolean): string | null {
  if (head.length < MIN_PART) return null
  if (isWord(head)) return head
  for (const link of LINKING) {
    if (head.endsWith(link) && head.length - 1 >= MIN_PART && isWord(head.slice(0, -1))) {
      return head.slice(0, -1)
    }
  }
  return null
}

/**
 * The two parts of a compound, or null. `isWord` says whether a part is a word of the
 * vocabulary, `heads` are the recurring head nouns (headNouns()).
 */
export function splitCompound(
  word: string,
  isWord: (word: string) => boolean,
  heads: ReadonlyMap<string, number>,
): [string, string] | null {
  if (word.length < MIN_PART * 2) return null
  // the longest known first part: `villaneule` → villa + neule
  for (let i = word.length - MIN_PART; i >= MIN_PART; i--) {
    const modifier = knownModifier(word.slice(0, i), isWord)
    if (modifier) return [modifier, word.slice(i)]
  }
  // the longest recurring head noun: `juhlamekko` → juhla + mekko
  for (let i = MIN_PART; i <= word.length - MIN_HEAD_NOUN; i++) {
    const tail = word.slice(i)
    if (heads.has(tail) && tail !== word) return [word.slice(0, i), tail]
  }
  return null
}

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

/** The first part as a word of the vocabulary, and whether a linking letter had to go. */
function knownModifier(
  head: string,
  isWord: (word: string) => boolean,
): { word: string; linked: boolean } | null {
  if (head.length < MIN_PART) return null
  if (isWord(head)) return { word: head, linked: false }
  for (const link of LINKING) {
    if (head.endsWith(link) && head.length - 1 >= MIN_PART && isWord(head.slice(0, -1))) {
      return { word: head.slice(0, -1), linked: true }
    }
  }
  return null
}

/**
 * The two parts of a compound, or null. `isWord` says whether a part is a word of the
 * vocabulary, `heads` are the recurring head nouns (headNouns()). Of the possible splits the
 * best is the one whose rest is a known word or head noun, without a linking letter, with the
 * shortest first part (so the rest can be split again: villa | neuletakki).
 */
export function splitCompound(
  word: string,
  isWord: (word: string) => boolean,
  heads: ReadonlyMap<string, number>,
): [string, string] | null {
  if (word.length < MIN_PART * 2) return null
  let best: { parts: [string, string]; rank: number } | null = null
  for (let i = MIN_PART; i <= word.length - MIN_PART; i++) {
    const modifier = knownModifier(word.slice(0, i), isWord)
    if (!modifier) continue
    const tail = word.slice(i)
    const rank = (isWord(tail) || heads.has(tail) ? 4 : 0) + (modifier.linked ? 0 : 2)
    if (!best || rank > best.rank) best = { parts: [modifier.word, tail], rank }
  }
  if (best) return best.parts
  // a recurring head noun is a word of its own (`klänning`), not a compound of its tails
  if (heads.has(word)) return null
  // the recurring head noun that explains the word best: a known word first (the longest),
  // else the one with most letters × words (`juhlamekko` → juhla + mekko, not juhl + amekko)
  let head: { at: number; score: number } | null = null
  for (let i = MIN_PART; i <= word.length - MIN_HEAD_NOUN; i++) {
    const tail = word.slice(i)
    const count = heads.get(tail) ?? 0
    if (count === 0) continue
    const score = isWord(tail) ? 1_000_000 + tail.length : count * tail.length
    if (!head || score > head.score) head = { at: i, score }
  }
  return head ? [word.slice(0, head.at), word.slice(head.at)] : null
}

/**
 * All parts of a compound, head last: the tail is split again (`villaneuletakki` → villa +
 * neuletakki → villa + neule + takki). Null when the word is not a compound.
 */
export function compoundParts(
  word: string,
  isWord: (word: string) => boolean,
  heads: ReadonlyMap<string, number>,
): string[] | null {
  const split = splitCompound(word, isWord, heads)
  if (!split) return null
  const [modifier, tail] = split
  return [modifier, ...(compoundParts(tail, isWord, heads) ?? [tail])]
}

/**
 * The other forms of a typed word: what a shopper types is often the start of a word or another
 * inflection of it than the catalogue's, and the Nordic languages change the stem as they inflect
 * (Finnish consonant gradation: kenkä → kengät, paita → paidat, saapas → saappaat; the
 * Scandinavian e-syncope: stövel → stövlar). The snowball stemmers keep such forms apart
 * (`kenk` and `keng`), so the query side reaches across: a typed word's stem-start forms, each
 * looked up as the start of a catalogue word. Used by query.ts for the search page and the
 * autocomplete alike, so a submitted query finds what its suggestions showed.
 */
import type { LocaleCode } from '../../../src/shared/markets'

const VOWEL = 'aeiouyäöåæø'
const isVowel = (letter: string | undefined) => letter !== undefined && VOWEL.includes(letter)

/** Finnish consonant gradation, strong grade ↔ weak grade (kk/k, nk/ng, t/d, p/v …). */
const GRADATION: readonly (readonly [string, string])[] = [
  ['kk', 'k'],
  ['pp', 'p'],
  ['tt', 't'],
  ['nk', 'ng'],
  ['mp', 'mm'],
  ['lt', 'll'],
  ['nt', 'nn'],
  ['rt', 'rr'],
  ['ht', 'hd'],
  ['t', 'd'],
  ['p', 'v'],
]

/** The word without its final vowels (`kenkä` → `kenk`, `bukse` → `buks`, `byxa` → `byx`). */
export function withoutEndVowels(word: string): string {
  let end = word.length
  while (end > 0 && isVowel(word[end - 1])) end--
  return word.slice(0, end)
}

/**
 * The word with its last consonant cluster in the other grade, when only vowels follow it and a
 * vowel precedes it: `kenk` → `keng`, `paid` → `pait`, `saap` → `saapp`, `takk` → `tak`.
 */
export function gradationVariants(stem: string): string[] {
  const base = withoutEndVowels(stem)
  const variants = new Set<string>()
  for (const [strong, weak] of GRADATION) {
    for (const [from, to] of [
      [strong, weak],
      [weak, strong],
    ] as const) {
      if (!base.endsWith(from)) continue
      const start = base.length - from.length
      // the cluster follows a vowel (`kenk`: e + nk); `mekkk` or `kk` alone are no gradation
      if (!isVowel(base[start - 1])) continue
      // `kk` is not the weak grade of `kkk`, nor `k` of a `kk` (that is the strong grade's rule)
      if (from.length === 1 && base[start - 1] === from) continue
      variants.add(base.slice(0, start) + to)
    }
  }
  variants.delete(base)
  return [...variants]
}

/** A Scandinavian -el/-er/-en stem loses its e before an ending: `stövel` → `stövl`. */
function syncopeVariant(word: string): string | null {
  const match = /^(.*[^aeiouyäöåæø])e([lrn])$/u.exec(word)
  return match ? `${match[1]}${match[2]}` : null
}

/**
 * The starts of words a typed word may stand for, longest first: the word, its stem(s), without
 * their final vowels, and (by language) the other grade of the stem or its syncopated form.
 * Starts shorter than three letters are left out: they would match half the catalogue.
 */
export function wordStarts(word: string, lexemes: readonly string[], language: LocaleCode): string[] {
  const starts = new Set<string>()
  for (const form of [word, ...lexemes]) {
    starts.add(form)
    starts.add(withoutEndVowels(form))
    if (language === 'fi') {
      // a plural -t or the -s of `saapas` (saappaa-t) ends the word, the stem is before it
      const stem = form.replace(/(?<=[aeiouyäö])[stn]$/u, '')
      for (const variant of new Set([...gradationVariants(form), ...gradationVariants(stem)])) {
        starts.add(variant)
      }
    } else {
      const syncopated = syncopeVariant(form)
      if (syncopated) starts.add(syncopated)
    }
  }
  return [...starts].filter((start) => start.length >= 3).sort((a, b) => b.length - a.length)
}

/** Longest inflectional ending (and linking letters) a start may be followed by: `keng` + `ät`. */
export const MAX_ENDING = 5

/**
 * The catalogue words that are a typed word in another form: words beginning with one of its
 * starts and at most MAX_ENDING letters longer, commonest first. `kenk` → kengät (fi),
 * `paita` → paidat, `stövel` → stövlar (sv). Returns the start that matched too (the form the
 * suggestions highlight), or null when no catalogue word is such a form.
 */
export function catalogueForms(
  word: string,
  lexemes: readonly string[],
  language: LocaleCode,
  words: ReadonlyMap<string, number>,
  limit = 12,
): { start: string; words: string[] } | null {
  const starts = wordStarts(word, lexemes, language)
  if (starts.length === 0) return null
  const found = new Map<string, number>()
  let matched: string | null = null
  for (const [candidate, count] of words) {
    for (const start of starts) {
      if (!candidate.startsWith(start) || candidate.length - start.length > MAX_ENDING) continue
      found.set(candidate, count)
      if (matched === null || start.length > matched.length) matched = start
      break
    }
  }
  if (matched === null) return null
  const best = [...found]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([candidate]) => candidate)
  return { start: matched, words: best }
}

/**
 * From a shopper's phrase to a PostgreSQL tsquery in the language's snowball configuration
 * (search_documents.lexemes). Each word becomes a group of alternatives that must all match:
 *   - the word itself (stemmed by to_tsquery: `neuleet` finds `neule`) and its synonyms (data),
 *   - for a compound, its parts together (`villaneule` also finds `neule` + material `villa`),
 *   - for a word the catalogue does not know, its other forms in the catalogue (`kenk` finds
 *     `kengät`: word-forms.ts), else the nearest known word (typo tolerance),
 *   - for the last word, a prefix match (`mek` finds `mekko`): the last word may be unfinished.
 * The search page and the autocomplete plan a phrase the same way, so a submitted query finds at
 * least the products its suggestions showed.
 * A Lumo article number (`LU000123`) is looked up as such.
 */
import { splitCompound } from './compounds'
import type { LocaleCode } from '../../../src/shared/markets'
import { articleNumberOf, editDistance, queryWords, typoAllowance } from './text'
import type { LanguageVocabulary } from './vocabulary'
import { catalogueForms } from './word-forms'

export interface WordPlan {
  word: string
  /** the word the query runs with: the typed one, or its correction */
  used: string
  corrected: boolean
  /** `used` is a word of the catalogue (or all its compound parts are): not a start or stray text */
  catalogueWord: boolean
  /** tsquery alternatives for this word, OR-ed */
  alternatives: string[]
}

export interface QueryPlan {
  words: WordPlan[]
  articleNumbers: string[]
  /** all words AND-ed: `('villaneule' | 'villa' & 'neule') & 'musta'`; empty when nothing to search */
  tsquery: string
  /** the words OR-ed, the fallback when the strict query finds nothing */
  relaxedTsquery: string
  /** the phrase with typo corrections applied, when any was */
  correctedPhrase: string | null
  /** every typed word as the query used it (stop words as typed), space-separated */
  usedPhrase: string
}

/** The stemmer's lexemes of each word, as ts_lexize gives them ([] = a stop word). */
export type Stems = ReadonlyMap<string, readonly string[]>

const quote = (word: string) => `'${word.replace(/'/g, "''")}'`

/** The nearest known word within the typo allowance, commonest first on a tie. */
export function nearestWord(word: string, vocabulary: LanguageVocabulary): string | null {
  const allowance = typoAllowance(word)
  if (allowance === 0) return null
  let best: string | null = null
  let bestDistance = allowance + 1
  let bestCount = -1
  for (const [candidate, count] of vocabulary.words) {
    if (Math.abs(candidate.length - word.length) > allowance || candidate.length < 3) continue
    const distance = editDistance(word, candidate, Math.min(allowance, bestDistance))
    if (distance < bestDistance || (distance === bestDistance && count > bestCount)) {
      best = candidate
      bestDistance = distance
      bestCount = count
    }
  }
  return bestDistance <= allowance ? best : null
}

function isKnown(word: string, vocabulary: LanguageVocabulary, stems: Stems): boolean {
  if (vocabulary.words.has(word)) return true
  const lexemes = stems.get(word) ?? []
  return lexemes.length > 0 && lexemes.every((lexeme) => vocabulary.stems.has(lexeme))
}

function hasPrefix(prefix: string, vocabulary: LanguageVocabulary): boolean {
  for (const word of vocabulary.words.keys()) if (word.startsWith(prefix)) return true
  return false
}

export function planQuery(
  phrase: string,
  vocabulary: LanguageVocabulary,
  stems: Stems,
  language: LocaleCode,
  { correct = true }: { correct?: boolean } = {},
): QueryPlan {
  const words: WordPlan[] = []
  const articleNumbers: string[] = []
  const all = queryWords(phrase)
  all.forEach((word, index) => {
    const article = articleNumberOf(word)
    if (article) {
      articleNumbers.push(article)
      return
    }
    // the last word may be one still being typed, or submitted unfinished (`klänn` + Enter)
    const typing = index === all.length - 1 && word.length >= 2 && hasPrefix(word, vocabulary)
    const lexemes = stems.get(word) ?? []
    // a stop word (`och`, `ja`) narrows nothing, unless it is the start of a word being typed (`den…`)
    if ((stems.get(word) ?? ['?']).length === 0 && !vocabulary.words.has(word) && !typing) return
    const alternatives = new Set<string>()
    let used = word
    let corrected = false
    let catalogueWord = false
    if (isKnown(word, vocabulary, stems)) {
      alternatives.add(quote(word))
      catalogueWord = true
    } else {
      const parts = typing
        ? null
        : splitCompound(word, (part) => isKnown(part, vocabulary, stems), vocabulary.heads)
      const forms = catalogueForms(word, lexemes, language, vocabulary.words)
      if (parts && parts.every((part) => isKnown(part, vocabulary, stems))) {
        alternatives.add(quote(word))
        alternatives.add(`(${parts.map(quote).join(' & ')})`)
        catalogueWord = true
      } else if (forms) {
        // another form of a catalogue word (`kenk` → kengät); a typo that is one too is corrected
        const nearest = correct && !typing ? nearestWord(word, vocabulary) : null
        if (nearest && forms.words.includes(nearest)) {
          used = nearest
          corrected = true
          catalogueWord = true
        } else if (!typing) {
          used = forms.start
        }
        for (const form of forms.words) alternatives.add(quote(form))
      } else if (!typing) {
        const nearest = correct ? nearestWord(word, vocabulary) : null
        if (nearest) {
          used = nearest
          corrected = true
          catalogueWord = true
          alternatives.add(quote(nearest))
        } else {
          alternatives.add(index === all.length - 1 ? `${quote(word)}:*` : quote(word))
        }
      }
    }
    for (const synonym of vocabulary.synonyms.get(used) ?? []) alternatives.add(quote(synonym))
    // the last word also finds the words it starts (`vil` → villa, villaneule)
    if (typing) alternatives.add(`${quote(word)}:*`)
    words.push({ word, used, corrected, catalogueWord, alternatives: [...alternatives] })
  })
  const groups = words.map((plan) =>
    plan.alternatives.length === 1 ? plan.alternatives[0]! : `(${plan.alternatives.join(' | ')})`,
  )
  const usedPhrase = all.map((word) => words.find((plan) => plan.word === word)?.used ?? word).join(' ')
  const correctedPhrase = words.some((plan) => plan.corrected) ? usedPhrase : null
  return {
    words,
    articleNumbers,
    tsquery: groups.join(' & '),
    relaxedTsquery: groups.join(' | '),
    correctedPhrase,
    usedPhrase,
  }
}

/** Longest phrase popular searches show. */
const POPULAR_PHRASE_WORDS = 4

/**
 * The phrase a search counts for in popular searches: its words as corrected, when every one is a
 * catalogue word (`kengt` counts for `kengät`); null for a start (`klänn`), a form that is no
 * catalogue word, an article number, a repeated word or more than four words, so what shows to
 * every visitor is the catalogue's words, never a shopper's own text.
 */
export function popularPhrase(plan: QueryPlan): string | null {
  const words = plan.usedPhrase.split(' ')
  if (plan.articleNumbers.length > 0 || plan.words.length === 0 || words.length > POPULAR_PHRASE_WORDS) {
    return null
  }
  // the words not planned are stop words (`ja`, `och`): language, not a shopper's text
  if (!plan.words.every((word) => word.catalogueWord)) return null
  if (new Set(words).size < words.length) return null
  return plan.usedPhrase
}

import type { QueryPlan } from './query'
import type { LanguageVocabulary } from './vocabulary'

/**
 * The query's words naming a colour of the catalogue (`punaiset` for the colour Punainen: the
 * inflected forms share all but the last few letters), as colour ids, and the tsquery of the
 * other words.
 */
export function colourWords(
  plan: QueryPlan,
  language: LanguageVocabulary,
): { ids: Set<number>; rest: string } {
  const ids = new Set<number>()
  const others: string[] = []
  for (const word of plan.words) {
    const matching = [...language.colours].filter(([, colour]) =>
      sameWordStem(word.used, colour.label.toLowerCase()),
    )
    for (const [id] of matching) ids.add(id)
    if (matching.length === 0) {
      others.push(
        word.alternatives.length === 1 ? word.alternatives[0]! : `(${word.alternatives.join(' | ')})`,
      )
    }
  }
  return { ids, rest: others.join(' & ') }
}

function sameWordStem(a: string, b: string): boolean {
  let common = 0
  while (common < a.length && common < b.length && a[common] === b[common]) common++
  return common >= Math.max(3, Math.min(a.length, b.length) - 3)
}

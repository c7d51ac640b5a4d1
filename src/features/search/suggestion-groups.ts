/**
 * The autocomplete answer as the search popup shows it (loaded with the service client, not with
 * the page): the groups of options in order, and the `{…}` highlights as bold runs.
 */
import type { AutocompleteResponse } from '../../shared/search-api'
import type { SuggestionGroup, SuggestionKind, SuggestionOption } from './combobox-state'

/** The answer as the popup shows it, in order: an empty query offers recent and trending searches. */
export function suggestionGroups(query: string, response: AutocompleteResponse): SuggestionGroup[] {
  const groups: SuggestionGroup[] = []
  const add = (kind: SuggestionKind, options: SuggestionOption[]) => {
    if (options.length > 0) groups.push({ kind, options })
  }
  if (query.trim() === '') {
    add(
      'recent',
      response.recentSearches.map((recent, index) => ({
        id: `recent-${index}`,
        kind: 'recent' as const,
        q: recent.q,
        label: recent.q,
      })),
    )
    add(
      'trending',
      response.phraseSuggestions.map((phrase, index) => ({
        id: `trending-${index}`,
        kind: 'trending' as const,
        q: phrase.q,
        highlighted: phrase.highlighted,
        label: phrase.q,
      })),
    )
    return groups
  }
  add(
    'phrase',
    response.phraseSuggestions.map((phrase, index) => ({
      id: `phrase-${index}`,
      kind: 'phrase' as const,
      q: phrase.q,
      highlighted: phrase.highlighted,
      label: phrase.q,
    })),
  )
  add(
    'content',
    response.contentSuggestions.map((content, index) => ({
      id: `content-${index}`,
      kind: 'content' as const,
      link: content.link,
      ticket: content.ticket,
      highlighted: content.highlightedTitle,
      label: content.title,
    })),
  )
  add(
    'product',
    response.productSuggestions.flatMap((group) => {
      const product = group.products[0]
      if (!product) return []
      return [
        {
          id: `product-${group.key}`,
          kind: 'product' as const,
          link: product.link,
          ticket: product.ticket,
          label: product.title,
          product,
        },
      ]
    }),
  )
  return groups
}

/** The `{…}` highlight markers as plain and bold runs. */
export function highlightRuns(highlighted: string): { text: string; strong: boolean }[] {
  const runs: { text: string; strong: boolean }[] = []
  const pattern = /\{([^}]*)\}/g
  let last = 0
  for (let match = pattern.exec(highlighted); match; match = pattern.exec(highlighted)) {
    if (match.index > last) runs.push({ text: highlighted.slice(last, match.index), strong: false })
    if (match[1]) runs.push({ text: match[1], strong: true })
    last = match.index + match[0].length
  }
  if (last < highlighted.length) runs.push({ text: highlighted.slice(last), strong: false })
  return runs
}

/**
 * The search field's way to the service, loaded on the shopper's first focus: autocomplete with
 * the debounce and cancellation of debounced-fetch.ts, the click notification of a chosen
 * product, category or brand, and removing a recent search (docs/product-rules.md#search `remove-recent-searches`).
 */
import type { LocaleCode, MarketAlias } from '../../shared/markets'
import type { AutocompleteResponse } from '../../shared/search-api'
import { searchQuery, sendNotification } from './client'
import { browserSearchContext } from './browser'
import { createDebouncedFetcher } from './debounced-fetch'
import { suggestionGroups } from './suggestion-groups'
import type { SuggestionGroup } from './combobox-state'

export interface AutocompleteSession {
  request(query: string): void
  notifyClick(ticket: string): void
  removeRecent(q: string): void
  dispose(): void
}

export function createAutocompleteSession(options: {
  site: { market: MarketAlias; locale: LocaleCode }
  delayMs: number
  onAnswer: (query: string, groups: SuggestionGroup[], totalHits: number) => void
}): AutocompleteSession {
  const fetcher = createDebouncedFetcher<AutocompleteResponse>({
    delayMs: options.delayMs,
    load: (query, signal) =>
      searchQuery(browserSearchContext(options.site), 'autocomplete', { q: query.trim() }, undefined, signal),
    onResult: (query, response) =>
      options.onAnswer(query, suggestionGroups(query, response), response.totalHits),
    // a failing service leaves the field a plain search field (Enter still searches)
    onError: () => undefined,
  })
  return {
    request: (query) => fetcher.request(query),
    notifyClick: (ticket) => void sendNotification(browserSearchContext(options.site), 'click', { ticket }),
    removeRecent: (q) =>
      void sendNotification(browserSearchContext(options.site), 'remove-recent-searches', { phrases: [q] }),
    dispose: () => fetcher.cancel(),
  }
}

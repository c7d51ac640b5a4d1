/**
 * The search service as the browser reaches it: same origin (BROWSER_SEARCH_URI), as this
 * browser's search session, with the touchpoint of the screen it runs on (docs/product-rules.md#search: mobile below
 * the 1024 px computer breakpoint). Also the notifications the shopper's clicks send.
 */
import type { LocaleCode, MarketAlias } from '../../shared/markets'
import { BROWSER_SEARCH_URI, type NotificationBodies, type NotificationName } from '../../shared/search-api'
import { sendNotification, type SearchContext } from './client'
import { browserSearchSession } from './session'

export function browserSearchContext(site: { market: MarketAlias; locale: LocaleCode }): SearchContext {
  const desktop = typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1024px)').matches
  return {
    baseUrl: BROWSER_SEARCH_URI,
    fetch: (input, init) => window.fetch(input, init),
    market: site.market,
    locale: site.locale,
    touchpoint: desktop ? 'desktop' : 'mobile',
    session: browserSearchSession(),
  }
}

/** Sends a notification from this browser (fire and forget: failures are swallowed). */
export function notifyFromBrowser<N extends NotificationName>(
  site: { market: MarketAlias; locale: LocaleCode },
  name: N,
  body: NotificationBodies[N],
): void {
  void sendNotification(browserSearchContext(site), name, body)
}

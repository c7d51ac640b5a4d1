/**
 * The browser's Apollo client: talks to the same-origin BFF. It starts empty: the server page's
 * data reaches the browser once, as the router's hydration data (docs/adr/0016-lean-render.md).
 * Queries go as GETs by persisted-query hash, so reads can be kept offline (ADR 0037).
 */
import { BROWSER_GRAPHQL_URI } from '../shared/storefront-api'
import { createApolloClient } from './apollo'
import { createPersistedQueryLinks } from './persisted-queries'
import type { LocaleCode, MarketAlias } from '../shared/markets'

export function createBrowserApollo(scope: { market: MarketAlias; locale: LocaleCode }) {
  return createApolloClient({
    uri: BROWSER_GRAPHQL_URI,
    ssrMode: false,
    getScope: () => scope,
    transportLinks: createPersistedQueryLinks(),
  })
}

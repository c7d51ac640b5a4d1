/**
 * The browser's Apollo client: talks to the same-origin BFF. It starts empty: the server page's
 * data reaches the browser once, as the router's hydration data (docs/adr/0015-lean-render.md).
 */
import { BROWSER_GRAPHQL_URI, createApolloClient } from './apollo'
import type { LocaleCode, MarketAlias } from '../lib/markets'

export function createBrowserApollo(scope: { market: MarketAlias; locale: LocaleCode }) {
  return createApolloClient({
    uri: BROWSER_GRAPHQL_URI,
    ssrMode: false,
    getScope: () => scope,
  })
}

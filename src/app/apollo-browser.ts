/**
 * The browser's Apollo client: talks to the same-origin BFF and starts from the cache the server
 * wrote into the page, so the first navigation reuses what SSR already fetched.
 */
import type { NormalizedCacheObject } from '@apollo/client'
import { BROWSER_GRAPHQL_URI } from '../shared/storefront-api'
import { createApolloClient } from './apollo'
import type { LocaleCode, MarketAlias } from '../shared/markets'

export function createBrowserApollo(scope: { market: MarketAlias; locale: LocaleCode }, restore: unknown) {
  return createApolloClient({
    uri: BROWSER_GRAPHQL_URI,
    ssrMode: false,
    getScope: () => scope,
    restore: restore as NormalizedCacheObject,
  })
}

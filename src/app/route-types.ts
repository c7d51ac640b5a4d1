/**
 * The contract between the router glue (src/app/router.tsx) and the page modules in src/routes.
 * A page module exports an optional `loader` (critical data, awaited before the HTML streams),
 * an optional `meta` (title and description in the page's language) and its `Component`.
 */
import type { ComponentType } from 'react'
import type { Params } from 'react-router'
import type { IntlShape } from 'react-intl'
import type { ApolloClient } from '@apollo/client'
import type { LocaleCode, MarketAlias } from '../shared/markets'
import type { LayoutName, RouteName } from '../shared/paths'
import type { AppStore } from './store'
import type { SearchTransport } from '../features/search/client'

/** What every page route carries in its react-router `handle`. */
export interface RouteHandle {
  name: RouteName
  layout: LayoutName
  /** Source path of the page module, for preloading its chunk. */
  module: string
}

export interface PageLoaderArgs {
  request: Request
  params: Params
  apollo: ApolloClient
  store: AppStore
  market: MarketAlias
  locale: LocaleCode
  /** the absolute URL of the home page of this market and language (where the login opens) */
  homePath: string
  /** how this side reaches the search service (same origin in the browser, service fetch on the server) */
  search: SearchTransport
}

export type PageLoader<T> = (args: PageLoaderArgs) => Promise<T>

export interface PageMetaArgs<T> {
  data: T
  intl: IntlShape
  market: MarketAlias
  locale: LocaleCode
  params: Params
}

export interface PageMetaResult {
  title: string
  description?: string
  noindex?: boolean
  /**
   * The page's path without the market/language prefix (`/p/svart-klanning-12`) in each language
   * it exists in, for pages whose path differs per language. The head's canonical is the path in
   * the page's own language, and hreflang links go only to the languages listed here. Without
   * it, the current path is used in every language.
   */
  alternates?: Partial<Record<LocaleCode, string>>
}

export type PageMeta<T> = (args: PageMetaArgs<T>) => PageMetaResult

export interface RouteModule<T = unknown> {
  loader?: PageLoader<T>
  meta?: PageMeta<T>
  Component: ComponentType
}

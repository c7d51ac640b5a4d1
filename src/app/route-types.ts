/**
 * The contract between the router glue (src/app/router.tsx) and the page modules in src/routes.
 * A page module exports an optional `loader` (critical data, awaited before the HTML streams),
 * an optional `meta` (title and description in the page's language) and its `Component`.
 */
import type { ComponentType } from 'react'
import type { Params } from 'react-router'
import type { IntlShape } from 'react-intl'
import type { ApolloClient } from '@apollo/client'
import type { LocaleCode, MarketAlias } from '../lib/markets'
import type { AppStore } from './store'

export interface PageLoaderArgs {
  request: Request
  params: Params
  apollo: ApolloClient
  store: AppStore
  market: MarketAlias
  locale: LocaleCode
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
}

export type PageMeta<T> = (args: PageMetaArgs<T>) => PageMetaResult

export interface RouteModule<T = unknown> {
  loader?: PageLoader<T>
  meta?: PageMeta<T>
  Component: ComponentType
}

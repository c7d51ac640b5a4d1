/**
 * Test helper (imported by tests only): renders routes inside the app's real providers for a
 * market and language, on a memory router at a full path, the way the page boots in a browser.
 */
import { render } from '@testing-library/react'
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { App } from '../app/App'
import type { GetApollo } from '../app/apollo-access'
import { makeStore, type AppStore } from '../app/store'
import type { Site } from '../app/site'
import { channelInitialised } from '../features/channel/slice'
import { basenameFor, type UrlSettings } from '../shared/paths'
import type { LocaleCode, MarketAlias } from '../shared/markets'
import fi from '../../locales/fi.json'
import sv from '../../locales/sv.json'
import nb from '../../locales/nb.json'
import da from '../../locales/da.json'

export const TEST_MESSAGES: Record<LocaleCode, Record<string, string>> = { fi, sv, nb, da }
export const PATH_SETTINGS: UrlSettings = { mode: 'path', marketDomains: {} }

export interface ShopRenderOptions {
  market?: MarketAlias
  locale?: LocaleCode
  /** the page's full path, basename included */
  path?: string
  settings?: UrlSettings
  store?: AppStore
  /** the page's Apollo access; by default a client whose every request finds nothing */
  getApollo?: GetApollo
}

export function shopSite(market: MarketAlias, locale: LocaleCode, settings = PATH_SETTINGS): Site {
  return {
    market,
    locale,
    basename: basenameFor(market, locale, settings),
    urlSettings: settings,
    publicUrl: 'https://shop.test',
  }
}

export function renderRoutes(routes: RouteObject[], options: ShopRenderOptions = {}) {
  const { market = 'fi', locale = 'fi', settings = PATH_SETTINGS } = options
  const site = shopSite(market, locale, settings)
  const store = options.store ?? makeStore()
  store.dispatch(channelInitialised({ market, checkoutMarket: market, locale, urlMode: settings.mode }))
  const apollo = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() })
  const getApollo = options.getApollo ?? (() => Promise.resolve(apollo))
  const path = options.path ?? (site.basename === '/' ? '/' : `${site.basename}/`)
  const router = createMemoryRouter(routes, { initialEntries: [path], basename: site.basename })
  const view = render(
    <App store={store} getApollo={getApollo} site={site} messages={TEST_MESSAGES[locale]}>
      <RouterProvider router={router} />
    </App>,
  )
  return { ...view, router, store, site }
}

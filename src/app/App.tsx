/**
 * The providers every page renders inside, the same on the server and in the browser so that
 * hydration sees the same tree.
 */
import type { ReactNode } from 'react'
import { Provider as ReduxProvider } from 'react-redux'
import { RawIntlProvider, createIntl, createIntlCache, type IntlShape } from 'react-intl'
import { LOCALES, MARKETS } from '../shared/markets'
import type { AppStore } from './store'
import { SiteProvider, type Site } from './site'
import type { CompiledMessages, Messages } from './i18n'
import { ApolloAccessProvider, type GetApollo } from './apollo-access'

export interface AppProps {
  store: AppStore
  getApollo: GetApollo
  site: Site
  messages: Messages | CompiledMessages
  children: ReactNode
}

// One formatter cache for every page this process renders (the compiled messages of a language
// are one object): a page reuses the message and number formatters the pages before it built,
// instead of building its own (an IntlProvider's cache lives as long as the provider).
const formatterCache = createIntlCache()
const intls = new WeakMap<object, Map<string, IntlShape>>()

function intlFor(messages: Messages | CompiledMessages, locale: string, timeZone: string): IntlShape {
  let byLocale = intls.get(messages)
  if (!byLocale) {
    byLocale = new Map()
    intls.set(messages, byLocale)
  }
  const key = `${locale}|${timeZone}`
  let intl = byLocale.get(key)
  if (!intl) {
    intl = createIntl({ locale, defaultLocale: 'fi-FI', messages, timeZone }, formatterCache)
    byLocale.set(key, intl)
  }
  return intl
}

/**
 * The page's intl object, built once per messages, language and time zone. The browser builds it
 * in a task of its own before hydrating: the first number format of a page initialises the
 * browser's ICU data, a long task on a slow phone.
 */
export function intlForSite(
  messages: Messages | CompiledMessages,
  site: Pick<Site, 'locale' | 'market'>,
): IntlShape {
  return intlFor(messages, LOCALES[site.locale].iso, MARKETS[site.market].timeZone)
}

export function App({ store, getApollo, site, messages, children }: AppProps) {
  const intl = intlForSite(messages, site)
  return (
    <ReduxProvider store={store}>
      <ApolloAccessProvider getApollo={getApollo}>
        <RawIntlProvider value={intl}>
          <SiteProvider site={site}>{children}</SiteProvider>
        </RawIntlProvider>
      </ApolloAccessProvider>
    </ReduxProvider>
  )
}

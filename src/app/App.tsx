/**
 * The providers every page renders inside, the same on the server and in the browser so that
 * hydration sees the same tree.
 */
import type { ReactNode } from 'react'
import { Provider as ReduxProvider } from 'react-redux'
import { ApolloProvider } from '@apollo/client/react'
import type { ApolloClient } from '@apollo/client'
import { IntlProvider } from 'react-intl'
import { LOCALES, MARKETS } from '../lib/markets'
import type { AppStore } from './store'
import { SiteProvider, type Site } from './site'

export interface AppProps {
  store: AppStore
  apollo: ApolloClient
  site: Site
  messages: Record<string, string>
  children: ReactNode
}

export function App({ store, apollo, site, messages, children }: AppProps) {
  return (
    <ReduxProvider store={store}>
      <ApolloProvider client={apollo}>
        <IntlProvider locale={LOCALES[site.locale].iso} defaultLocale="fi-FI" messages={messages} timeZone={MARKETS[site.market].timeZone}>
          <SiteProvider site={site}>{children}</SiteProvider>
        </IntlProvider>
      </ApolloProvider>
    </ReduxProvider>
  )
}

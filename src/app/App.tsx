/**
 * The providers every page renders inside, the same on the server and in the browser so that
 * hydration sees the same tree.
 */
import type { ReactNode } from 'react'
import { Provider as ReduxProvider } from 'react-redux'
import { IntlProvider } from 'react-intl'
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

export function App({ store, getApollo, site, messages, children }: AppProps) {
  return (
    <ReduxProvider store={store}>
      <ApolloAccessProvider getApollo={getApollo}>
        <IntlProvider
          locale={LOCALES[site.locale].iso}
          defaultLocale="fi-FI"
          messages={messages}
          timeZone={MARKETS[site.market].timeZone}
        >
          <SiteProvider site={site}>{children}</SiteProvider>
        </IntlProvider>
      </ApolloAccessProvider>
    </ReduxProvider>
  )
}

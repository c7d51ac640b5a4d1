/**
 * Test helper: renders a component inside the app's Redux store and react-intl (Finnish messages
 * when locales/fi.json exists), like the real providers. Returns the store so a test can
 * dispatch and inspect state.
 */
import type { ReactElement, ReactNode } from 'react'
import { Provider } from 'react-redux'
import { IntlProvider } from 'react-intl'
import { render, type RenderOptions, type RenderResult } from '@testing-library/react'
import { makeStore, type AppStore, type PreloadedRootState } from '../app/store'

// a glob rather than an import, so the helper still works before the Finnish messages exist
const finnish = import.meta.glob<Record<string, string>>('../../locales/fi.json', {
  eager: true,
  import: 'default',
})
export const FINNISH_MESSAGES: Record<string, string> = Object.values(finnish)[0] ?? {}

export interface ProviderOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: PreloadedRootState
  store?: AppStore
  /** BCP 47 locale for react-intl; fi-FI by default */
  locale?: string
  messages?: Record<string, string>
}

export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    store,
    locale = 'fi-FI',
    messages = FINNISH_MESSAGES,
    ...renderOptions
  }: ProviderOptions = {},
): RenderResult & { store: AppStore } {
  const appStore = store ?? makeStore(preloadedState, { devTools: false })
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={appStore}>
        <IntlProvider
          locale={locale}
          defaultLocale="fi-FI"
          messages={messages}
          onError={(error) => {
            // components pass defaultMessage for keys a language may still lack; anything else is a real failure
            if (error.code !== 'MISSING_TRANSLATION') throw error
          }}
        >
          {children}
        </IntlProvider>
      </Provider>
    )
  }
  return { store: appStore, ...render(ui, { wrapper: Wrapper, ...renderOptions }) }
}

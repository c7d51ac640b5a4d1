/**
 * The browser half: restores the store and the Apollo cache from the state the server wrote,
 * loads the current page's module before hydrating (so the first render matches the server's),
 * and hydrates.
 */
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from 'react-router'
import { makeStore } from './app/store'
import { once } from './app/apollo-access'
import { createRoutes, type RouteDeps } from './app/router'
import { loadCompiledMessages } from './app/i18n'
import { App, intlForSite } from './app/App'
import { reportError } from './lib/log-error'
import { yieldToMain } from './lib/yield-to-main'
import { COOKIES, readCookie } from './shared/cookies'
import { parseConsent } from './features/consent/consent'
import { installConsentDefaults } from './features/consent/consent-mode'
import { consentRestored } from './features/consent/slice'
import type { BootState } from './entry-server'

declare global {
  interface Window {
    __LUMO__: BootState
    __staticRouterHydrationData?: HydrationState
  }
}

/**
 * Start-up runs as a few tasks, not one: the bundle's evaluation, the store, the routes, the intl
 * object and the hydration each end with a yield to the browser (yieldToMain), so a tap or a paint
 * waits for one short task at most (Lighthouse's total blocking time, docs/quality-bars.md#page-speed).
 */
async function boot() {
  // the module's evaluation ends here
  await yieldToMain()
  const { site, redux } = window.__LUMO__
  // Consent Mode's defaults (all optional storage denied) are the data layer's first entry,
  // before any event; the stored choice follows as an update (ADR 0035)
  const storedConsent = parseConsent(readCookie(COOKIES.consent))
  installConsentDefaults(window, storedConsent)
  // Redux DevTools: in development, and in production when the server enabled the QA console
  const store = makeStore(redux as Parameters<typeof makeStore>[0], {
    devTools: import.meta.env.DEV || site.qaConsole === true,
  })
  store.dispatch(consentRestored(storedConsent))
  await yieldToMain()
  // The page's messages are a chunk of their own, modulepreloaded by the page's head.
  const messagesLoaded = loadCompiledMessages(site.locale)
  // Apollo is loaded after hydration (see app/apollo-access.tsx); the page's data came with the
  // router's hydration data, so its cache starts empty.
  const getApollo = once(async () => {
    const { createBrowserApollo } = await import('./app/apollo-browser')
    return createBrowserApollo({ market: site.market, locale: site.locale })
  })
  // the page's one set of dependencies, for every navigation of its life
  const deps: RouteDeps = { getApollo, store, site, isServer: false }
  const routes = createRoutes(site.locale, () => deps)

  // Resolve the lazy page modules of the current URL first; otherwise the router would render
  // nothing while it loads them and the markup would not match the server's.
  const matches = matchRoutes(routes, window.location, site.basename) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const resolved = await route.lazy()
      Object.assign(route, resolved, { lazy: undefined })
    }),
  )

  const messages = await messagesLoaded
  await yieldToMain()
  intlForSite(messages, site)
  await yieldToMain()
  const router = createBrowserRouter(routes, {
    basename: site.basename,
    hydrationData: window.__staticRouterHydrationData,
  })
  // Hydrating inside a transition lets React yield to the browser every few milliseconds instead
  // of one long task for the whole page (Lighthouse's total blocking time); the server markup
  // stays visible and clickable meanwhile.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <App store={store} getApollo={getApollo} site={site} messages={messages}>
        <RouterProvider router={router} />
      </App>,
      {
        onRecoverableError(error, info) {
          console.error('Recoverable React error', error, info.componentStack)
          reportError('recoverable', error, { info: info.componentStack ?? undefined })
        },
        onUncaughtError(error, info) {
          console.error('Uncaught React error', error)
          reportError('uncaught', error, { info: info.componentStack ?? undefined })
        },
      },
    )
  })
}

window.addEventListener('error', (event) => reportError('window', event.error ?? event.message))
window.addEventListener('unhandledrejection', (event) => reportError('unhandledrejection', event.reason))

/**
 * Fetch the Apollo chunk at the shopper's first sign of intent (pointing at, touching or focusing
 * something), so the first client-side navigation rarely waits for it, while a page that is only
 * read never downloads it (docs/quality-bars.md#first-load-javascript).
 */
function prefetchApolloOnIntent() {
  const events = ['pointerover', 'touchstart', 'focusin', 'keydown'] as const
  const prefetch = () => {
    for (const type of events) window.removeEventListener(type, prefetch, true)
    void import('./app/apollo-browser')
  }
  for (const type of events) window.addEventListener(type, prefetch, { capture: true, passive: true })
}

void boot().then(prefetchApolloOnIntent)

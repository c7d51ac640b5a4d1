/**
 * The server half of the app: resolves the URL (canonicalising redirects), builds the request's
 * store and Apollo client, runs the route loaders, and hands back a render function plus the
 * head and the state the client boots from (docs/quality-bars.md#rendering).
 */
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { createStaticRouter, StaticRouterProvider } from 'react-router'
import { createIntl } from 'react-intl'
import { LOCALES } from './shared/markets'
import { resolveUrl, routeByName } from './shared/paths'
import { serializeForScriptExpression } from './lib/serialize'
import { makeStore } from './app/store'
import { createServerApolloClient } from './app/apollo-shared-documents'
import { createInProcessLink } from './app/apollo-in-process'
import { initServerState } from './app/server-state'
import { cacheTagsOf, createFetchedDataLink, emptyFetchedData } from './app/cache-tags'
import { loadRouteModule, pageHandle, routeContext, type RouteDeps } from './app/router'
import { loadAfter, staticHandlerFor } from './app/server-router'
import { loadCompiledMessages, messagesAssetUrl, messagesModuleId } from './app/i18n'
import { buildHead, renderHeadTags } from './app/head'
import { App } from './app/App'
import { errorTitleId } from './app/ErrorPage'
import type { Site } from './app/site'
import type { PageMetaResult } from './app/route-types'
import type { PrepareContext, Prepared } from './shared/server-entry'
import { BROWSER_SEARCH_URI } from './shared/search-api'
import { isServiceUnavailable, SERVICE_UNAVAILABLE_STATUS } from './shared/service-unavailable'

/**
 * What the client boots from, inline in the page. Page data is in the router's hydration data
 * (`__staticRouterHydrationData`, the loaders' results) and only there: the Apollo cache that
 * fetched it is not serialised, and the messages are a cacheable chunk of their own
 * (docs/adr/0016-lean-render.md).
 */
export interface BootState {
  site: Site
  redux: unknown
}

function statusOf(error: unknown): number {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number')
    return error.status
  // the page's own data did not come in time: temporarily unavailable, not a server error
  if (isServiceUnavailable(error)) return SERVICE_UNAVAILABLE_STATUS
  return 500
}

/** A redirect within this site as a path: the host a request came in on may be an internal one. */
function localLocation(response: Response, url: URL): string {
  const location = new URL(response.headers.get('location') ?? '/', url)
  return location.origin === url.origin
    ? `${location.pathname}${location.search}${location.hash}`
    : location.href
}

export async function prepare(request: Request, context: PrepareContext): Promise<Prepared> {
  const url = new URL(request.url)
  const resolution = resolveUrl(url, {
    settings: context.urlSettings,
    cookies: {
      selectedMarket: context.cookies['lumo-selected-market'],
      locale: context.cookies['lumo-locale'],
    },
  })
  if (resolution.kind === 'redirect')
    return { kind: 'redirect', status: resolution.status, location: resolution.location }

  const { market, locale, basename } = resolution
  const site: Site = {
    market,
    locale,
    basename,
    urlSettings: context.urlSettings,
    publicUrl: context.publicUrl,
    tagManager: context.tagManager ?? null,
    ...(context.qaConsole ? { qaConsole: true } : {}),
  }
  const store = makeStore()
  // the page cache's tags come from what the render fetched; the page itself does not carry it
  const fetched = emptyFetchedData()
  const apollo = createServerApolloClient({
    uri: context.apiUri,
    fetch: context.fetch,
    headers: context.apiHeaders,
    getScope: () => ({ market, locale }),
    terminatingLink: context.executeGraphql ? createInProcessLink(context.executeGraphql) : undefined,
    transportLinks: [createFetchedDataLink(fetched)],
  })
  const getApollo = () => Promise.resolve(apollo)
  const search = {
    baseUrl: context.searchUri ?? new URL(BROWSER_SEARCH_URI, context.publicUrl).href,
    fetch: context.fetch,
  }
  const deps: RouteDeps = { getApollo, store, site, isServer: true, search }

  // The shopper's state goes into the store before any loader runs (middlewares read it), and
  // needs the page's name: the handler's own match gives it, so the URL is matched once.
  let serverState: Promise<void> | undefined
  const initState = (routeName: string) =>
    (serverState ??= initServerState(store, {
      apollo,
      cookies: context.cookies,
      host: context.host,
      routeName,
      userAgent: context.userAgent,
      market,
      locale,
      path: url.pathname,
      urlMode: context.urlSettings.mode,
      sharedPage: context.sharedPage === true,
      session: context.session ?? null,
    }))

  const handler = staticHandlerFor(locale, basename)
  const routerContext = await handler.query(request, {
    requestContext: routeContext(deps),
    dataStrategy: loadAfter((matches) => initState(pageHandle(matches)?.name ?? 'not-found')),
  })
  // the router answers a method it does not serve without running the data strategy
  await initState(
    pageHandle(routerContext instanceof Response ? [] : routerContext.matches)?.name ?? 'not-found',
  )
  if (routerContext instanceof Response) {
    return { kind: 'redirect', status: routerContext.status, location: localLocation(routerContext, url) }
  }

  const messages = await loadCompiledMessages(locale)
  const intl = createIntl({ locale: LOCALES[locale].iso, messages })
  const errors = routerContext.errors ? Object.values(routerContext.errors) : []
  const status = errors.length > 0 ? statusOf(errors[0]) : routerContext.statusCode
  const matchedHandle = pageHandle(routerContext.matches)

  let meta: PageMetaResult
  if (errors.length > 0 || !matchedHandle) {
    meta = {
      title: intl.formatMessage({ id: errorTitleId(status, errors[0]) }),
      noindex: true,
    }
  } else {
    const module = await loadRouteModule(matchedHandle.name)
    const deepest = routerContext.matches[routerContext.matches.length - 1]
    const data = deepest ? routerContext.loaderData[deepest.route.id] : undefined
    meta = module.meta
      ? module.meta({ data, intl, market, locale, params: deepest?.params ?? {} })
      : { title: intl.formatMessage({ id: 'site.title' }) }
  }

  const head = buildHead({
    routeName: matchedHandle?.name ?? 'not-found',
    meta,
    market,
    locale,
    pathname: url.pathname,
    search: url.search,
    settings: context.urlSettings,
    publicUrl: context.publicUrl,
  })

  const router = createStaticRouter(handler.dataRoutes, routerContext)
  const boot: BootState = { site, redux: store.getState() }
  const element = (
    <App store={store} getApollo={getApollo} site={site} messages={messages}>
      <StaticRouterProvider router={router} context={routerContext} nonce={context.nonce} />
    </App>
  )

  return {
    kind: 'page',
    status,
    headHtml: renderHeadTags(head),
    lang: head.lang,
    bootJson: serializeForScriptExpression(boot),
    routeModule: matchedHandle?.module,
    messagesModule: messagesModuleId(locale),
    messagesUrl: (await messagesAssetUrl(locale)) ?? undefined,
    errors,
    // Only public shop pages may be kept for offline reading: never checkout or account pages.
    offlineCacheable:
      status === 200 &&
      // a QA page is for that QA person only
      !context.qaConsole &&
      matchedHandle?.layout === 'default' &&
      !routeByName(matchedHandle.name).middleware.includes('login-required'),
    cacheTags: cacheTagsOf(fetched, { routeName: matchedHandle?.name ?? 'not-found', status }),
    render: (options: RenderToPipeableStreamOptions) => renderToPipeableStream(element, options),
  }
}

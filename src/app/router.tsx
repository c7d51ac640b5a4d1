/**
 * Turns the route table (src/shared/paths.ts) into react-router route objects for one language.
 * Every page route's loader runs the route's middlewares first (docs/product-rules.md#markets-and-urls), then the page module's
 * own loader; the page module itself is loaded lazily, so each page is its own chunk.
 *
 * The route objects hold no request's state: a loader asks `depsOf` for the store, the Apollo
 * client and the site of the request it serves. The browser has one set for the page's life; the
 * server builds the table once per language and passes each request's set as the static handler's
 * request context (docs/adr/0046-route-table-once.md).
 */
import {
  Outlet,
  redirectDocument,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router'
import { ROUTES, pathFor, type LayoutName, type RouteDefinition, type RouteName } from '../shared/paths'
import type { LocaleCode } from '../shared/markets'
import type { RouteHandle, RouteModule } from './route-types'
import type { AppStore } from './store'
import type { Site } from './site'
import type { GetApollo } from './apollo-access'
import { BROWSER_SEARCH_URI } from '../shared/search-api'
import type { SearchTransport } from '../features/search/client'
import { runMiddlewares } from './middlewares'
import { loadingFailed } from '../features/loading/slice'
import { isNetworkFailure } from '../features/offline/connectivity'
import { DefaultLayout } from './layouts/DefaultLayout'
import { UndistractedLayout } from './layouts/UndistractedLayout'
import { UndistractedSpecialLayout } from './layouts/UndistractedSpecialLayout'
import { ErrorLayout } from './layouts/ErrorLayout'
import { RootShell } from './RootShell'

export interface RouteDeps {
  getApollo: GetApollo
  store: AppStore
  site: Site
  isServer: boolean
  /** the search service; the browser's same-origin endpoint when left out */
  search?: SearchTransport
}

/** The dependencies of the request a loader serves. */
export type DepsOf = (args: LoaderFunctionArgs) => RouteDeps

const DEPS_KEY = 'lumoRouteDeps'

/** A request's dependencies as the static handler's request context (`query(request, { requestContext })`). */
export function routeContext(deps: RouteDeps): AppLoadContext {
  return { [DEPS_KEY]: deps }
}

/** The server's `depsOf`: the request context that `routeContext` made. */
export function depsFromContext({ context }: LoaderFunctionArgs): RouteDeps {
  const deps = context[DEPS_KEY]
  // a shared route table has no deps of its own to fall back on
  if (!deps) throw new Error('the route loaders ran without the request context of routeContext()')
  return deps as RouteDeps
}

const pageModules = import.meta.glob<RouteModule>(['../routes/*.tsx', '!../routes/*.test.tsx'])

export function routeModulePath(name: RouteName): string {
  return `src/routes/${name}.tsx`
}

const loadedModules = new Map<RouteName, Promise<RouteModule>>()

/**
 * A page module, imported once per process or page: every `import()` still costs a resolution
 * (off-thread under the server's TypeScript loader), which added up to a tenth of each render.
 */
export function loadRouteModule(name: RouteName): Promise<RouteModule> {
  let module = loadedModules.get(name)
  if (!module) {
    const load = pageModules[`../routes/${name}.tsx`]
    if (!load)
      return Promise.reject(
        new Error(`No page module for route "${name}" (expected ${routeModulePath(name)})`),
      )
    module = load()
    // A failed chunk load (e.g. offline) must be retried next time, not remembered.
    module.catch(() => loadedModules.delete(name))
    loadedModules.set(name, module)
  }
  return module
}

function notFound(): Response {
  return new Response('Not Found', { status: 404, statusText: 'Not Found' })
}

function pathsOf(definition: RouteDefinition, locale: LocaleCode): string[] {
  const all = [definition.path, ...(definition.aliases ?? [])]
  return all.map((path) => (typeof path === 'string' ? path : path[locale]))
}

const browserSearch: SearchTransport = {
  baseUrl: BROWSER_SEARCH_URI,
  fetch: (input, init) => fetch(input, init),
}

function pageRoutes(definition: RouteDefinition, locale: LocaleCode, depsOf: DepsOf): RouteObject[] {
  const handle: RouteHandle = {
    name: definition.name,
    layout: definition.layout,
    module: routeModulePath(definition.name),
  }
  const loader = async (args: LoaderFunctionArgs) => {
    const deps = depsOf(args)
    if (deps.isServer) return loadPage(args, deps)
    try {
      return await loadPage(args, deps)
    } catch (error) {
      // a redirect or a not-found page is an answer; anything else failed to load (docs/product-rules.md#markets-and-urls)
      if (!(error instanceof Response) || error.status >= 500) deps.store.dispatch(loadingFailed())
      throw error
    }
  }
  const loadPage = async ({ request, params }: LoaderFunctionArgs, deps: RouteDeps) => {
    const { getApollo, store, site, isServer } = deps
    if (definition.validate && !definition.validate(params)) throw notFound()
    // An absolute URL: react-router would resolve a bare path against the basename and drop
    // the home page's trailing slash, which costs the shopper a second redirect.
    const homePath = new URL(
      pathFor({ market: site.market, locale: site.locale, settings: site.urlSettings }, 'home'),
      request.url,
    ).href
    await runMiddlewares(definition.middleware, {
      request,
      params,
      routeName: definition.name,
      store,
      homePath,
      isServer,
    })
    // The not-found page is a real 404, whichever way it was reached.
    if (definition.name === 'not-found') throw notFound()
    try {
      const module = await loadRouteModule(definition.name)
      if (!module.loader) return null
      const apollo = await getApollo()
      return await module.loader({
        request,
        params,
        apollo,
        store,
        market: site.market,
        locale: site.locale,
        homePath,
        search: deps.search ?? browserSearch,
      })
    } catch (error) {
      // Offline and the worker holds no read for this page: load it as a document instead, which
      // the worker answers with its copy of a visited page, or the offline page (ADR 0037).
      if (!isServer && isNetworkFailure(error)) throw redirectDocument(request.url)
      throw error
    }
  }
  const lazy = async () => ({ Component: (await loadRouteModule(definition.name)).Component })
  return pathsOf(definition, locale).map((path, index) => ({
    id: index === 0 ? definition.name : `${definition.name}#${index}`,
    path,
    handle,
    loader,
    lazy,
  }))
}

const LAYOUTS: Record<LayoutName, () => React.JSX.Element> = {
  default: DefaultLayout,
  undistracted: UndistractedLayout,
  'undistracted-special': UndistractedSpecialLayout,
}

/** The route objects of one language; `depsOf` finds the request's store, client and site. */
export function createRoutes(locale: LocaleCode, depsOf: DepsOf): RouteObject[] {
  const layoutRoutes = (Object.keys(LAYOUTS) as LayoutName[]).map((layout) => {
    const Layout = LAYOUTS[layout]
    return {
      id: `layout:${layout}`,
      element: <Layout />,
      children: ROUTES.filter((definition) => definition.layout === layout).flatMap((definition) =>
        pageRoutes(definition, locale, depsOf),
      ),
    } satisfies RouteObject
  })
  return [
    {
      id: 'root',
      element: (
        <RootShell>
          <Outlet />
        </RootShell>
      ),
      errorElement: (
        <RootShell>
          <ErrorLayout />
        </RootShell>
      ),
      children: layoutRoutes,
    },
  ]
}

/** The handle of the deepest matched page route, if any. */
export function pageHandle(matches: { route: { handle?: unknown } }[]): RouteHandle | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.route.handle as RouteHandle | undefined
    if (handle?.name) return handle
  }
  return undefined
}

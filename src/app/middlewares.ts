/**
 * The four named route middlewares of docs/product-rules.md#markets-and-urls, run as the first step of every page loader (on
 * the server and on client navigations). A middleware stops the page by throwing a react-router
 * Response (redirect or 404); an unknown name is a programming error answered with a 500.
 */
import { redirect, type Params } from 'react-router'
import type { RouteName } from '../shared/paths'
import type { AppStore, RootState } from './store'
import { routeChanged } from './global-slice'
import { pageImpression } from '../features/events/slice'
import { loadingStarted } from '../features/loading/slice'
import { listPageEntered, selectionFromSearchParams } from '../features/list/slice'
import { loginDialogSearch } from '../lib/login-dialog'
import { membersOnlyResponse } from '../features/loyalty/members-only'

export interface MiddlewareContext {
  request: Request
  params: Params
  routeName: RouteName
  store: AppStore
  /** the home page of the current market and language, e.g. /fi/ */
  homePath: string
  isServer: boolean
  /** the route's static meta, recorded with the page impression */
  meta?: Record<string, string | number | boolean | null>
}

type Middleware = (ctx: MiddlewareContext, url: URL) => void | Promise<void>

export class UnknownMiddlewareError extends Error {
  readonly status = 500
  override name = 'UnknownMiddlewareError'
  constructor(middlewareName: string) {
    super(`Unknown middleware ${middlewareName}`)
  }
}

/**
 * A member is a logged-in customer who joined the loyalty programme (docs/product-rules.md#markets-and-urls), as the verified
 * token says (its member id): the loyalty state restored from a cookie the browser can write
 * shows the membership, it never opens a members-only page.
 */
export function visitorIsMember(state: RootState): boolean {
  return state.auth.user?.isMember === true
}

function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key)
    query[key] = values.length === 1 ? (values[0] ?? '') : values
  }
  return query
}

/** docs/product-rules.md#markets-and-urls: to the home page with action=login and returnTo set to the encoded original path. */
export function loginRedirect(homePath: string, url: URL): Response {
  return redirect(`${homePath}${loginDialogSearch(url.pathname + url.search)}`, 302)
}

const MIDDLEWARES: Record<string, Middleware> = {
  'check-is-member': ({ store }) => {
    // the not-found status of docs/product-rules.md#markets-and-urls, shown as what membership gives (features/loyalty/members-only)
    if (!visitorIsMember(store.getState())) throw membersOnlyResponse()
  },

  'login-required': ({ store, homePath }, url) => {
    if (store.getState().auth.user !== null || url.searchParams.get('loginToken')) return
    throw loginRedirect(homePath, url)
  },

  default: ({ store, routeName, params, isServer, meta }, url) => {
    store.dispatch(routeChanged({ routeName, path: url.pathname }))
    store.dispatch(
      pageImpression({
        routeName,
        meta: meta ?? {},
        path: url.pathname,
        hash: url.hash,
        query: queryObject(url.searchParams),
        params: { ...params },
        fullPath: url.pathname + url.search + url.hash,
      }),
    )
    // the bar belongs to navigations in the browser; the first page arrives rendered
    if (!isServer) store.dispatch(loadingStarted())
  },

  'list-page-routing': ({ store }, url) => {
    // entering saves the selection of the list being left (list slice) and takes this URL's selection
    store.dispatch(
      listPageEntered({ path: url.pathname, selection: selectionFromSearchParams(url.searchParams) }),
    )
  },
}

export async function runMiddlewares(names: readonly string[], ctx: MiddlewareContext): Promise<void> {
  const url = new URL(ctx.request.url)
  for (const name of names) {
    const middleware = Object.hasOwn(MIDDLEWARES, name) ? MIDDLEWARES[name] : undefined
    if (!middleware) throw new UnknownMiddlewareError(name)
    await middleware(ctx, url)
  }
}

/**
 * The server's route table: one static handler per language and basename for the life of the
 * process. Building the route objects, converting them to data routes and ranking every branch
 * was a few per cent of each render (docs/adr/0046-route-table-once.md). The table holds no
 * request's state: loaders read the request's store, Apollo client and site from the request
 * context (`query(request, { requestContext: routeContext(deps) })`).
 * Only the server entry imports this module.
 */
import { createStaticHandler, type DataStrategyFunction, type StaticHandler } from 'react-router'
import type { LocaleCode } from '../shared/markets'
import { createRoutes, depsFromContext } from './router'

// The basenames come from the market and language table, so the map stays small.
const handlers = new Map<string, StaticHandler>()

export function staticHandlerFor(locale: LocaleCode, basename: string): StaticHandler {
  const key = `${locale} ${basename}`
  let handler = handlers.get(key)
  if (!handler) {
    handler = createStaticHandler(createRoutes(locale, depsFromContext), { basename })
    handlers.set(key, handler)
  }
  return handler
}

/**
 * A data strategy that runs `before` with the matched routes, then loads them as react-router's
 * default does (every match that should load, in parallel): the request's state can be set up
 * for the matched page without matching the URL a second time.
 */
export function loadAfter(
  before: (matches: Parameters<DataStrategyFunction>[0]['matches']) => Promise<void>,
): DataStrategyFunction {
  return async ({ matches }) => {
    await before(matches)
    const toLoad = matches.filter((match) => match.shouldLoad)
    const results = await Promise.all(toLoad.map((match) => match.resolve()))
    return Object.fromEntries(results.map((result, index) => [toLoad[index]!.route.id, result]))
  }
}
